import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type {
  StoreConnection,
  StoreList,
  WooKeysCallback,
  WooStatus,
  wooOauthInputSchema,
  wooStatusUpdateSchema,
} from '@envios/contracts/integrations';
import type { Caller } from '../../plugins/auth.js';
import { OutboundError } from '../../shared/outbound-http.js';
import { integrationErrors } from './integrations.errors.js';
import * as repo from './integrations.repository.js';
import { JOB, UUID, isUnauthorized, recordFailure, recordSuccess, type Ctx } from './integrations.shared.js';

/*
 * Connecting a store with WooCommerce's key handshake: our `user_id` is an opaque token (a
 * handshake id signed with SECRET_KEY); the key callback is answered 200 once per handshake and
 * stores the pair sealed; a durable set-up job then creates our order webhooks on the store.
 */

const HANDSHAKE_TTL_MS = 60 * 60_000;
const HOUR = 60 * 60_000;

export interface SetupPayload {
  connectionId: string;
  keyId: number;
}

export interface CleanupPayload {
  connectionId: string;
  storeUrl?: string;
  sandbox?: boolean;
  userId?: string;
  keyId?: number | null;
  consumerKeySealed?: string;
  consumerSecretSealed?: string;
}

function handshakeSignature(ctx: Ctx, id: string): string {
  return createHmac('sha256', ctx.secret).update(`woocommerce-handshake:${id}`).digest('base64url');
}

/** `{handshake id}.{signature}`: what WooCommerce echoes back as `user_id`. */
export function handshakeToken(ctx: Ctx, id: string): string {
  return `${id}.${handshakeSignature(ctx, id)}`;
}

export function readHandshakeToken(ctx: Ctx, token: string): string | undefined {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0 || !UUID.test(id)) return undefined;
  const expected = Buffer.from(handshakeSignature(ctx, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

function owns(caller: Caller, userId: string): boolean {
  return caller.rol === 'admin' || caller.id === userId;
}

export async function ownedConnection(ctx: Ctx, caller: Caller, id: string): Promise<repo.ConnectionRow> {
  const conn = await repo.findConnection(ctx.db, id);
  if (!conn || conn.state === 'disconnected') throw integrationErrors.notFound();
  if (!owns(caller, conn.userId)) throw integrationErrors.notYours();
  return conn;
}

/** `POST /woocommerce/oauth`: a new handshake and the store's consent address. */
export async function startHandshake(ctx: Ctx, caller: Caller, input: z.output<typeof wooOauthInputSchema>): Promise<{ url_auth: string }> {
  if (!owns(caller, input.user_id)) throw integrationErrors.userMismatch();
  if (!(await ctx.findAccount(input.user_id))) throw integrationErrors.accountNotFound();
  const sandbox = input.store_url === ctx.demoStoreUrl;
  // WooCommerce refuses a callback that is not https; the demo store runs inside this app.
  if (!sandbox && !ctx.callbackUrl.startsWith('https://')) throw integrationErrors.httpsRequired();
  // A real store is public https: an internal address, or a name that resolves to one, is refused
  // now (and again on every connect by the outbound client), reading the same as a name that does not exist.
  if (!sandbox) await checkStoreAddress(ctx, input.store_url);
  const now = ctx.clock.now();
  const id = await repo.insertHandshake(ctx.db, {
    userId: input.user_id,
    storeUrl: input.store_url,
    appName: input.app_name,
    sandbox,
    createdAt: now,
    expiresAt: new Date(now.getTime() + HANDSHAKE_TTL_MS),
  });
  const url = new URL(`${input.store_url}/wc-auth/v1/authorize`);
  url.searchParams.set('app_name', `Envíos MX (${input.app_name})`);
  url.searchParams.set('scope', 'read_write');
  url.searchParams.set('user_id', handshakeToken(ctx, id));
  url.searchParams.set('return_url', ctx.returnUrl);
  url.searchParams.set('callback_url', ctx.callbackUrl);
  return { url_auth: url.toString() };
}

async function checkStoreAddress(ctx: Ctx, storeUrl: string): Promise<void> {
  try {
    await ctx.outbound.checkDestination(storeUrl, { httpsOnly: true });
  } catch (error) {
    throw integrationErrors.storeUnreachable(error instanceof OutboundError && error.kind === 'invalid_url' ? 'not_https' : 'unreachable');
  }
}

/**
 * The store's key callback. Answers (200) once per handshake; a replay, a forged or expired
 * `user_id` or keys without write permission are refused, so WooCommerce deletes those keys.
 */
export async function receiveKeys(ctx: Ctx, body: WooKeysCallback): Promise<{ connectionId: string }> {
  const handshakeId = readHandshakeToken(ctx, body.user_id);
  if (!handshakeId) throw integrationErrors.handshakeInvalid();
  if (body.key_permissions !== 'read_write') throw integrationErrors.wrongPermissions();
  const now = ctx.clock.now();
  const connectionId = await ctx.db.transaction(async (tx) => {
    const handshake = await repo.lockHandshake(tx, handshakeId);
    if (!handshake) throw integrationErrors.handshakeInvalid();
    if (handshake.usedAt) throw integrationErrors.handshakeUsed();
    if (handshake.expiresAt <= now) throw integrationErrors.handshakeExpired();
    await repo.markHandshakeUsed(tx, handshake.id, now);
    const saved = await repo.upsertConnectionKeys(
      tx,
      {
        userId: handshake.userId,
        platform: handshake.platform,
        storeUrl: handshake.storeUrl,
        appName: handshake.appName,
        sandbox: handshake.sandbox,
        keyId: body.key_id,
        consumerKeySealed: ctx.keys.seal(body.consumer_key),
        consumerSecretSealed: ctx.keys.seal(body.consumer_secret),
        keyHint: `…${body.consumer_key.slice(-7)}`,
      },
      now,
    );
    await ctx.jobs.enqueue<SetupPayload>({ type: JOB.setup, key: `woo.setup:${saved.id}:${handshake.id}`, payload: { connectionId: saved.id, keyId: body.key_id } }, tx);
    // Tracking that waited for this store to be reconnected goes out again.
    for (const { id } of await repo.unblockWritebacks(tx, saved.id)) {
      await ctx.jobs.enqueue({ type: JOB.writeback, key: `woo.writeback:${id}:${handshake.id}`, payload: { writebackId: id } }, tx);
    }
    return saved.id;
  });
  ctx.jobs.wake();
  ctx.log?.info({ connectionId }, 'llaves de tienda recibidas');
  return { connectionId };
}

/**
 * `woocommerce.setup`: checks the keys (and reads the weight unit), then replaces our order
 * webhooks on the store. The secret is committed before the webhooks exist, so their first
 * deliveries verify, and a retry reuses it.
 */
export async function setUpStore(ctx: Ctx, payload: SetupPayload): Promise<void> {
  const conn = await repo.findConnection(ctx.db, payload.connectionId);
  if (!conn || conn.state === 'disconnected' || conn.keyId !== payload.keyId) return;
  let secretSealed = conn.pendingWebhookSecretSealed;
  if (!secretSealed) {
    secretSealed = ctx.webhookSecrets.seal(randomBytes(32).toString('base64url'));
    await repo.updateConnection(ctx.db, conn.id, { pendingWebhookSecretSealed: secretSealed });
  }
  const api = ctx.storeApi(conn);
  const deliveryUrl = ctx.deliveryUrl(conn.id);
  let created: number;
  let updated: number;
  let weightUnit: string;
  try {
    weightUnit = await api.weightUnit();
    // Webhooks of an earlier set-up of ours (their secret is gone) would only fail.
    const stale = await listOurWebhooks(ctx, conn, deliveryUrl);
    for (const id of stale) await api.deleteWebhook(id);
    const secret = ctx.webhookSecrets.open(secretSealed);
    created = (await api.createWebhook({ name: 'Envíos MX · pedidos nuevos', topic: 'order.created', delivery_url: deliveryUrl, secret })).id;
    updated = (await api.createWebhook({ name: 'Envíos MX · pedidos actualizados', topic: 'order.updated', delivery_url: deliveryUrl, secret })).id;
  } catch (error) {
    await recordFailure(ctx, ctx.db, conn.id, 'Al configurar los avisos de pedidos en la tienda', error);
    if (isUnauthorized(error)) return;
    throw error;
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockConnection(tx, conn.id);
    if (!current || current.keyId !== payload.keyId || current.state === 'disconnected') return;
    await repo.updateConnection(tx, conn.id, {
      webhookSecretSealed: secretSealed,
      pendingWebhookSecretSealed: null,
      webhookIds: { created, updated },
      weightUnit: ['kg', 'g', 'lbs', 'oz'].includes(weightUnit) ? weightUnit : 'kg',
      updatedAt: now,
    });
    await recordSuccess(tx, conn.id);
    await ctx.jobs.enqueue({ type: JOB.sync, key: `woo.sync:${conn.id}:setup:${payload.keyId}`, payload: { connectionId: conn.id } }, tx);
  });
  ctx.jobs.wake();
}

async function listOurWebhooks(ctx: Ctx, conn: repo.ConnectionRow, deliveryUrl: string): Promise<number[]> {
  const ids = new Set<number>();
  if (conn.webhookIds?.created) ids.add(conn.webhookIds.created);
  if (conn.webhookIds?.updated) ids.add(conn.webhookIds.updated);
  for (const w of await ctx.storeApi(conn).listWebhooks()) if (w.delivery_url === deliveryUrl) ids.add(w.id);
  return [...ids];
}

/** `POST /status/woocommerce`: the toggle (a store with keys, connected or waiting for a reconnection). */
export async function storeStatus(ctx: Ctx, caller: Caller, userId: string): Promise<WooStatus> {
  if (!owns(caller, userId)) throw integrationErrors.notYours();
  const [first] = await repo.findLiveConnections(ctx.db, userId);
  return { status: Boolean(first), app_name: first?.appName ?? null, store_url: first?.storeUrl ?? null };
}

/**
 * `PUT /status/woocommerce/{userId}` with status false: our copy of the keys and the webhook
 * secret are deleted now; a durable job removes our webhooks from the store.
 */
export async function disconnect(ctx: Ctx, userId: string, body: z.output<typeof wooStatusUpdateSchema>): Promise<{ status: false; disconnected: number }> {
  const live = await repo.findLiveConnections(ctx.db, userId);
  const targets = body.connection_id ? live.filter((c) => c.id === body.connection_id) : live;
  if (body.connection_id && targets.length === 0) throw integrationErrors.notFound();
  let disconnected = 0;
  for (const target of targets) {
    const done = await ctx.db.transaction(async (tx) => {
      const conn = await repo.lockConnection(tx, target.id);
      if (!conn || conn.state === 'disconnected') return false;
      const now = ctx.clock.now();
      await repo.updateConnection(tx, conn.id, {
        state: 'disconnected',
        keyId: null,
        consumerKeySealed: null,
        consumerSecretSealed: null,
        keyHint: null,
        webhookSecretSealed: null,
        pendingWebhookSecretSealed: null,
        webhookIds: null,
        failingSince: null,
        disconnectedAt: now,
        updatedAt: now,
      });
      if (conn.consumerKeySealed && conn.consumerSecretSealed) {
        await ctx.jobs.enqueue<CleanupPayload>(
          {
            type: JOB.cleanup,
            key: `woo.cleanup:${conn.id}:${now.toISOString()}`,
            payload: {
              connectionId: conn.id,
              storeUrl: conn.storeUrl,
              sandbox: conn.sandbox,
              userId: conn.userId,
              keyId: conn.keyId,
              consumerKeySealed: conn.consumerKeySealed,
              consumerSecretSealed: conn.consumerSecretSealed,
            },
          },
          tx,
        );
      }
      return true;
    });
    if (done) disconnected += 1;
  }
  ctx.jobs.wake();
  return { status: false, disconnected };
}

/** `woocommerce.cleanup`: removes our webhooks from a disconnected store (the demo store also forgets the key). */
export async function cleanUpStore(ctx: Ctx, payload: CleanupPayload, revokeDemoKey: (userId: string, keyId: number) => Promise<void>): Promise<void> {
  if (!payload.storeUrl || !payload.userId || !payload.consumerKeySealed || !payload.consumerSecretSealed) return;
  const conn = { storeUrl: payload.storeUrl, sandbox: payload.sandbox ?? false, userId: payload.userId, consumerKeySealed: payload.consumerKeySealed, consumerSecretSealed: payload.consumerSecretSealed };
  const api = ctx.storeApi(conn);
  const deliveryUrl = ctx.deliveryUrl(payload.connectionId);
  try {
    for (const w of await api.listWebhooks()) if (w.delivery_url === deliveryUrl) await api.deleteWebhook(w.id);
  } catch (error) {
    // Keys already revoked in the store: nothing of ours can be left to remove with them.
    if (isUnauthorized(error)) return;
    throw error;
  }
  if (payload.sandbox && payload.keyId) await revokeDemoKey(payload.userId, payload.keyId);
}

// ---------------------------------------------------------------- the list with health

const DAY = 24 * HOUR;

function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export async function listStores(ctx: Ctx, userId: string): Promise<StoreList> {
  const rows = await repo.findLiveConnections(ctx.db, userId);
  const ids = rows.map((r) => r.id);
  const since = new Date(ctx.clock.now().getTime() - DAY);
  const failures = await repo.failuresSince(ctx.db, ids, since);
  return {
    data: rows.map((c) => toConnectionDto(c, failures.filter((f) => f.connectionId === c.id))),
    demo_store_url: ctx.demoStoreUrl,
    https_callbacks: ctx.callbackUrl.startsWith('https://'),
  };
}

function toConnectionDto(c: repo.ConnectionRow, failures: { at: Date; reason: string }[]): StoreConnection {
  return {
    _id: c.id,
    ecommerce_type: c.platform,
    store_url: c.storeUrl,
    app_name: c.appName,
    sandbox: c.sandbox,
    state: c.state,
    status: c.state !== 'disconnected',
    key_hint: c.keyHint,
    complete_on_delivery: c.completeOnDelivery,
    webhooks_ready: Boolean(c.webhookIds?.created && c.webhookIds.updated),
    connected_at: iso(c.connectedAt),
    health: {
      last_order_at: iso(c.lastOrderAt),
      last_webhook_at: iso(c.lastWebhookAt),
      last_sync_at: iso(c.lastSyncAt),
      failing_since: iso(c.failingSince),
      failures_24h: failures.length,
      recent_failures: failures.slice(0, 5).map((f) => ({ at: f.at.toISOString(), reason: f.reason })),
    },
  };
}

export async function updateStore(ctx: Ctx, caller: Caller, id: string, patch: { complete_on_delivery: boolean }): Promise<StoreConnection> {
  await ownedConnection(ctx, caller, id);
  await repo.updateConnection(ctx.db, id, { completeOnDelivery: patch.complete_on_delivery, updatedAt: ctx.clock.now() });
  const conn = (await repo.findConnection(ctx.db, id))!;
  const since = new Date(ctx.clock.now().getTime() - DAY);
  return toConnectionDto(conn, await repo.failuresSince(ctx.db, [id], since));
}

/** 'Sincronizar ahora': one sync job now (the periodic ones go on). */
export async function syncNow(ctx: Ctx, caller: Caller, id: string): Promise<{ queued: boolean }> {
  const conn = await ownedConnection(ctx, caller, id);
  if (conn.state !== 'connected') return { queued: false };
  const now = ctx.clock.now();
  // One manual sync per store and minute, whatever the clicks.
  const slot = Math.floor(now.getTime() / 60_000);
  const { created } = await ctx.jobs.enqueue({ type: JOB.sync, key: `woo.sync:${id}:manual:${slot}`, payload: { connectionId: id } });
  ctx.jobs.wake();
  return { queued: created };
}
