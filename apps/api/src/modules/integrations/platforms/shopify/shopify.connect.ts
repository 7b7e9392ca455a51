import type { z } from 'zod';
import type { shopifyTokenInputSchema, StoreConnection } from '@envios/contracts/integrations';
import type { Caller } from '../../../../plugins/auth.js';
import { establishConnection } from '../../integrations.connect.js';
import { integrationErrors } from '../../integrations.errors.js';
import type { Ctx } from '../../integrations.shared.js';
import { StoreApiError } from '../store-platform.js';
import { createShopifyClient } from './shopify-client.js';
import { shopOf, shopifyPlatform } from './shopify.platform.js';

/*
 * The other way in: a custom app the merchant creates in their own Shopify admin, whose Admin
 * API token and API secret key they paste here. Same API and webhooks as the OAuth install; the
 * custom app's secret signs its notices. The token is checked against the shop before it is kept.
 */

export async function pasteShopifyToken(ctx: Ctx, caller: Caller, input: z.output<typeof shopifyTokenInputSchema>): Promise<Pick<StoreConnection, '_id'>> {
  const storeUrl = shopifyPlatform.oauth!.storeFromInput(input.shop);
  if (!storeUrl) throw integrationErrors.badShop();
  const shop = shopOf(storeUrl);
  try {
    await createShopifyClient({
      shop,
      accessToken: input.access_token,
      http: ctx.outbound,
      timeoutMs: ctx.storeTimeoutMs,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    }).query('ShopInfo');
  } catch (error) {
    if (error instanceof StoreApiError && (error.kind === 'unauthorized' || error.kind === 'invalid')) throw integrationErrors.tokenRefused('Shopify');
    throw integrationErrors.storeUnreachable('unreachable');
  }
  const id = await ctx.db.transaction((tx) =>
    establishConnection(ctx, tx, {
      userId: caller.id,
      platform: 'shopify',
      storeUrl,
      appName: shop.replace(/\.myshopify\.com$/, ''),
      sandbox: false,
      token: input.access_token,
      signingSecret: input.api_secret,
      externalStoreId: null,
    }),
  );
  ctx.jobs.wake();
  return { _id: id };
}
