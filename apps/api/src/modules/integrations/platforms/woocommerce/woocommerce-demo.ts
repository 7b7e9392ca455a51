import { randomInt } from 'node:crypto';
import { storeStatusLabels, type DemoOrder, type DemoStore } from '@envios/contracts/integrations';
import type { Caller } from '../../../../plugins/auth.js';
import { outboundResponse, type HttpTransport } from '../../../../shared/outbound-http.js';
import { integrationErrors } from '../../integrations.errors.js';
import * as repo from '../../integrations.repository.js';
import { JOB, type Ctx } from '../../integrations.shared.js';
import { checkAuthParams, createKeys, deleteKey, keysCallbackBody, returnUrl } from './woocommerce-sim-keys.js';
import { placeOrder, recordDeliveryResult } from './woocommerce-sim-orders.js';
import { emptyStoreState, type SimContext, type SimDelivery, type SimState } from './woocommerce-sim-store.js';
import { handleRest } from './woocommerce-simulator.js';
import type { WooAddress, WooProduct } from './woocommerce-wire.js';

/*
 * The demo store: a WooCommerce store simulated inside this app (clearly labelled, nothing is
 * sold), so a new seller can try the whole flow without a store. Each account has its own, kept
 * in one database row: the same simulator as the test fake behind the same REST client, its
 * consent page in our web app, and its webhook deliveries sent to this app in-process as durable
 * jobs (as WooCommerce queues them).
 */

export interface DemoDeliveryPayload {
  userId?: string;
  webhookId?: number;
  kind?: SimDelivery['kind'];
  url?: string;
  headers?: Record<string, string>;
  body?: string;
}

const DEMO_PRODUCTS: WooProduct[] = [
  { id: 101, name: 'Taza de talavera', sku: 'TAZ-101', weight: '0.45', dimensions: { length: '12', width: '10', height: '11' } },
  { id: 102, name: 'Playera bordada', sku: 'PLA-102', weight: '0.25', dimensions: { length: '30', width: '25', height: '3' } },
  { id: 103, name: 'Salsa macha 250 ml', sku: 'SAL-103', weight: '0.4', dimensions: { length: '7', width: '7', height: '14' } },
  { id: 104, name: 'Rebozo de algodón', sku: 'REB-104', weight: '0.35', dimensions: { length: '35', width: '25', height: '4' } },
  { id: 105, name: 'Café de Chiapas 500 g', sku: 'CAF-105', weight: '0.55', dimensions: { length: '20', width: '12', height: '8' } },
];

const CUSTOMERS: [string, string][] = [
  ['María José', 'Hernández'],
  ['Luis Alberto', 'Ramírez'],
  ['Fernanda', 'Torres Díaz'],
  ['Jorge', 'Castañeda'],
  ['Ximena', 'Villaseñor'],
  ['Ricardo', 'Núñez'],
];

/** Real postal codes of the demo catalogue, with a street each. */
const ADDRESSES: Omit<WooAddress, 'first_name' | 'last_name' | 'company' | 'phone' | 'email'>[] = [
  { address_1: 'Av. Juárez 238', address_2: 'Int. 5', city: 'Guadalajara', state: 'JA', postcode: '44100', country: 'MX' },
  { address_1: 'Colima 145', address_2: 'Depto 3', city: 'Ciudad de México', state: 'DF', postcode: '06700', country: 'MX' },
  { address_1: 'Av. Constitución 410', address_2: '', city: 'Monterrey', state: 'NL', postcode: '64000', country: 'MX' },
  { address_1: 'Calle 60 #455', address_2: '', city: 'Mérida', state: 'YU', postcode: '97000', country: 'MX' },
  { address_1: 'Av. 5 de Mayo 12', address_2: '', city: 'Puebla', state: 'PU', postcode: '72000', country: 'MX' },
  { address_1: 'Madero 77', address_2: 'Local 2', city: 'Morelia', state: 'MI', postcode: '58000', country: 'MX' },
];

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)]!;
}

function asState(raw: unknown): SimState {
  return raw && typeof raw === 'object' && (raw as SimState).version === 1 ? (raw as SimState) : emptyStoreState(DEMO_PRODUCTS);
}

/** WooCommerce's handshake errors, said in Spanish on our consent page. */
function spanishAuthError(error: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^Missing parameter (\w+)/.exec(error))) return `falta el parámetro ${m[1]}.`;
  if ((m = /^Invalid parameter (\w+)/.exec(error))) return `el parámetro ${m[1]} no es válido.`;
  if ((m = /^Invalid scope (.*)/.exec(error))) return `el permiso solicitado (${m[1]}) no es válido.`;
  if ((m = /^The (.*) is not a valid URL/.exec(error))) return `${m[1]} no es una dirección válida.`;
  if (error.startsWith('The callback_url needs to be over SSL')) return 'la dirección de retorno de llaves (callback_url) debe usar https.';
  return error;
}

export function createDemoStore(ctx: Ctx) {
  const homeUrl = ctx.demoStoreUrl;
  const simContext = (): SimContext => ({ now: ctx.clock.now(), homeUrl, ssl: homeUrl.startsWith('https://'), tzOffsetMinutes: -360 });
  const ourOrigin = new URL(ctx.base).origin;
  const isOurs = (url: string) => {
    try {
      return (url === ctx.base || url.startsWith(`${ctx.base}/`)) && new URL(url).origin === ourOrigin;
    } catch {
      return false;
    }
  };

  /**
   * Changes the account's demo store in one transaction (row locked); order deliveries become
   * durable jobs in that same commit. Pings go out after the commit, before answering, as
   * WooCommerce pings a webhook before answering its creation.
   */
  async function mutate<T>(userId: string, change: (state: SimState, sim: SimContext) => { value: T; deliveries?: SimDelivery[] }): Promise<T> {
    const { value, pings } = await ctx.db.transaction(async (tx) => {
      const state = asState(await repo.lockDemoStore(tx, userId));
      const result = change(state, simContext());
      await repo.saveDemoStore(tx, userId, state, ctx.clock.now());
      const deliveries = result.deliveries ?? [];
      for (const d of deliveries.filter((x) => x.kind === 'delivery')) {
        await ctx.jobs.enqueue<DemoDeliveryPayload>(
          {
            type: JOB.demoDelivery,
            key: `demo.deliver:${d.headers['x-wc-webhook-delivery-id'] ?? `${d.webhookId}:${Date.now()}`}`,
            payload: { userId, ...d },
            maxAttempts: 1,
          },
          tx,
        );
      }
      return { value: result.value, pings: deliveries.filter((x) => x.kind === 'ping') };
    });
    if (pings.length > 0) {
      for (const ping of pings) {
        const status = await send(ping.url, ping.headers, ping.body);
        await ctx.db.transaction(async (tx) => {
          const state = asState(await repo.lockDemoStore(tx, userId));
          recordDeliveryResult(state, ping.webhookId, status, 'ping');
          await repo.saveDemoStore(tx, userId, state, ctx.clock.now());
        });
      }
    }
    ctx.jobs.wake();
    return value;
  }

  /** The demo store only ever talks to this app. */
  async function send(url: string, headers: Record<string, string>, body: string): Promise<number> {
    if (!isOurs(url)) return 0;
    try {
      return (await ctx.deliverLocal({ url, headers, body })).status;
    } catch {
      return 0;
    }
  }

  /**
   * The transport that reaches the account's demo store (the REST client's for it): in-process,
   * whatever host the URL names, so no user-supplied address is ever dialled for it.
   */
  function transportFor(userId: string): HttpTransport {
    return {
      async request(input, init = {}) {
        const url = input.toString();
        const body = init.body === undefined ? '' : typeof init.body === 'string' ? init.body : Buffer.from(init.body).toString('utf8');
        const answer = await mutate(userId, (state, sim) => {
          const result = handleRest(state, { method: init.method ?? 'GET', url, headers: { ...init.headers }, body }, sim);
          return { value: result, deliveries: result.deliveries };
        });
        return outboundResponse(url, answer.status, { 'content-type': 'application/json; charset=UTF-8', ...answer.headers }, JSON.stringify(answer.body));
      },
    };
  }

  /** `demo-store.deliver`: one queued webhook delivery, sent to this app. */
  async function deliver(payload: DemoDeliveryPayload): Promise<void> {
    if (!payload.userId || !payload.url || !payload.headers || payload.body === undefined || payload.webhookId === undefined) return;
    const status = await send(payload.url, payload.headers, payload.body);
    const webhookId = payload.webhookId;
    await mutate(payload.userId, (state) => {
      recordDeliveryResult(state, webhookId, status, 'delivery');
      return { value: undefined };
    });
  }

  return {
    platform: 'woocommerce' as const,
    transportFor,
    deliver,

    /**
     * The demo consent page's answer. Deny sends the browser back with `success=0`; approve
     * creates the keys and POSTs them to the callback first, as WooCommerce does.
     */
    async authorize(
      caller: Caller,
      input: { app_name?: string; scope?: string; user_id?: string; return_url?: string; callback_url?: string; decision: 'approve' | 'deny' },
    ) {
      const { decision, ...query } = input;
      const checked = checkAuthParams({ ...query, callback_url: query.callback_url?.replace(/^http:\/\//, 'https://') });
      if (!checked.ok) throw integrationErrors.accessDenied(spanishAuthError(checked.error));
      const params = { ...checked.params, callback_url: query.callback_url! };
      if (!isOurs(params.callback_url)) throw integrationErrors.accessDenied('la tienda demo solo entrega llaves a esta misma aplicación.');
      // The browser is sent to return_url: anywhere else would make this page an open redirect.
      if (!isOurs(params.return_url)) throw integrationErrors.accessDenied('la tienda demo solo regresa a esta misma aplicación (return_url).');
      if (decision === 'deny') return { redirect: returnUrl(params, false) };
      const key = await mutate(caller.id, (state, sim) => ({ value: createKeys(state, params.app_name, params.scope, sim.now) }));
      const status = await send(params.callback_url, { 'content-type': 'application/json;charset=UTF-8' }, keysCallbackBody(key, params.user_id));
      if (status !== 200) {
        await mutate(caller.id, (state) => ({ value: deleteKey(state, key.key_id) }));
        throw integrationErrors.accessDenied('ocurrió un error en la solicitud y no pudimos enviar los datos de acceso a Envíos MX.');
      }
      return { redirect: returnUrl(params, true) };
    },

    /** 'Hacer un pedido de prueba': a customer buys in the demo store. */
    async placeOrder(caller: Caller, kind: 'normal' | 'unknown_postal_code'): Promise<DemoOrder> {
      const [first, last] = pick(CUSTOMERS);
      const address = { ...pick(ADDRESSES), ...(kind === 'unknown_postal_code' ? { postcode: '00000' } : {}) };
      const phone = `33${String(randomInt(10_000_000, 99_999_999))}`;
      const email = `${first
        .split(' ')[0]!
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')}.${randomInt(100, 999)}@correo.mx`;
      const products = [...DEMO_PRODUCTS].sort(() => randomInt(3) - 1).slice(0, randomInt(1, 3));
      const order = await mutate(caller.id, (state, sim) => {
        const placed = placeOrder(
          state,
          {
            billing: { first_name: first, last_name: last, company: '', ...address, phone, email },
            shipping: { first_name: first, last_name: last, company: '', ...address, phone },
            items: products.map((p) => ({ product_id: p.id, quantity: randomInt(1, 3) })),
            shipping_total: '99.00',
            shipping_method: 'Envío estándar',
          },
          sim,
        );
        return { value: placed.order, deliveries: placed.deliveries };
      });
      return toDemoOrder(order, []);
    },

    async view(userId: string): Promise<DemoStore> {
      const state = asState(await repo.findDemoStore(ctx.db, userId));
      return {
        store_url: homeUrl,
        name: 'Tienda demo',
        orders: [...state.orders]
          .reverse()
          .slice(0, 50)
          .map((o) => toDemoOrder(o, state.notes[String(o.id)] ?? [])),
        webhooks: state.webhooks.filter((w) => w.status === 'active').length,
      };
    },

    /** A disconnection also revokes the demo key (WooCommerce's REST API cannot; the merchant does it). */
    revokeKey: (userId: string, keyId: number) => mutate(userId, (state) => ({ value: deleteKey(state, keyId) })),
  };
}

function meta(order: SimState['orders'][number], key: string): string | null {
  const found = order.meta_data.find((m) => m.key === key);
  return typeof found?.value === 'string' ? found.value : null;
}

function toDemoOrder(o: SimState['orders'][number], notes: SimState['notes'][string]): DemoOrder {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    status_label: storeStatusLabels[o.status] ?? o.status,
    date_created: o.date_created_gmt,
    customer: `${o.shipping.first_name} ${o.shipping.last_name}`.trim(),
    city: o.shipping.city,
    postcode: o.shipping.postcode,
    total: o.total,
    items: o.line_items.map((l) => ({ name: l.name, quantity: l.quantity })),
    tracking_number: meta(o, '_tracking_number'),
    tracking_provider: meta(o, '_tracking_provider'),
    notes: [...notes].reverse().map((n) => ({ id: n.id, note: n.note, customer_note: n.customer_note, date_created: n.date_created_gmt })),
  };
}

export type DemoStoreService = ReturnType<typeof createDemoStore>;
