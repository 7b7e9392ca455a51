import { createHash } from 'node:crypto';
import { BoundedCache } from '../../shared/bounded-cache.js';
import { AppError } from '../../shared/errors.js';
import { integrationErrors } from './integrations.errors.js';
import * as repo from './integrations.repository.js';
import { JOB, UUID, isUnauthorized, recordFailure, recordSuccess, type Ctx } from './integrations.shared.js';
import { mapOrder, type MappedOrder, type PostalLookup, type StoreOrderInput } from './order-mapping.js';
import { findPlatform } from './platforms/platform-list.js';
import type { StorePlatform, WebhookNotice } from './platforms/store-platform.js';
import { scrubText } from '../../plugins/input-guard.js';
import { queueAutoShip } from './integrations.autoship.js';
import { createWeighing } from './integrations.weights.js';

/*
 * Orders coming in, for every platform: webhook deliveries (signature first, then one merge per
 * order; a notice that carries only an order id is read from the store by a job) and the periodic
 * sync that asks the store for the recent orders a lost webhook never brought.
 * Writes are grouped: concurrent deliveries share one statement and one commit, and each is
 * answered only after its order is committed.
 */

const DAY = 24 * 60 * 60_000;
const FIRST_SYNC_DAYS = 14;
const SYNC_MAX_PAGES = 20;
/** A failed signature is recorded at most this often per store (the health panel, not a flood). */
const BAD_SIGNATURE_EVENT_MS = 60_000;
const AUTH_CACHE_MS = 3_000;
/** How long the first order of a group waits for others before they are written together. */
const GROUP_WINDOW_MS = 3;
const TOUCH_EVERY_MS = 5_000;
const COMMITTED_MEMORY = 20_000;

export interface WebhookRequest {
  /** The platform named in the delivery URL. */
  platform: string;
  connectionId: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

export interface WebhookAnswer {
  received: true;
  action: 'ping' | 'created' | 'updated' | 'unchanged' | 'ignored' | 'queued' | 'uninstalled' | 'redacted';
}

interface WebhookAuth {
  userId: string;
  platform: string;
  state: string;
  secrets: string[];
  loadedAt: number;
}

interface WriteItem {
  row: repo.NewStoreOrder;
  viaWebhook: boolean;
  resolve: (result: { inserted: boolean; stored: boolean }) => void;
  reject: (error: unknown) => void;
}

function header(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface IntakeOptions {
  /** Most orders written in one statement (default 200). */
  maxBatch?: number;
  /** Weights jobs: one per store and slot of this length, run when it ends (default 3 s). */
  weightsSlotMs?: number;
  /** How long a write waits for others to join it (default 3 ms). */
  groupWindowMs?: number;
  /** A weights job waits while deliveries arrived this recently (default 1 s). */
  quietBeforeWeightsMs?: number;
}

const NOT_STORED = 'sus datos no se pudieron guardar; el resto de los pedidos sigue llegando.';

export function createIntake(ctx: Ctx, opts: IntakeOptions = {}) {
  /** When each order set aside was last told to the seller (once a day is enough). */
  const setAsideAt = new Map<string, number>();
  const maxBatch = opts.maxBatch ?? 200;
  const groupWindowMs = opts.groupWindowMs ?? GROUP_WINDOW_MS;
  const authCache = new Map<string, WebhookAuth>();
  /**
   * Deliveries this process already committed, by store and signature (the same bytes sign the
   * same): a store retrying them is answered at once, without parsing or writing again.
   */
  const committed = new BoundedCache<string, true>({ maxEntries: COMMITTED_MEMORY, ttlMs: Infinity });
  const remember = (key: string) => committed.set(key, true);
  const lastBadSignature = new Map<string, number>();
  let queue: WriteItem[] = [];
  let flushing = false;
  let scheduled = false;
  /** When this process last touched each store after a write. */
  const touchedAt = new Map<string, number>();
  const weighing = createWeighing(ctx, opts);

  const lookup: PostalLookup = (country, postalCode) => {
    try {
      return ctx.lookupPostalCode(country, postalCode);
    } catch (error) {
      if (error instanceof AppError && error.code === 'geography.unknown_country') return 'unknown_country';
      if (error instanceof AppError) return 'invalid';
      throw error;
    }
  };

  async function loadAuth(connectionId: string): Promise<WebhookAuth | undefined> {
    const row = await repo.findWebhookAuth(ctx.db, connectionId);
    if (!row) {
      authCache.delete(connectionId);
      return undefined;
    }
    const secrets = [row.secret, row.pendingSecret].filter((s): s is string => Boolean(s)).map((s) => ctx.webhookSecrets.open(s));
    const auth = { userId: row.userId, platform: row.platform, state: row.state, secrets, loadedAt: Date.now() };
    authCache.set(connectionId, auth);
    return auth;
  }

  async function authFor(connectionId: string, fresh = false): Promise<WebhookAuth | undefined> {
    const cached = authCache.get(connectionId);
    if (!fresh && cached && Date.now() - cached.loadedAt < AUTH_CACHE_MS) return cached;
    return loadAuth(connectionId);
  }

  // ------------------------------------------------------------ orders that cannot be stored

  /** Store data is not ours to refuse: control characters and unpaired surrogates become U+FFFD, and the order says so. */
  function parseStoreOrder(platform: StorePlatform, raw: unknown): { order: StoreOrderInput; replaced: boolean } | undefined {
    const { value, replaced } = scrubText(raw);
    const order = platform.toOrderInput(value);
    return order ? { order, replaced } : undefined;
  }

  function mapStoreOrder(order: StoreOrderInput, replaced: boolean, now: Date): MappedOrder {
    const mapped = mapOrder(order, lookup, now);
    if (replaced)
      mapped.problems = [
        ...mapped.problems,
        { field: 'order', message: 'Algunos datos del pedido traían caracteres no válidos y se reemplazaron por «\uFFFD»; revísalos.', blocking: false },
      ];
    return mapped;
  }

  /** What the store called the order, for the seller ('#1043'), from whatever arrived. */
  function orderLabel(raw: unknown): string {
    const r = (raw ?? {}) as { number?: unknown; id?: unknown };
    const value = typeof r.number === 'string' && /^[\w-]{1,20}$/.test(r.number) ? r.number : Number.isSafeInteger(r.id) ? String(r.id) : '';
    return value ? `#${value}` : 'sin número';
  }

  /**
   * An order that cannot be stored is set aside: the seller reads «Pedido #N no se pudo importar»
   * with its reason in the store's health (once a day per order and reason), and the others go on.
   */
  async function setAside(connectionId: string, raw: unknown, reason: string): Promise<void> {
    const key = `${connectionId}:${orderLabel(raw)}:${reason}`;
    const last = setAsideAt.get(key) ?? 0;
    if (Date.now() - last < DAY) return;
    setAsideAt.set(key, Date.now());
    await repo.insertEvent(ctx.db, {
      connectionId,
      at: ctx.clock.now(),
      kind: 'failure',
      reason: `Pedido ${orderLabel(raw)} no se pudo importar: ${reason}`.slice(0, 500),
    });
    ctx.log?.warn({ connectionId, order: orderLabel(raw), reason }, 'pedido de tienda apartado');
  }

  // ------------------------------------------------------------ grouped writes

  function toRow(
    platform: StorePlatform,
    connectionId: string,
    userId: string,
    mapped: MappedOrder,
    source: 'webhook' | 'sync',
    now: Date,
  ): repo.NewStoreOrder {
    const kept = [
      mapped.number,
      mapped.status,
      mapped.currency,
      mapped.customerName,
      mapped.destination,
      mapped.problems,
      mapped.rawAddress,
      mapped.items,
      mapped.totalCentavos,
      mapped.shippingMethod,
      mapped.customerNote,
    ];
    return {
      contentHash: createHash('sha256').update(JSON.stringify(kept)).digest('base64url').slice(0, 22),
      connectionId,
      userId,
      externalId: mapped.externalId,
      number: mapped.number,
      status: mapped.status,
      currency: mapped.currency,
      createdAtStore: mapped.createdAt,
      modifiedAt: mapped.modifiedAt,
      customerName: mapped.customerName,
      searchName: mapped.searchName,
      destination: { ...mapped.destination },
      problems: mapped.problems,
      rawAddress: mapped.rawAddress,
      items: mapped.items,
      weightKg: mapped.weightKg,
      weightSource: mapped.weightKg !== null ? 'products' : platform.weighsProducts && mapped.items.some((i) => i.productId > 0) ? 'pending' : 'unknown',
      parcelCm: mapped.parcelCm,
      totalCentavos: mapped.totalCentavos,
      shippingMethod: mapped.shippingMethod,
      customerNote: mapped.customerNote,
      source,
      receivedAt: now,
      updatedAt: now,
    };
  }

  async function writeBatch(batch: WriteItem[]): Promise<void> {
    // One row per (store, order): the newest version of it in this batch.
    const newest = new Map<string, WriteItem>();
    for (const item of batch) {
      const key = `${item.row.connectionId}:${item.row.externalId}`;
      const seen = newest.get(key);
      if (!seen || seen.row.modifiedAt < item.row.modifiedAt) newest.set(key, item);
    }
    const now = ctx.clock.now();
    let upserted: repo.UpsertedOrder[];
    try {
      // 'Last webhook' and 'last order' are shown as "a few seconds ago": one write per store every few seconds is enough.
      const due = (id: string) => now.getTime() - (touchedAt.get(id) ?? 0) > TOUCH_EVERY_MS;
      const touch = [...new Set(batch.filter((i) => i.viaWebhook).map((i) => i.row.connectionId))].filter(due);
      const queued = new Map<string, number>();
      let touched: string[] = [];
      upserted = await ctx.db.transaction(async (tx) => {
        const saved = await repo.upsertOrders(
          tx,
          [...newest.values()].map((i) => i.row),
        );
        const withNew = [...new Set(saved.filter((r) => r.inserted).map((r) => r.connectionId))].filter(due);
        await repo.touchConnections(tx, touch, withNew, now);
        touched = [...new Set([...touch, ...withNew])];
        for (const connectionId of new Set(saved.filter((r) => r.weightSource === 'pending').map((r) => r.connectionId))) {
          queued.set(connectionId, await weighing.enqueue(connectionId, now, tx));
        }
        // Paid orders of stores that buy by themselves: taken once, in this commit (integrations.autoship.ts).
        await queueAutoShip(
          ctx,
          tx,
          saved.filter((r) => r.weightSource !== 'pending').map((r) => r.id),
          now,
        );
        return saved;
      });
      for (const id of touched) touchedAt.set(id, now.getTime());
      weighing.committed(
        queued,
        batch.some((i) => i.viaWebhook),
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One bad order must not sink the others: each is tried alone.
      for (const item of batch) await writeBatch([item]);
      return;
    }
    const byKey = new Map(upserted.map((r) => [`${r.connectionId}:${r.externalId}`, r]));
    for (const item of batch) {
      const saved = byKey.get(`${item.row.connectionId}:${item.row.externalId}`);
      item.resolve({ inserted: Boolean(saved?.inserted) && newest.get(`${item.row.connectionId}:${item.row.externalId}`) === item, stored: Boolean(saved) });
    }
  }

  async function flush(): Promise<void> {
    scheduled = false;
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(maxBatch);
        await writeBatch(batch);
      }
    } finally {
      flushing = false;
    }
  }

  function write(row: repo.NewStoreOrder, viaWebhook: boolean): Promise<{ inserted: boolean; stored: boolean }> {
    return new Promise((resolve, reject) => {
      queue.push({ row, viaWebhook, resolve, reject });
      // A short window lets concurrent deliveries reach the queue before the transaction starts
      // (the embedded database works on this thread: while it writes, no request moves on).
      if (!flushing && !scheduled) {
        scheduled = true;
        setTimeout(() => void flush(), groupWindowMs);
      }
    });
  }

  // ------------------------------------------------------------ webhooks

  /**
   * One delivery to `POST /webhooks/{platform}/{connectionId}`: a platform's unsigned ping is
   * answered 200; anything else must carry a valid signature before its body is even parsed.
   */
  async function receiveWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
    if (!UUID.test(request.connectionId)) throw integrationErrors.notFound();
    const auth = await authFor(request.connectionId);
    if (!auth || auth.state === 'disconnected' || auth.platform !== request.platform) throw integrationErrors.notFound();
    const platform = ctx.platform(auth.platform);
    const get = (name: string) => header(request.headers, name);
    if (platform.webhook.unsignedPing?.(request.raw, get)) return { received: true, action: 'ping' };

    const verified = (a: WebhookAuth) => a.secrets.some((secret) => platform.webhook.verify(request.raw, get, secret));
    let current = auth;
    if (!verified(current)) {
      // The secret may have changed in another process since it was read.
      const fresh = await authFor(request.connectionId, true);
      if (!fresh || fresh.state === 'disconnected') throw integrationErrors.notFound();
      current = fresh;
      if (!verified(current)) {
        const last = lastBadSignature.get(request.connectionId) ?? 0;
        if (Date.now() - last > BAD_SIGNATURE_EVENT_MS) {
          lastBadSignature.set(request.connectionId, Date.now());
          await repo.insertEvent(ctx.db, {
            connectionId: request.connectionId,
            at: ctx.clock.now(),
            kind: 'failure',
            reason: 'Llegó un aviso de pedido con firma inválida; lo rechazamos sin guardar nada.',
          });
        }
        throw integrationErrors.badSignature();
      }
    }

    const deliveryId = platform.webhook.deliveryId(request.raw, get);
    const deliveryKey = `${request.connectionId}:${deliveryId ?? createHash('sha256').update(request.raw).digest('base64url')}`;
    if (committed.has(deliveryKey)) return { received: true, action: 'unchanged' };
    const notice = platform.webhook.read(request.raw, get);
    if (notice === 'bad_body') throw integrationErrors.badBody(`El aviso no trae un pedido de ${platform.name} en JSON.`);
    const answer = await act(platform, request.connectionId, current.userId, notice, deliveryKey);
    remember(deliveryKey);
    return answer;
  }

  /**
   * `POST /webhooks/{platform}/app`: notices the platform sends to the app rather than to one
   * store (the mandatory privacy webhooks), signed with the app's secret and naming the store.
   */
  async function receiveAppWebhook(request: Omit<WebhookRequest, 'connectionId'>): Promise<WebhookAnswer> {
    const platform = findPlatform(request.platform);
    if (!platform?.webhook.storeOf) throw integrationErrors.notFound();
    const get = (name: string) => header(request.headers, name);
    const apps = [ctx.appFor(platform.id, false), ctx.appFor(platform.id, true)];
    const signedBy = apps.findIndex((app) => app !== undefined && platform.webhook.verify(request.raw, get, app.clientSecret));
    if (signedBy < 0) throw integrationErrors.badSignature();
    const notice = platform.webhook.read(request.raw, get);
    if (notice === 'bad_body') throw integrationErrors.badBody(`El aviso no trae datos de ${platform.name} en JSON.`);
    const storeUrl = platform.webhook.storeOf(request.raw, get);
    const targets = storeUrl ? (await repo.findConnectionsAt(ctx.db, platform.id, storeUrl)).filter((c) => c.sandbox === (signedBy === 1)) : [];
    let answer: WebhookAnswer = { received: true, action: 'ignored' };
    for (const conn of targets) answer = await act(platform, conn.id, conn.userId, notice, `app:${platform.webhook.deliveryId(request.raw, get) ?? ''}`);
    return answer;
  }

  async function act(platform: StorePlatform, connectionId: string, userId: string, notice: WebhookNotice, deliveryKey: string): Promise<WebhookAnswer> {
    switch (notice.kind) {
      case 'ping':
      case 'ignored':
        return { received: true, action: notice.kind };
      case 'order_ref': {
        // Only ids: the order is read from the store by a durable job (the answer cannot wait for it).
        const { created } = await ctx.jobs.enqueue({
          type: JOB.fetchOrder,
          key: `stores.fetch:${connectionId}:${notice.externalId}:${notice.event}:${deliveryKey}`,
          payload: { connectionId, externalId: notice.externalId },
        });
        ctx.jobs.wake();
        return { received: true, action: created ? 'queued' : 'unchanged' };
      }
      case 'uninstalled':
        await onUninstalled(connectionId);
        return { received: true, action: 'uninstalled' };
      case 'redact':
        await repo.redactOrders(ctx.db, connectionId, notice.scope === 'shop' ? 'all' : notice.externalIds);
        await repo.insertEvent(ctx.db, {
          connectionId,
          at: ctx.clock.now(),
          kind: 'recovered',
          reason:
            notice.scope === 'shop'
              ? `${platform.name} pidió borrar los datos de la tienda: los borramos.`
              : `${platform.name} pidió borrar los datos de un cliente: los borramos de ${notice.externalIds.length} pedido(s).`,
        });
        return { received: true, action: 'redacted' };
      case 'data_request':
        await repo.insertEvent(ctx.db, {
          connectionId,
          at: ctx.clock.now(),
          kind: 'failure',
          reason: `${platform.name} pidió los datos de un cliente (${notice.externalIds.length} pedido(s)); escríbenos a soporte para entregárselos.`,
        });
        return { received: true, action: 'ignored' };
      case 'order':
        return writeNotice(platform, connectionId, userId, notice.body);
    }
  }

  async function writeNotice(
    platform: StorePlatform,
    connectionId: string,
    userId: string,
    body: unknown,
    source: 'webhook' | 'sync' = 'webhook',
  ): Promise<WebhookAnswer> {
    const parsed = parseStoreOrder(platform, body);
    if (!parsed) {
      await setAside(connectionId, body, platform.notAnOrder);
      throw integrationErrors.badBody(`El aviso no trae un pedido de ${platform.name} válido.`);
    }
    const now = ctx.clock.now();
    const mapped = mapStoreOrder(parsed.order, parsed.replaced, now);
    let result: { inserted: boolean; stored: boolean };
    try {
      result = await write(toRow(platform, connectionId, userId, mapped, source, now), source === 'webhook');
    } catch {
      // Answered 200: the store would only send it again, and it would fail again.
      await setAside(connectionId, body, NOT_STORED);
      return { received: true, action: 'ignored' };
    }
    return { received: true, action: result.inserted ? 'created' : result.stored ? 'updated' : 'unchanged' };
  }

  /** The app was removed from the store: its token is forgotten now and nothing more is asked of it. */
  async function onUninstalled(connectionId: string): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const conn = await repo.lockConnection(tx, connectionId);
      if (!conn || conn.state === 'disconnected') return;
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
      await repo.insertEvent(tx, {
        connectionId,
        at: now,
        kind: 'failure',
        reason: 'La aplicación se desinstaló en la tienda: la desconectamos y olvidamos su acceso.',
      });
    });
    authCache.delete(connectionId);
  }

  /** `stores.fetch-order`: an order a notice named only by id, read from the store and merged like a delivery. */
  async function fetchOrder(connectionId: string, externalId: number): Promise<void> {
    const conn = await repo.findConnection(ctx.db, connectionId);
    if (!conn || conn.state !== 'connected') return;
    const platform = ctx.platform(conn.platform);
    let raw: unknown;
    try {
      raw = await ctx.storeApi(conn).getOrder(externalId);
    } catch (error) {
      await recordFailure(ctx, ctx.db, conn.id, `Al leer el pedido ${externalId}`, error);
      if (isUnauthorized(error)) return;
      throw error;
    }
    if (raw === undefined) return;
    try {
      await writeNotice(platform, conn.id, conn.userId, raw);
    } catch (error) {
      // An order we cannot read was set aside with its reason: retrying reads the same.
      if (error instanceof AppError) return;
      throw error;
    }
  }

  // ------------------------------------------------------------ periodic sync

  /**
   * `woocommerce.sync` (every platform's): the store's recent orders since its platform's margin
   * before the newest one this sync saw, page after page; each is merged like a delivery. Orders it
   * had to add were lost on the way: the health panel says how many.
   */
  async function syncStore(connectionId: string): Promise<{ checked: number; recovered: number }> {
    const conn = await repo.findConnection(ctx.db, connectionId);
    if (!conn || conn.state !== 'connected') return { checked: 0, recovered: 0 };
    const now = ctx.clock.now();
    const start = conn.syncCursor ?? new Date((conn.connectedAt ?? now).getTime() - FIRST_SYNC_DAYS * DAY);
    const platform = ctx.platform(conn.platform);
    const after = new Date(start.getTime() - platform.sync.marginMs);
    let checked = 0;
    let recovered = 0;
    let newest = conn.syncCursor;
    try {
      const api = ctx.storeApi(conn);
      for await (const orders of api.ordersSince(after, SYNC_MAX_PAGES)) {
        const mapped: { raw: unknown; order: MappedOrder }[] = [];
        for (const raw of orders) {
          const parsed = parseStoreOrder(platform, raw);
          if (parsed) mapped.push({ raw, order: mapStoreOrder(parsed.order, parsed.replaced, now) });
          else await setAside(conn.id, raw, platform.notAnOrder);
        }
        // One order that cannot be stored is set aside; the others, and the cursor, go on.
        const results = await Promise.allSettled(mapped.map((m) => write(toRow(platform, conn.id, conn.userId, m.order, 'sync', now), false)));
        for (const [i, result] of results.entries()) {
          if (result.status === 'rejected') await setAside(conn.id, mapped[i]!.raw, NOT_STORED);
        }
        for (const m of mapped) {
          const seen = platform.sync.cursor === 'created' ? m.order.createdAt : m.order.modifiedAt;
          if (!newest || seen > newest) newest = seen;
        }
        checked += results.length;
        recovered += results.filter((r) => r.status === 'fulfilled' && r.value.inserted).length;
      }
    } catch (error) {
      await recordFailure(ctx, ctx.db, conn.id, 'Al sincronizar los pedidos', error);
      if (isUnauthorized(error)) return { checked, recovered };
      throw error;
    }
    await ctx.db.transaction(async (tx) => {
      await repo.updateConnection(tx, conn.id, { lastSyncAt: ctx.clock.now(), ...(newest ? { syncCursor: newest } : {}) });
      await recordSuccess(tx, conn.id);
      if (recovered > 0 && conn.lastSyncAt) {
        await repo.insertEvent(tx, {
          connectionId: conn.id,
          at: ctx.clock.now(),
          kind: 'recovered',
          reason: recovered === 1 ? 'Recuperamos 1 pedido cuyo aviso no llegó.' : `Recuperamos ${recovered} pedidos cuyos avisos no llegaron.`,
        });
      }
    });
    if (recovered > 0) ctx.log?.info({ connectionId, recovered }, 'pedidos recuperados por la sincronización');
    // Whatever still waits for its weight (a weights job missed) is looked up now.
    await weighing.compute(connectionId);
    return { checked, recovered };
  }

  return {
    receiveWebhook,
    receiveAppWebhook,
    fetchOrder,
    syncStore,
    computeWeights: weighing.compute,
    /** Opening an order that still waits for its weight asks for the lookup now. */
    weighSoon: async (connectionId: string) => {
      await weighing.enqueue(connectionId, ctx.clock.now());
      ctx.jobs.wake();
    },
    /** Forgets the cached webhook secrets of a store (after a change in this process). */
    forget: (connectionId: string) => authCache.delete(connectionId),
  };
}

export type Intake = ReturnType<typeof createIntake>;
