import { randomBytes, randomInt } from 'node:crypto';
import type { PlatformId } from '@envios/contracts/integrations';
import type { Executor } from '../../db/client.js';
import type { z } from 'zod';
import type { StoreConnection, StoreList, wooStatusUpdateSchema } from '@envios/contracts/integrations';
import type { Caller } from '../../plugins/auth.js';
import { integrationErrors } from './integrations.errors.js';
import * as repo from './integrations.repository.js';
import { JOB, isUnauthorized, owns, recordFailure, recordSuccess, type ApiConnection, type Ctx } from './integrations.shared.js';

/*
 * A connected store, whatever its platform: the set-up job that creates our order notices on it
 * (through its platform), disconnection and the cleanup on the store, the list with health, the
 * seller's settings and «Sincronizar ahora». How a store gets connected is each platform's
 * (platforms/<name>/…connect.ts).
 */

const HOUR = 60 * 60_000;

export interface SetupPayload {
  connectionId: string;
  /** The credential generation the job was queued for (a newer connection makes it moot). */
  keyId: number;
}

export interface CleanupPayload {
  connectionId: string;
  platform?: string;
  storeUrl?: string;
  sandbox?: boolean;
  userId?: string;
  keyId?: number | null;
  externalStoreId?: string | null;
  consumerKeySealed?: string;
  consumerSecretSealed?: string | null;
}

export async function ownedConnection(ctx: Ctx, caller: Caller, id: string): Promise<repo.ConnectionRow> {
  const conn = await repo.findConnection(ctx.db, id);
  if (!conn || conn.state === 'disconnected') throw integrationErrors.notFound();
  if (!owns(caller, conn.userId)) throw integrationErrors.notYours();
  return conn;
}

/**
 * A store whose platform gave us a token (OAuth or pasted): its row is created or taken again
 * (same account, platform and address) with the token sealed and the secret its notices are
 * signed with; the set-up job creates our notices, and tracking held while it was disconnected
 * goes out again. In the caller's transaction.
 */
export async function establishConnection(
  ctx: Ctx,
  tx: Executor,
  input: {
    userId: string;
    platform: PlatformId;
    storeUrl: string;
    appName: string;
    sandbox: boolean;
    token: string;
    signingSecret: string;
    externalStoreId: string | null;
  },
): Promise<string> {
  const now = ctx.clock.now();
  // A new generation of the credential: set-up jobs queued for an older one do nothing.
  const keyId = randomInt(1, 2 ** 31 - 1);
  const saved = await repo.upsertConnectionKeys(
    tx,
    {
      userId: input.userId,
      platform: input.platform,
      storeUrl: input.storeUrl,
      appName: input.appName.slice(0, 50),
      sandbox: input.sandbox,
      keyId,
      consumerKeySealed: ctx.keys.seal(input.token),
      consumerSecretSealed: null,
      keyHint: `…${input.token.slice(-4)}`,
      externalStoreId: input.externalStoreId,
      pendingWebhookSecretSealed: ctx.webhookSecrets.seal(input.signingSecret),
    },
    now,
  );
  await ctx.jobs.enqueue<SetupPayload>({ type: JOB.setup, key: `woo.setup:${saved.id}:${keyId}`, payload: { connectionId: saved.id, keyId } }, tx);
  for (const { id } of await repo.unblockWritebacks(tx, saved.id)) {
    await ctx.jobs.enqueue({ type: JOB.writeback, key: `woo.writeback:${id}:${keyId}`, payload: { writebackId: id } }, tx);
  }
  return saved.id;
}

/**
 * `woocommerce.setup` (every platform's): checks the credential, then replaces our order notices
 * on the store. The signing secret is committed before the notices exist, so their first
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
  let done: Awaited<ReturnType<ReturnType<Ctx['storeApi']>['setUp']>>;
  try {
    const api = ctx.storeApi(conn);
    done = await api.setUp(ctx.webhookSecrets.open(secretSealed));
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
      webhookIds: done.webhookIds,
      ...(done.weightUnit ? { weightUnit: done.weightUnit } : {}),
      updatedAt: now,
    });
    await recordSuccess(tx, conn.id);
    await ctx.jobs.enqueue({ type: JOB.sync, key: `woo.sync:${conn.id}:setup:${payload.keyId}`, payload: { connectionId: conn.id } }, tx);
  });
  ctx.jobs.wake();
}

/**
 * `PUT /status/woocommerce/{userId}` with status false: our copy of the keys and the webhook
 * secret are deleted now; a durable job removes our webhooks from the store.
 */
export async function disconnect(ctx: Ctx, userId: string, body: z.output<typeof wooStatusUpdateSchema>): Promise<{ status: false; disconnected: number }> {
  // One store of any platform by its id; without it, the WooCommerce stores (the old toggle).
  const live = await repo.findLiveConnections(ctx.db, userId, body.connection_id ? undefined : 'woocommerce');
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
      if (conn.consumerKeySealed) {
        await ctx.jobs.enqueue<CleanupPayload>(
          {
            type: JOB.cleanup,
            key: `woo.cleanup:${conn.id}:${now.toISOString()}`,
            payload: {
              connectionId: conn.id,
              platform: conn.platform,
              externalStoreId: conn.externalStoreId,
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

/** `woocommerce.cleanup` (every platform's): removes our notices from a disconnected store (a demo store also forgets the credential). */
export async function cleanUpStore(
  ctx: Ctx,
  payload: CleanupPayload,
  revokeDemoKey: (platform: string, userId: string, keyId: number) => Promise<void>,
): Promise<void> {
  if (!payload.storeUrl || !payload.userId || !payload.consumerKeySealed) return;
  const platform = payload.platform ?? 'woocommerce';
  const conn: ApiConnection = {
    id: payload.connectionId,
    platform,
    storeUrl: payload.storeUrl,
    sandbox: payload.sandbox ?? false,
    userId: payload.userId,
    consumerKeySealed: payload.consumerKeySealed,
    consumerSecretSealed: payload.consumerSecretSealed ?? null,
    externalStoreId: payload.externalStoreId ?? null,
  };
  try {
    const api = ctx.storeApi(conn);
    await api.cleanUp();
  } catch (error) {
    // Keys already revoked in the store: nothing of ours can be left to remove with them.
    if (isUnauthorized(error)) return;
    throw error;
  }
  if (payload.sandbox && payload.keyId) await revokeDemoKey(platform, payload.userId, payload.keyId);
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
    data: rows.map((c) =>
      toConnectionDto(
        c,
        failures.filter((f) => f.connectionId === c.id),
      ),
    ),
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
    webhooks_ready: Boolean(c.webhookIds && Object.keys(c.webhookIds).length > 0 && Object.values(c.webhookIds).every(Boolean)),
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
