import {
  StoreApiError,
  type PlatformApi,
  type PlatformConnection,
  type PlatformRuntime,
  type StorePlatform,
  type TrackingWrite,
  type WebhookNotice,
} from '../store-platform.js';
import { createTiendanubeClient, exchangeTiendanubeCode, type TiendanubeApi } from './tiendanube-client.js';
import { tiendanubeToStoreOrder } from './tiendanube-mapping.js';
import {
  TIENDANUBE_API,
  TIENDANUBE_AUTH,
  TIENDANUBE_EVENTS,
  TRACKING_EVENT_STATUS,
  tiendanubeBodyMatches,
  type TiendanubeFulfillmentOrder,
  type TiendanubeOrder,
} from './tiendanube-wire.js';

/*
 * Tiendanube on the store-platform port: the authorization code exchange (`user_id` is the store
 * id), notices that carry only ids (verified with the hex x-linkedstore-hmac-sha256, then read
 * with GET /orders/{id} by a job), reconciliation by `updated_at_min`, and the tracking written
 * with POST /orders/{id}/fulfill (number, our link, buyer notified).
 */

function client(conn: PlatformConnection, runtime: PlatformRuntime): TiendanubeApi {
  const demo = conn.sandbox ? runtime.demoTransport(conn.userId) : undefined;
  if (conn.sandbox && !demo) throw new StoreApiError('La tienda demo no está disponible.', 'network', 0, 'demo');
  if (!conn.externalStoreId) throw new StoreApiError('La tienda no tiene su id de Tiendanube.', 'unauthorized', 401, 'no_store');
  return createTiendanubeClient({
    storeId: conn.externalStoreId,
    accessToken: conn.credential.key,
    http: demo ?? runtime.outbound,
    requireHttps: !conn.sandbox,
    timeoutMs: runtime.timeoutMs,
    sleep: runtime.sleep,
  });
}

/**
 * A later state: a tracking event on the order's fulfillment order (newer stores have them). A
 * store without them answers 404 and the buyer follows our link; an event already there (a retry
 * after a lost answer) is not written twice.
 */
async function addTrackingEvent(tn: TiendanubeApi, externalId: number, write: TrackingWrite, now: Date): Promise<{ ref: string | null }> {
  const status = TRACKING_EVENT_STATUS[write.event];
  if (!status) return { ref: write.previous };
  let orders: TiendanubeFulfillmentOrder[];
  try {
    orders = (await tn.call<TiendanubeFulfillmentOrder[]>('GET', `/orders/${externalId}/fulfillment-orders`)).body;
  } catch (error) {
    if (error instanceof StoreApiError && error.kind === 'not_found') return { ref: write.previous };
    throw error;
  }
  const ours = (Array.isArray(orders) ? orders : []).find((fo) => fo.tracking_info?.code === write.guideNumber);
  if (!ours) return { ref: write.previous };
  if (ours.tracking_events.some((e) => e.status === status)) return { ref: ours.id };
  await tn.call('POST', `/orders/${externalId}/fulfillment-orders/${encodeURIComponent(ours.id)}/tracking-events`, {
    status,
    description: write.stateLabel,
    happened_at: now.toISOString(),
  });
  return { ref: ours.id };
}

function api(conn: PlatformConnection, runtime: PlatformRuntime): PlatformApi {
  const tn = client(conn, runtime);
  const deliveryUrl = runtime.deliveryUrl(conn.id);
  const ours = async () => (await tn.call<{ id: number; url: string }[]>('GET', '/webhooks')).body.filter((w) => w.url === deliveryUrl).map((w) => w.id);
  return {
    async setUp() {
      for (const id of await ours()) await tn.call('DELETE', `/webhooks/${id}`);
      const webhookIds: Record<string, number> = {};
      for (const event of TIENDANUBE_EVENTS) webhookIds[event] = (await tn.call<{ id: number }>('POST', '/webhooks', { event, url: deliveryUrl })).body.id;
      return { webhookIds };
    },
    async cleanUp() {
      for (const id of await ours()) await tn.call('DELETE', `/webhooks/${id}`);
    },
    async *ordersSince(since, maxPages) {
      let page = await tn.call<TiendanubeOrder[]>('GET', `/orders?updated_at_min=${encodeURIComponent(since.toISOString())}&per_page=200`);
      for (let n = 1; ; n += 1) {
        yield Array.isArray(page.body) ? page.body : [];
        if (!page.next || n >= maxPages) return;
        page = await tn.follow<TiendanubeOrder[]>(page.next);
      }
    },
    async getOrder(externalId) {
      try {
        return (await tn.call<TiendanubeOrder>('GET', `/orders/${externalId}`)).body;
      } catch (error) {
        if (error instanceof StoreApiError && error.kind === 'not_found') return undefined;
        throw error;
      }
    },
    async writeTracking(externalId, write) {
      if (write.event !== 'issued') return addTrackingEvent(tn, externalId, write, runtime.now());
      const { body: order } = await tn.call<TiendanubeOrder>('GET', `/orders/${externalId}`);
      // Already ours (a retry after a lost answer): the buyer is not e-mailed twice.
      if (order.shipping_status === 'fulfilled' && order.shipping_tracking_number === write.guideNumber) return { ref: String(externalId) };
      if (order.status === 'cancelled') return { ref: null };
      await tn.call('POST', `/orders/${externalId}/fulfill`, {
        shipping_tracking_number: write.guideNumber,
        shipping_tracking_url: write.link,
        notify_customer: true,
      });
      return { ref: String(externalId) };
    },
  };
}

export const tiendanubePlatform: StorePlatform = {
  id: 'tiendanube',
  name: 'Tiendanube',
  sync: { cursor: 'modified', marginMs: 10 * 60_000 },
  webhook: {
    verify(raw, header, secret) {
      const signature = header('x-linkedstore-hmac-sha256');
      return Boolean(signature) && tiendanubeBodyMatches(secret, raw, signature!);
    },
    // No delivery id: the same body again is the same notice (the intake keys it by its digest).
    deliveryId: () => undefined,
    read(raw): WebhookNotice | 'bad_body' {
      let body: { event?: unknown; id?: unknown; store_id?: unknown; orders_to_redact?: unknown };
      try {
        body = JSON.parse(raw.toString('utf8')) as typeof body;
      } catch {
        return 'bad_body';
      }
      const id = Number.isSafeInteger(body.id) && (body.id as number) > 0 ? (body.id as number) : undefined;
      switch (body.event) {
        case 'order/paid':
        case 'order/cancelled':
        case 'order/updated':
        case 'order/created':
          return id ? { kind: 'order_ref', externalId: id, event: body.event } : 'bad_body';
        case 'app/uninstalled':
          return { kind: 'uninstalled' };
        case 'store/redact':
          return { kind: 'redact', scope: 'shop', externalIds: [] };
        case 'customers/redact':
          return {
            kind: 'redact',
            scope: 'orders',
            externalIds: Array.isArray(body.orders_to_redact) ? body.orders_to_redact.filter((v): v is number => Number.isSafeInteger(v)) : [],
          };
        default:
          return { kind: 'ignored' };
      }
    },
  },
  oauth: {
    consentBase: TIENDANUBE_AUTH,
    storeFromInput: () => undefined,
    authorizeUrl({ base, app, state }) {
      const url = new URL(`${base}/apps/${encodeURIComponent(app.clientId)}/authorize`);
      url.searchParams.set('state', state);
      return url.toString();
    },
    readCallback(query) {
      // Tiendanube signs nothing here: the signed one-use state carries the proof.
      if (!query.code || !query.state) return { ok: false, reason: 'denied' };
      return { ok: true, code: query.code, state: query.state, storeUrl: undefined };
    },
    async exchange({ code, app, http, requireHttps, timeoutMs }) {
      const { accessToken, storeId } = await exchangeTiendanubeCode({
        code,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        http,
        requireHttps,
        timeoutMs,
      });
      return { accessToken, storeUrl: `${TIENDANUBE_API}/${storeId}`, externalStoreId: storeId, storeName: `Tiendanube ${storeId}` };
    },
  },
  toOrderInput: tiendanubeToStoreOrder,
  weighsProducts: false,
  notAnOrder: 'sus datos no tienen la forma de un pedido de Tiendanube (un campo falta o tiene un tipo o valor imposible).',
  api,
};
