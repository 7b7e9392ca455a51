import { fromCentavos } from '@envios/contracts/money';
import {
  storeStatusLabels,
  type OrderProblem,
  type PlatformId,
  type StoreOrderDetail,
  type StoreOrderPage,
  type StoreOrderRow,
} from '@envios/contracts/integrations';
import type { Caller } from '../../plugins/auth.js';
import { findShipmentsForStoreOrders, type OrderShipmentRow } from '../shipments/shipments.usecases.js';
import { integrationErrors } from './integrations.errors.js';
import * as repo from './integrations.repository.js';
import * as rules from './integrations.rules.repository.js';
import type { AutoOrderRow } from './integrations.rules.repository.js';
import { owns, type Ctx } from './integrations.shared.js';
import { describeItems, foldText, parcelFor } from './order-mapping.js';
import { ORDER_FILTER_MIN } from '@envios/contracts/integrations';

/* The E-Commerce tab: the account's store orders with the shipments made from them. */

function guideStatus(shipments: OrderShipmentRow[]): string {
  const latest = shipments[0];
  if (!latest) return 'Sin guía';
  if (!latest.status) return 'Guía sin pago';
  if (!latest.number_guide) return 'Pagado · generando guía';
  return latest.tracking_status ?? 'Guía generada';
}

function weightProblem(order: repo.StoreOrderRow): OrderProblem[] {
  if (order.weightSource === 'products') return [];
  const message =
    order.weightSource === 'pending'
      ? 'Aún leemos el peso de los productos en la tienda; revisa el paquete.'
      : 'La tienda no tiene el peso de algún producto: el paquete lleva un peso estimado de 1 kg; revísalo.';
  return [{ field: 'parcels', message, blocking: false }];
}

function toRow(
  order: repo.StoreOrderRow,
  store: { storeName: string; sandbox: boolean; platform: string },
  shipments: OrderShipmentRow[],
  auto: AutoOrderRow | undefined,
): StoreOrderRow {
  const d = order.destination;
  const problems = [...order.problems, ...weightProblem(order)];
  const latest = shipments[0];
  // 'Jalisco, Guadalajara' reads 'Guadalajara, Jalisco'; 'Ciudad de México, Ciudad de México' once.
  const place =
    [
      ...new Set(
        (d.city ?? '')
          .split(',')
          .reverse()
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ].join(', ') || order.rawAddress.city;
  const where = [place, d.postal_code ? `C.P. ${d.postal_code}` : ''].filter(Boolean).join(' · ');
  return {
    _id: order.id,
    connection_id: order.connectionId,
    platform: store.platform as PlatformId,
    store_name: store.storeName,
    sandbox: store.sandbox,
    order_id: order.externalId,
    number: order.number,
    created_at: order.createdAtStore.toISOString(),
    store_status: order.status,
    store_status_label: storeStatusLabels[order.status] ?? order.status,
    name: order.customerName,
    destination: where,
    total: fromCentavos(order.totalCentavos),
    currency: order.currency,
    problems,
    ready: !problems.some((p) => p.blocking),
    service: latest?.service ?? (order.shippingMethod || null),
    number_guide: shipments.find((s) => s.number_guide)?.number_guide ?? null,
    guide_status: guideStatus(shipments),
    shipments: shipments.map(({ orderId: _o, ...s }) => s),
    auto_ship: auto ? { status: auto.status, reason: auto.reason } : null,
  };
}

export async function listStoreOrders(ctx: Ctx, userId: string, q: { filter?: string | undefined; page: number; limit: number }): Promise<StoreOrderPage> {
  const term = q.filter ? foldText(q.filter) : '';
  const search = term.length >= ORDER_FILTER_MIN ? term : undefined;
  const { rows, count } = await repo.listOrders(ctx.db, { userId, search, limit: q.limit, offset: (q.page - 1) * q.limit });
  const [shipments, autos] = await Promise.all([
    findShipmentsForStoreOrders(
      ctx.db,
      userId,
      rows.map((r) => r.order.id),
    ),
    rules.findAutoOrders(
      ctx.db,
      rows.map((r) => r.order.id),
    ),
  ]);
  const pages = Math.max(1, Math.ceil(count / q.limit));
  return {
    data: rows.map((r) =>
      toRow(
        r.order,
        r,
        shipments.filter((s) => s.orderId === r.order.id),
        autos.find((a) => a.orderId === r.order.id),
      ),
    ),
    count,
    page: q.page,
    pages,
    next: q.page < pages ? q.page + 1 : null,
    previous: q.page > 1 ? q.page - 1 : null,
  };
}

/** One order with everything 'Generar Guia' pre-fills (its owner or an admin). */
export async function getStoreOrder(
  ctx: Ctx,
  caller: Caller,
  id: string,
  onWeightPending?: (connectionId: string) => Promise<void>,
): Promise<StoreOrderDetail> {
  const found = await repo.findOrderWithStore(ctx.db, id);
  if (!found) throw integrationErrors.orderNotFound();
  if (!owns(caller, found.order.userId)) throw integrationErrors.notYours();
  const order = found.order;
  if (order.weightSource === 'pending') await onWeightPending?.(order.connectionId);
  const shipments = await findShipmentsForStoreOrders(ctx.db, order.userId, [order.id]);
  const productIds = [...new Set(order.items.map((i) => i.productId))];
  const products = new Map((await repo.findProducts(ctx.db, order.connectionId, productIds)).map((p) => [p.productId, p.weightKg]));
  const d = order.destination;
  return {
    ...toRow(order, found, shipments, await rules.findAutoOrder(ctx.db, order.id)),
    destination_direction: {
      full_name: d.full_name ?? '',
      email: d.email ?? '',
      phone: d.phone ?? '',
      address: d.address ?? '',
      number: d.number ?? '',
      intNumber: d.intNumber ?? '',
      reference_of_origin: d.reference_of_origin ?? '',
      colony: d.colony ?? '',
      postal_code: d.postal_code ?? '',
      city: d.city ?? '',
      state_code: d.state_code ?? '',
      state_short: d.state_short ?? '',
      country_code: d.country_code ?? 'MX',
    },
    description_of_the_content: describeItems(order.items),
    parcels: [parcelFor(order.weightKg, order.parcelCm ?? null)],
    weight_kg: order.weightKg,
    weight_from_products: order.weightSource === 'products',
    items: order.items.map((i) => ({ name: i.name, quantity: i.quantity, sku: i.sku, weight_kg: products.get(i.productId) ?? null })),
    customer_note: order.customerNote,
    shipping_method: order.shippingMethod,
  };
}
