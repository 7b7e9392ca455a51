import { randomInt } from 'node:crypto';
import { storeStatusLabels, type DemoOrder, type DemoStore } from '@envios/contracts/integrations';
import type { Caller } from '../../../../plugins/auth.js';
import { integrationErrors } from '../../integrations.errors.js';
import * as repo from '../../integrations.repository.js';
import type { Ctx } from '../../integrations.shared.js';
import { simulatedStore } from '../simulated-store.js';
import { approveTiendanube, emptyTiendanubeState, handleTiendanube, placeOrder, type TiendanubeSimState, type TnDelivery } from './tiendanube-simulator.js';
import { neutralTiendanubeStatus } from './tiendanube-mapping.js';
import type { TiendanubeOrder } from './tiendanube-wire.js';

/*
 * The Tiendanube demo store: a store simulated inside this app (clearly labelled, nothing is
 * sold), one per account in a `demo_stores` row, behind the same real client through an
 * in-process transport. Its consent page is ours; approving returns to our callback with a code
 * exactly as Tiendanube does; its notices (ids only, hex HMAC with the demo app's secret derived
 * from SECRET_KEY) reach this app as durable jobs.
 */

/** The demo store's id on the demo "Tiendanube" (the token exchange's user_id). */
export const DEMO_TIENDANUBE_STORE = 1_000_001;

const CUSTOMERS = ['Mariana Fuentes', 'Jorge Villaseñor', 'Lucía Hernández', 'Andrés Núñez'];
const ADDRESSES = [
  { address: 'Av. Juárez', number: '238', floor: 'Int. 5', locality: 'Centro', city: 'Guadalajara', province: 'Jalisco', zipcode: '44100' },
  { address: 'Colima', number: '145', floor: 'Depto 3', locality: 'Roma Norte', city: 'Ciudad de México', province: 'Ciudad de México', zipcode: '06700' },
  { address: 'Av. Constitución', number: '410', floor: '', locality: 'Centro', city: 'Monterrey', province: 'Nuevo León', zipcode: '64000' },
  { address: 'Calle 60', number: '455', floor: '', locality: 'Centro', city: 'Mérida', province: 'Yucatán', zipcode: '97000' },
];
const PRODUCTS = [
  { name: 'Rebozo de algodón', sku: 'REB-104', weight: '0.35' },
  { name: 'Vela aromática de copal', sku: 'VEL-210', weight: '0.40' },
  { name: 'Mezcal artesanal 750 ml', sku: 'MEZ-330', weight: '1.40' },
];

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)]!;
}

export function createTiendanubeDemo(ctx: Ctx) {
  const app = ctx.appFor('tiendanube', true)!;
  const asState = (raw: unknown): TiendanubeSimState =>
    raw && typeof raw === 'object' && (raw as TiendanubeSimState).version === 1
      ? (raw as TiendanubeSimState)
      : { ...emptyTiendanubeState(DEMO_TIENDANUBE_STORE, app), localHooks: true };

  const { mutate, transportFor } = simulatedStore<TiendanubeSimState, TnDelivery>(ctx, {
    platform: 'tiendanube',
    asState,
    noticeKey: (d, i, userId) => `demo.send:tiendanube:${userId}:${d.headers['x-linkedstore-hmac-sha256']}:${ctx.clock.now().getTime()}:${i}`,
    handle: handleTiendanube,
  });

  function toDemoOrder(state: TiendanubeSimState, o: TiendanubeOrder): DemoOrder {
    const status = neutralTiendanubeStatus(o.status, o.payment_status, o.shipping_status);
    const events = state.trackingEvents?.[String(o.id)] ?? [];
    const shipped = o.shipping_status === 'fulfilled' && o.shipping_tracking_number;
    return {
      id: o.id,
      number: `#${o.number}`,
      status,
      status_label: storeStatusLabels[status] ?? status,
      date_created: o.created_at.replace(/Z$/, ''),
      customer: o.shipping_address.name,
      city: o.shipping_address.city,
      postcode: o.shipping_address.zipcode,
      total: o.total,
      items: o.products.map((p) => ({ name: p.name, quantity: p.quantity })),
      tracking_number: shipped ? o.shipping_tracking_number : null,
      tracking_provider: shipped ? 'Envíos MX' : null,
      notes: shipped
        ? [
            {
              id: 1,
              note: `Enviado, guía ${o.shipping_tracking_number}: ${o.shipping_tracking_url ?? ''}`,
              customer_note: (state.notified[String(o.id)] ?? 0) > 0,
              date_created: o.updated_at.replace(/Z$/, ''),
            },
            ...events.map((e, i) => ({
              id: i + 2,
              note: `Estado del envío: ${e.description}`,
              customer_note: true,
              date_created: e.happened_at.replace(/Z$/, ''),
            })),
          ]
        : [],
    };
  }

  return {
    platform: 'tiendanube' as const,
    transportFor,
    /**
     * The demo consent page (`/tienda-demo/tiendanube/apps/{app}/authorize`): approving sends the
     * browser to our callback with a one-use code and the state, as Tiendanube does; denying
     * returns without a code.
     */
    async authorize(caller: Caller, input: { client_id?: string; state?: string; decision: 'approve' | 'deny' }) {
      const redirect = `${ctx.base}/api/v1/stores/tiendanube/callback`;
      if (input.client_id !== app.clientId) throw integrationErrors.accessDenied('esta aplicación no existe en la tienda demo de Tiendanube.');
      if (input.decision === 'deny') {
        const back = new URL(redirect);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', input.state ?? '');
        return { redirect: back.toString() };
      }
      const url = await mutate(caller.id, (state) => ({ value: approveTiendanube(state, redirect, input.state ?? '', ctx.clock.now()) }));
      return { redirect: url };
    },
    /** 'Hacer un pedido de prueba': a customer pays an order in the demo store. */
    async placeOrder(caller: Caller, kind: 'normal' | 'unknown_postal_code'): Promise<DemoOrder> {
      const name = pick(CUSTOMERS);
      const where = { ...pick(ADDRESSES), ...(kind === 'unknown_postal_code' ? { zipcode: '00000' } : {}) };
      const products = [...PRODUCTS]
        .sort(() => randomInt(3) - 1)
        .slice(0, randomInt(1, 3))
        .map((p) => ({ ...p, quantity: randomInt(1, 3) }));
      const total = (products.reduce((sum, p) => sum + p.quantity * 249, 0) + 99).toFixed(2);
      const email = `${name
        .split(' ')[0]!
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')}.${randomInt(100, 999)}@correo.mx`;
      return mutate(caller.id, (state) => {
        const placed = placeOrder(
          state,
          { shipping_address: { name, ...where, country: 'MX', phone: `33${randomInt(10_000_000, 99_999_999)}` }, email, products, total },
          ctx.clock.now(),
        );
        return { value: toDemoOrder(state, placed.order), deliveries: placed.deliveries };
      });
    },
    async view(userId: string): Promise<DemoStore> {
      const state = asState(await repo.findDemoStore(ctx.db, userId, 'tiendanube'));
      return {
        store_url: `https://demo.mitiendanube.com/${DEMO_TIENDANUBE_STORE}`,
        name: 'Tienda demo de Tiendanube',
        orders: [...state.orders]
          .reverse()
          .slice(0, 50)
          .map((o) => toDemoOrder(state, o)),
        webhooks: state.webhooks.length,
      };
    },
  };
}

export type TiendanubeDemo = ReturnType<typeof createTiendanubeDemo>;
