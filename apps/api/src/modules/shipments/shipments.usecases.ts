import { fromCentavos, type Centavos } from '@envios/contracts/money';
import type { QuoteRequest } from '@envios/contracts/quotes';
import { shipmentMessages, type CreateShipment, type GuideStatus, type OverweightOwed, type Shipment } from '@envios/contracts/shipments';
import { trackingHeadlines } from '@envios/contracts/tracking-rules';
import type { Database } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { createShipmentCreation } from './shipments.create.js';
import type { ShipmentsDeps } from './shipments.deps.js';
import { toShipmentDto } from './shipments.dto.js';
import { createShipmentEdits } from './shipments.edit.js';
import { createShipmentLists } from './shipments.lists.js';
import * as repo from './shipments.repository.js';
import { createShipmentChecks, insuredValueOf } from './shipments.shared.js';
import { quoteRequestFor, toAddressColumn } from './shipment-pricing.js';

export { fingerprintOf, type CreationResult } from './shipments.create.js';
export { toAddressDto, toRowDto, toShipmentDto } from './shipments.dto.js';
export type { UpdateShipment } from './shipments.edit.js';
export { parseKeywords, type ListQuery } from './shipments.lists.js';
export { SHIPMENT_LIST_CHANNEL } from './shipments.table.js';
export type { AccountInfo, ShipmentsDeps } from './shipments.deps.js';

/*
 * What other modules may do with shipments, each in the caller's transaction. The SQL lives in the
 * shipments repositories; payments, guides and tracking reach it only through these names.
 */
export {
  clearShipmentsReference,
  lockShipmentsForPayment,
  markOverweightPaid,
  markShipmentsPaid,
  readOwedOverweight,
  readShipmentsForPayment,
  setShipmentsReference,
  type OwedOverweight,
  type PayableShipment,
} from './shipments.payments.repository.js';
export { settlePaidShares, type RefusedShare, type SettledShares, type ShareToSettle } from './shipments.paid.js';
export {
  findShipmentForGuide,
  findShipmentsForGuides,
  labelShipmentIdsPaidSince,
  markLabelsPrinted,
  setShipmentGuide,
  type AddressColumn,
  type ShipmentForGuide,
} from './shipments.guides.repository.js';
export { setShipmentTrackingStatus } from './shipments.tracking.repository.js';
export {
  clearShipmentOverweight,
  lockShipmentForOverweight,
  overweightPaidOf,
  readShipmentForOverweight,
  setShipmentOverweight,
  type OverweightShipment,
} from './shipments.overweight.repository.js';
export { findEcommerceLink, findShipmentsForStoreOrders, type EcommerceLink, type OrderShipmentRow } from './shipments.ecommerce.repository.js';
export { shipmentsByIds, slipShipments, type SlipShipment } from './shipments.slip.js';

/**
 * The quote a creation body stands for, exactly as `create` asks it again: the bulk upload quotes
 * its rows with it, so the price it shows is the price creation checks.
 */
export function quoteRequestForBody(body: CreateShipment): QuoteRequest {
  const insurance = body.package_insurance ? (body.insurance_information ?? null) : null;
  return quoteRequestFor({
    origin: toAddressColumn(body.origin_direction),
    destination: toAddressColumn(body.destination_direction),
    shipmentType: body.shipment_type,
    parcels: body.parcels,
    guides: body.cantidadGuias,
    insuredValue: insuredValueOf(body.package_insurance, insurance),
  });
}

/** The quote's `OverweightProvider`: the caller's unpaid overweight in centavos, one aggregate query. */
export function overweightOwedProvider(db: Database): (userId: string) => Promise<Centavos> {
  return (userId) => repo.sumOverweightOwed(db, userId);
}

export type Shipments = ReturnType<typeof createShipments>;

/**
 * Shipments before and after payment: creation from the
 * wizard with a server-side re-quote, the list and its filters paged in SQL, detail and edits,
 * bulk duplicate and delete, statistics and the overweight carried into the next quote.
 */
export function createShipments(deps: ShipmentsDeps) {
  const { db } = deps;
  const checks = createShipmentChecks(deps);
  const { requireOwned } = checks;

  return {
    ...createShipmentCreation(deps, checks),

    async get(caller: Caller, id: string): Promise<Shipment> {
      return toShipmentDto(await requireOwned(caller, id));
    },

    ...createShipmentEdits(deps, checks),

    ...createShipmentLists(deps),

    /** Overweight of paid shipments not paid yet; its sum goes once into the next purchase. */
    async overweightOwed(userId: string): Promise<OverweightOwed> {
      const rows = await repo.listOverweightOwed(db, userId);
      return {
        docs: rows.map((r) => ({
          _id: r.id,
          numberOfOrder: r.numberOfOrder,
          number_guide: r.numberGuide,
          overweight: r.overweightKg ?? 0,
          cost_overweight: fromCentavos(r.overweightCentavos),
        })),
        total_cost_overweight: fromCentavos(rows.reduce((n, r) => n + r.overweightCentavos, 0)),
      };
    },

    async guideStatus(caller: Caller, id: string): Promise<GuideStatus> {
      const s = await requireOwned(caller, id);
      return { number_guide: s.numberGuide, messge: s.numberGuide ? (s.trackingStatus ?? trackingHeadlines.created) : shipmentMessages.noGuideStats };
    },

    async parcels(caller: Caller, id: string) {
      const s = toShipmentDto(await requireOwned(caller, id));
      return { _id: s._id, shipment_type: s.shipment_type, parcels: s.parcels };
    },
  };
}
