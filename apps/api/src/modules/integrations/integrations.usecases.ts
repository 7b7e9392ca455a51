import type { z } from 'zod';
import type {
  PlatformId,
  shopifyTokenInputSchema,
  storeRuleInputSchema,
  wooOauthInputSchema,
  wooStatusUpdateSchema,
  WooKeysCallback,
} from '@envios/contracts/integrations';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { getRule, hasWalletShort, retryWalletShort, saveRule } from './integrations.autoship.js';
import { disconnect, listStores, syncNow, updateStore } from './integrations.connect.js';
import { integrationErrors } from './integrations.errors.js';
import { createIntake, type IntakeOptions, type WebhookRequest } from './integrations.intake.js';
import { registerIntegrationJobs, type IntegrationsJobOptions } from './integrations.jobs.js';
import { getStoreOrder, listStoreOrders } from './integrations.orders.js';
import { createCtx, owns, type IntegrationsDeps } from './integrations.shared.js';
import { onGuideIssued, onTrackingState } from './integrations.writeback.js';
import type { DomainEvent, DurableSubscriber, InlineSubscriber } from '../events/events.usecases.js';
import { finishOAuth, startOAuth } from './integrations.oauth.js';
import { pasteShopifyToken } from './platforms/shopify/shopify.connect.js';
import { createShopifyDemo } from './platforms/shopify/shopify-demo.js';
import { createTiendanubeDemo } from './platforms/tiendanube/tiendanube-demo.js';
import { receiveKeys, startHandshake, storeStatus } from './platforms/woocommerce/woocommerce.connect.js';
import { createDemoStore } from './platforms/woocommerce/woocommerce-demo.js';

/*
 * Online stores: every platform of platforms/platform-list.ts behind one port (connect, orders in
 * by signed webhook and by a periodic sync, the E-Commerce tab's orders, tracking written back to
 * each order, the connection's health), and an offline demo store per platform to try it all.
 */

export type { IntegrationsDeps, LocalRequest } from './integrations.shared.js';
export type { GuideIssuedEvent, TrackingStateEvent } from './integrations.writeback.js';
export { scheduleIntegrationsTick, type IntegrationsJobOptions } from './integrations.jobs.js';
export type { IntakeOptions } from './integrations.intake.js';
export type { AutoShipPorts } from './integrations.deps.js';

export const HANDSHAKES_PER_HOUR = 10;

export function createIntegrations(deps: IntegrationsDeps, options: { jobs?: IntegrationsJobOptions; intake?: IntakeOptions } = {}) {
  const ctx = createCtx(deps);
  const demo = createDemoStore(ctx);
  ctx.demoTransports.woocommerce = demo.transportFor;
  const shopifyDemo = createShopifyDemo(ctx);
  ctx.demoTransports.shopify = shopifyDemo.transportFor;
  const tiendanubeDemo = createTiendanubeDemo(ctx);
  ctx.demoTransports.tiendanube = tiendanubeDemo.transportFor;
  /** The demo stores installed by the authorization code grant, by platform. */
  const oauthDemos = { shopify: shopifyDemo, tiendanube: tiendanubeDemo } as const;
  const intake = createIntake(ctx, options.intake);
  const revokeDemoKey = async (platform: string, userId: string, keyId: number) => {
    if (platform === demo.platform) await demo.revokeKey(userId, keyId);
  };
  registerIntegrationJobs(deps.jobs, ctx, { intake, demo, revokeDemoKey, demoSend: (payload) => shopifyDemo.send(payload) }, options.jobs);

  return {
    demoStoreUrl: ctx.demoStoreUrl,
    /** At most 10 handshakes per account an hour (each one resolves a name the seller chose). */
    async startHandshake(caller: Caller, input: z.output<typeof wooOauthInputSchema>) {
      await deps.limit(`woocommerce-oauth:${caller.id}`, { limit: HANDSHAKES_PER_HOUR, windowMs: 60 * 60_000, blockMs: 60 * 60_000 });
      return startHandshake(ctx, caller, input);
    },
    receiveKeys: (body: WooKeysCallback) => receiveKeys(ctx, body),
    status: (caller: Caller, userId: string) => storeStatus(ctx, caller, userId),
    async disconnect(userId: string, body: z.output<typeof wooStatusUpdateSchema>) {
      const live = await listStores(ctx, userId);
      const result = await disconnect(ctx, userId, body);
      for (const store of live.data) intake.forget(store._id);
      return result;
    },
    listStores: (userId: string) => listStores(ctx, userId),
    updateStore: (caller: Caller, id: string, patch: { complete_on_delivery: boolean }) => updateStore(ctx, caller, id, patch),
    syncNow: (caller: Caller, id: string) => syncNow(ctx, caller, id),
    receiveWebhook: (request: WebhookRequest) => intake.receiveWebhook(request),
    receiveAppWebhook: (request: Omit<WebhookRequest, 'connectionId'>) => intake.receiveAppWebhook(request),
    /** At most 10 installs started per account an hour, whatever the platform. */
    async startOAuth(caller: Caller, platform: PlatformId, input: { shop?: string | undefined; sandbox: boolean }) {
      await deps.limit(`store-oauth:${caller.id}`, { limit: HANDSHAKES_PER_HOUR, windowMs: 60 * 60_000, blockMs: 60 * 60_000 });
      return startOAuth(ctx, caller, platform, input);
    },
    finishOAuth: (caller: Caller, platform: PlatformId, query: Record<string, string>) => finishOAuth(ctx, caller, platform, query),
    async pasteShopifyToken(caller: Caller, input: z.output<typeof shopifyTokenInputSchema>) {
      await deps.limit(`store-oauth:${caller.id}`, { limit: HANDSHAKES_PER_HOUR, windowMs: 60 * 60_000, blockMs: 60 * 60_000 });
      return pasteShopifyToken(ctx, caller, input);
    },
    /** The store's shipping rule (own stores only; admin: any). */
    getRule: (caller: Caller, connectionId: string) => getRule(ctx, caller, connectionId),
    saveRule: (caller: Caller, connectionId: string, input: z.output<typeof storeRuleInputSchema>) => saveRule(ctx, caller, connectionId, input),
    listOrders: (userId: string, q: { filter?: string | undefined; page: number; limit: number }) => listStoreOrders(ctx, userId, q),
    getOrder: (caller: Caller, id: string) => getStoreOrder(ctx, caller, id, intake.weighSoon),

    demo: {
      view: (caller: Caller) => demo.view(caller.id),
      /** At most 30 demo orders per account a minute. */
      async placeOrder(caller: Caller, kind: 'normal' | 'unknown_postal_code') {
        await deps.limit(`demo-order:${caller.id}`, { limit: 30, windowMs: 60_000, blockMs: 60_000 });
        return demo.placeOrder(caller, kind);
      },
      authorize: (caller: Caller, input: Parameters<typeof demo.authorize>[1]) => demo.authorize(caller, input),
    },
    /** The Shopify and Tiendanube demo stores (simulated, labelled). */
    platformDemo: {
      view: (caller: Caller, platform: PlatformId & keyof typeof oauthDemos) => oauthDemos[platform].view(caller.id),
      async placeOrder(caller: Caller, platform: PlatformId & keyof typeof oauthDemos, kind: 'normal' | 'unknown_postal_code') {
        await deps.limit(`demo-order:${caller.id}`, { limit: 30, windowMs: 60_000, blockMs: 60_000 });
        return oauthDemos[platform].placeOrder(caller, kind);
      },
      authorize: (caller: Caller, platform: PlatformId & keyof typeof oauthDemos, input: Parameters<typeof shopifyDemo.authorize>[1]) =>
        oauthDemos[platform].authorize(caller, input),
    },

    /**
     * The store write-back's subscriber: `guide.issued` and `tracking.updated`, in the transaction
     * that records them, put the note for the store order in line (a durable job per event).
     */
    storeWriteback: {
      name: 'store-writeback',
      mode: 'inline',
      types: ['guide.issued', 'tracking.updated'],
      async handle(tx: Executor, event: DomainEvent<'guide.issued' | 'tracking.updated'>) {
        const base = { shipmentId: event.data.shipment_id, guideNumber: event.data.guide_number, carrierCode: event.data.carrier };
        if (event.type === 'guide.issued') await onGuideIssued(ctx, tx, base);
        else await onTrackingState(ctx, tx, { ...base, state: (event as DomainEvent<'tracking.updated'>).data.state });
      },
    } satisfies InlineSubscriber<'guide.issued' | 'tracking.updated'>,

    /**
     * Money into a wallet (`wallet.credited`) pays the account's orders that waited for it, in
     * order of arrival (a durable job per credit, only when the account has such orders).
     */
    autoShipOnCredit: {
      name: 'store-auto-ship-credit',
      mode: 'durable',
      types: ['wallet.credited'],
      wants: (tx: Executor, event: DomainEvent<'wallet.credited'>) => (event.userId ? hasWalletShort(tx, event.userId) : Promise.resolve(false)),
      async handle(event: DomainEvent<'wallet.credited'>) {
        if (ctx.autoShip && event.userId) await retryWalletShort(ctx, ctx.autoShip, event.userId, event.id);
      },
      maxAttempts: 5,
    } satisfies DurableSubscriber<'wallet.credited'>,

    /** Tests and tools: a store's sync and weights right now. */
    syncStore: (connectionId: string) => intake.syncStore(connectionId),
    computeWeights: (connectionId: string) => intake.computeWeights(connectionId),
    assertOwner(caller: Caller, userId: string) {
      if (!owns(caller, userId)) throw integrationErrors.notYours();
    },
  };
}

export type Integrations = ReturnType<typeof createIntegrations>;
