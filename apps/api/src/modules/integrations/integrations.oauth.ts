import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlatformId } from '@envios/contracts/integrations';
import type { Caller } from '../../plugins/auth.js';
import { establishConnection } from './integrations.connect.js';
import { integrationErrors } from './integrations.errors.js';
import * as repo from './integrations.repository.js';
import { UUID, reasonFor, type Ctx } from './integrations.shared.js';

/*
 * Installing a store by the authorization code grant, for every platform that has one
 * (`StorePlatform.oauth`): the consent address with a `state` that is a handshake id signed with
 * SECRET_KEY (one use, one hour, this account only); the callback checks the platform's own
 * signature and the state before anything else, exchanges the code once and keeps the token
 * sealed. A demo store takes the same path against its in-process simulator.
 */

const HANDSHAKE_TTL_MS = 60 * 60_000;

function stateSignature(ctx: Ctx, id: string): string {
  return createHmac('sha256', ctx.secret).update(`store-oauth:${id}`).digest('base64url');
}

function readState(ctx: Ctx, state: string): string | undefined {
  const [id, signature, ...rest] = state.split('.');
  if (!id || !signature || rest.length > 0 || !UUID.test(id)) return undefined;
  const expected = Buffer.from(stateSignature(ctx, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

function redirectUri(ctx: Ctx, platform: PlatformId): string {
  return `${ctx.base}/api/v1/stores/${platform}/callback`;
}

/** `POST /stores/{platform}/authorize`: the consent address of the store (or of the demo store). */
export async function startOAuth(
  ctx: Ctx,
  caller: Caller,
  platformId: PlatformId,
  input: { shop?: string | undefined; sandbox: boolean },
): Promise<{ url_auth: string }> {
  const platform = ctx.platform(platformId);
  if (!platform.oauth) throw integrationErrors.notFound();
  const app = ctx.appFor(platform.id, input.sandbox);
  if (!app) throw integrationErrors.appNotConfigured(platform.name);
  if (input.sandbox && !ctx.demoTransports[platform.id]) throw integrationErrors.noDemoStore(platform.name);
  const storeUrl = input.sandbox ? platform.oauth.demoStore : platform.oauth.storeFromInput(input.shop);
  if (input.shop !== undefined && !input.sandbox && !storeUrl) throw integrationErrors.badShop();
  const now = ctx.clock.now();
  const id = await repo.insertHandshake(ctx.db, {
    userId: caller.id,
    platform: platform.id,
    storeUrl: storeUrl ?? '',
    appName: platform.name,
    sandbox: input.sandbox,
    createdAt: now,
    expiresAt: new Date(now.getTime() + HANDSHAKE_TTL_MS),
  });
  const base = input.sandbox ? ctx.demoStoreUrls[platform.id] : (platform.oauth.consentBase ?? storeUrl ?? '');
  return {
    url_auth: platform.oauth.authorizeUrl({ base, storeUrl, app, state: `${id}.${stateSignature(ctx, id)}`, redirectUri: redirectUri(ctx, platform.id) }),
  };
}

/** Where the browser goes after the callback: Integraciones, saying how it went. */
function back(ctx: Ctx, result: string): { redirect: string } {
  return { redirect: `${ctx.returnUrl}?tienda=${result}` };
}

/**
 * `GET /stores/{platform}/callback`: the platform sends the browser back here. A forged or
 * replayed callback, a state issued to another account, or an expired one connects nothing.
 */
export async function finishOAuth(ctx: Ctx, caller: Caller, platformId: PlatformId, query: Record<string, string>): Promise<{ redirect: string }> {
  const platform = ctx.platform(platformId);
  if (!platform.oauth) throw integrationErrors.notFound();
  if (query.error || (!query.code && !query.hmac)) return back(ctx, 'rechazada');
  const handshakeId = readState(ctx, query.state ?? '');
  if (!handshakeId) return back(ctx, 'invalida');
  const now = ctx.clock.now();
  const handshake = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockHandshake(tx, handshakeId);
    if (!row || row.platform !== platform.id || row.userId !== caller.id || row.usedAt || row.expiresAt <= now) return undefined;
    const app = ctx.appFor(platform.id, row.sandbox);
    if (!app) return undefined;
    const read = platform.oauth!.readCallback(query, app);
    if (!read.ok || read.state !== query.state) return undefined;
    // A shop domain typed by the seller must be the one that answered.
    if (row.storeUrl && read.storeUrl && row.storeUrl !== read.storeUrl) return undefined;
    await repo.markHandshakeUsed(tx, row.id, now);
    return { row, app, code: read.code, storeUrl: read.storeUrl ?? (row.storeUrl || undefined) };
  });
  if (!handshake) return back(ctx, 'invalida');
  const { row, app } = handshake;
  const http = ctx.transportFor(platform.id, row.sandbox, row.userId);
  if (!http) return back(ctx, 'error');
  let token: Awaited<ReturnType<NonNullable<typeof platform.oauth>['exchange']>>;
  try {
    token = await platform.oauth.exchange({
      storeUrl: handshake.storeUrl,
      code: handshake.code,
      app,
      http,
      requireHttps: !row.sandbox,
      timeoutMs: ctx.storeTimeoutMs,
    });
  } catch (error) {
    ctx.log?.warn({ platform: platform.id, reason: reasonFor(error) }, 'no se pudo canjear el código de autorización');
    return back(ctx, 'error');
  }
  const connectionId = await ctx.db.transaction((tx) =>
    establishConnection(ctx, tx, {
      userId: row.userId,
      platform: platform.id,
      storeUrl: token.storeUrl,
      appName: row.sandbox ? `Tienda demo de ${platform.name}` : token.storeName,
      sandbox: row.sandbox,
      token: token.accessToken,
      signingSecret: app.clientSecret,
      externalStoreId: token.externalStoreId,
    }),
  );
  ctx.jobs.wake();
  ctx.log?.info({ connectionId, platform: platform.id }, 'tienda conectada');
  return back(ctx, 'conectada');
}
