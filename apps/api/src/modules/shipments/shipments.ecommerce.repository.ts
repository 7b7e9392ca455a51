import { and, eq, inArray, isNull } from 'drizzle-orm';
import { PLATFORM_IDS } from '@envios/contracts/integrations';
import { fromCentavos } from '@envios/contracts/money';
import type { Executor } from '../../db/client.js';
import { shipments } from './shipments.table.js';

/**
 * What the integrations module needs of shipments made from store orders: the
 * shipments of some orders, for the E-Commerce tab, and the order a shipment came from, for
 * the tracking written back to the store. The link is `shipment_ecommerce.order_id`.
 */

export interface OrderShipmentRow {
  orderId: string;
  _id: string;
  numberOfOrder: number;
  status: boolean;
  number_guide: string | null;
  service: string;
  tracking_status: string | null;
  total_amount: number;
}

/** The live shipments of `userId` made from these store orders, newest first. */
export async function findShipmentsForStoreOrders(ex: Executor, userId: string, orderIds: readonly string[]): Promise<OrderShipmentRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await ex
    .select({
      orderId: shipments.ecommerceOrderId,
      id: shipments.id,
      numberOfOrder: shipments.numberOfOrder,
      paid: shipments.paid,
      numberGuide: shipments.numberGuide,
      carrier: shipments.carrierCode,
      selectedService: shipments.selectedService,
      serviceName: shipments.serviceName,
      trackingStatus: shipments.trackingStatus,
      totalCentavos: shipments.totalCentavos,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.userId, userId),
        inArray(shipments.ecommerceType, [...PLATFORM_IDS]),
        inArray(shipments.ecommerceOrderId, [...orderIds]),
        isNull(shipments.deletedAt),
      ),
    );
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => ({
      orderId: r.orderId!,
      _id: r.id,
      numberOfOrder: r.numberOfOrder,
      status: r.paid,
      number_guide: r.numberGuide,
      service: `${r.selectedService.carrier} - ${r.serviceName}`,
      tracking_status: r.trackingStatus,
      total_amount: fromCentavos(r.totalCentavos),
    }));
}

export interface EcommerceLink {
  userId: string;
  orderId: string;
}

/** The store order a shipment was made from, if any (of any store platform). */
export async function findEcommerceLink(ex: Executor, shipmentId: string): Promise<EcommerceLink | undefined> {
  const [row] = await ex
    .select({ userId: shipments.userId, orderId: shipments.ecommerceOrderId, type: shipments.ecommerceType })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  if (!row?.orderId || !(PLATFORM_IDS as readonly string[]).includes(row.type ?? '')) return undefined;
  return { userId: row.userId, orderId: row.orderId };
}
