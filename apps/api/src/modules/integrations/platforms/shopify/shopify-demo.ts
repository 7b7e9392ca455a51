import { randomInt } from 'node:crypto';
import { storeStatusLabels, type DemoOrder, type DemoStore } from '@envios/contracts/integrations';
import type { Caller } from '../../../../plugins/auth.js';
import { integrationErrors } from '../../integrations.errors.js';
import * as repo from '../../integrations.repository.js';
import type { Ctx } from '../../integrations.shared.js';
import { simulatedStore } from '../simulated-store.js';
import {
  approveConsent,
  checkConsent,
  emptyShopState,
  handleShopRequest,
  placeOrder,
  type ShopifySimState,
  type SimDelivery,
  type SimOrder,
} from './shopify-simulator.js';
import { neutralStatus } from './shopify-mapping.js';
import { DEMO_SHOP } from './shopify.platform.js';

/*
 * The Shopify demo store: a shop simulated inside this app (clearly labelled, nothing is sold),
 * one per account in a database row, behind the same real client through an in-process
 * transport. Its consent page is ours; its webhooks reach this app as durable jobs, signed with
 * the demo app's secret (derived from SECRET_KEY).
 */

export interface DemoSendPayload {
  url?: string;
  headers?: Record<string, string>;
  body?: string;
}

const CUSTOMERS: [string, string][] = [
  ['Ana Sofía', 'Martínez'],
  ['Diego', 'Ramírez'],
  ['Valeria', 'Gómez Ortiz'],
  ['Emilio', 'Sánchez'],
];
const ADDRESSES = [
  { address1: 'Av. Juárez 238', address2: 'Int. 5', city: 'Guadalajara', province: 'Jalisco', province_code: 'JAL', zip: '44100' },
  { address1: 'Colima 145', address2: 'Depto 3', city: 'Ciudad de México', province: 'Ciudad de México', province_code: 'DF', zip: '06700' },
  { address1: 'Av. Constitución 410', address2: '', city: 'Monterrey', province: 'Nuevo León', province_code: 'NL', zip: '64000' },
  { address1: 'Calle 60 #455', address2: '', city: 'Mérida', province: 'Yucatán', province_code: 'YUC', zip: '97000' },
];
const PRODUCTS = [
  { name: 'Taza de talavera', sku: 'TAZ-101', grams: 450 },
  { name: 'Playera bordada', sku: 'PLA-102', grams: 250 },
  { name: 'Café de Chiapas 500 g', sku: 'CAF-105', grams: 550 },
];

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)]!;
}

export function createShopifyDemo(ctx: Ctx) {
  const app = ctx.appFor('shopify', true)!;
  const asState = (raw: unknown): ShopifySimState =>
    raw && typeof raw === 'object' && (raw as ShopifySimState).version === 1 ? (raw as ShopifySimState) : emptyShopState(DEMO_SHOP, app);

  const { isOurs, mutate, transportFor } = simulatedStore<ShopifySimState, SimDelivery>(ctx, {
    platform: 'shopify',
    asState,
    noticeKey: (d) => `demo.send:${d.headers['x-shopify-webhook-id']}`,
    handle: handleShopRequest,
  });

  function toDemoOrder(state: ShopifySimState, o: SimOrder): DemoOrder {
    const fulfillment = state.fulfillments.find((f) => f.order_id === o.id && f.status === 'SUCCESS');
    const status = neutralStatus(o.financial_status, fulfillment ? 'fulfilled' : '', Boolean(o.cancelled_at));
    return {
      id: o.id,
      number: `#${o.number}`,
      status,
      status_label: storeStatusLabels[status] ?? status,
      date_created: o.created_at,
      customer: `${o.shipping.first_name} ${o.shipping.last_name}`.trim(),
      city: o.shipping.city,
      postcode: o.shipping.zip,
      total: o.total_price,
      items: o.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
      tracking_number: fulfillment?.tracking.number ?? null,
      tracking_provider: fulfillment?.tracking.company ?? null,
      notes: fulfillment
        ? [
            {
              id: 1,
              note: `Enviado con ${fulfillment.tracking.company}, guía ${fulfillment.tracking.number}: ${fulfillment.tracking.url}`,
              customer_note: fulfillment.notify_customer,
              date_created: o.updated_at,
            },
            ...fulfillment.events.map((e, i) => ({ id: i + 2, note: `Estado del envío: ${e.status}`, customer_note: true, date_created: e.happened_at })),
          ]
        : [],
    };
  }

  return {
    platform: 'shopify' as const,
    transportFor,
    /** `demo-store.send`: one queued webhook delivery, sent to this app. */
    async send(payload: DemoSendPayload): Promise<void> {
      if (!payload.url || !payload.headers || payload.body === undefined || !isOurs(payload.url)) return;
      const { status } = await ctx.deliverLocal({ url: payload.url, headers: payload.headers, body: payload.body });
      if (status >= 500) throw new Error(`La tienda demo no pudo entregar su aviso (${status}).`);
    },
    /** The demo consent page: approving redirects to our callback with a code signed as Shopify signs it. */
    async authorize(caller: Caller, input: { client_id?: string; scope?: string; redirect_uri?: string; state?: string; decision: 'approve' | 'deny' }) {
      const query = new URLSearchParams({
        client_id: input.client_id ?? '',
        scope: input.scope ?? '',
        redirect_uri: input.redirect_uri ?? '',
        state: input.state ?? '',
      });
      const redirect = input.redirect_uri ?? '';
      // The browser is sent to redirect_uri: anywhere else would make this page an open redirect.
      if (!isOurs(redirect)) throw integrationErrors.accessDenied('la tienda demo solo regresa a esta misma aplicación (redirect_uri).');
      if (input.decision === 'deny') {
        const back = new URL(redirect);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', input.state ?? '');
        return { redirect: back.toString() };
      }
      const checked = await mutate(caller.id, (state) => {
        const result = checkConsent(state, query);
        return { value: result.ok ? { ok: true as const, url: approveConsent(state, result.params, ctx.clock.now()) } : result };
      });
      if (!checked.ok) throw integrationErrors.accessDenied(checked.error);
      return { redirect: checked.url };
    },
    /** 'Hacer un pedido de prueba': a customer pays an order in the demo shop. */
    async placeOrder(caller: Caller, kind: 'normal' | 'unknown_postal_code'): Promise<DemoOrder> {
      const [first, last] = pick(CUSTOMERS);
      const where = { ...pick(ADDRESSES), ...(kind === 'unknown_postal_code' ? { zip: '00000' } : {}) };
      const lines = [...PRODUCTS]
        .sort(() => randomInt(3) - 1)
        .slice(0, randomInt(1, 3))
        .map((p) => ({ ...p, quantity: randomInt(1, 3) }));
      const total = (lines.reduce((sum, l) => sum + l.quantity * 189, 0) + 99).toFixed(2);
      return mutate(caller.id, (state) => {
        const placed = placeOrder(
          state,
          {
            shipping: { first_name: first, last_name: last, company: '', ...where, country_code: 'MX', phone: `33${randomInt(10_000_000, 99_999_999)}` },
            email: `${first
              .split(' ')[0]!
              .toLowerCase()
              .normalize('NFD')
              .replace(/\p{Diacritic}/gu, '')}.${randomInt(100, 999)}@correo.mx`,
            lines,
            total_price: total,
          },
          ctx.clock.now(),
        );
        return { value: toDemoOrder(state, placed.order), deliveries: placed.deliveries };
      });
    },
    async view(userId: string): Promise<DemoStore> {
      const state = asState(await repo.findDemoStore(ctx.db, userId, 'shopify'));
      return {
        store_url: `https://${DEMO_SHOP}`,
        name: 'Tienda demo de Shopify',
        orders: [...state.orders]
          .reverse()
          .slice(0, 50)
          .map((o) => toDemoOrder(state, o)),
        webhooks: state.webhooks.length,
      };
    },
  };
}

export type ShopifyDemo = ReturnType<typeof createShopifyDemo>;
