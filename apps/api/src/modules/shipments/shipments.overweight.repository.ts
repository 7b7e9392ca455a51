import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { SelectedServiceSnapshot } from '@envios/contracts/shipments';
import type { Executor } from '../../db/client.js';
import { shipments, type AddressColumn, type ParcelColumn } from './shipments.table.js';

/**
 * The shipment side of overweight: the row an overweight locks while it is recorded, disputed or
 * resolved, and the only writes of the shipment's overweight columns besides the payment's
 * `markOverweightPaid`. Those columns say what is chargeable now (the quote adds them to the next
 * purchase, `payOverWeight` charges them); the overweight module keeps the story.
 */
export interface OverweightShipment {
  id: string;
  userId: string;
  numberOfOrder: number;
  numberGuide: string | null;
  serviceId: string;
  carrierCode: CarrierCode;
  serviceName: string;
  carrierName: string;
  customerFirstNames: string;
  customerLastNames: string;
  customerEmail: string;
  totalCentavos: number;
  createdAt: Date;
  origin: AddressColumn;
  destination: AddressColumn;
  parcels: ParcelColumn[];
  /** Billable kg the guide was priced for (the snapshot's), 0 when unknown. */
  billableKg: number;
  paid: boolean;
  deleted: boolean;
  overweightKg: number | null;
  overweightCentavos: number | null;
  overweightPaid: boolean;
}

const columns = {
  id: shipments.id,
  userId: shipments.userId,
  numberOfOrder: shipments.numberOfOrder,
  numberGuide: shipments.numberGuide,
  serviceId: shipments.serviceId,
  carrierCode: shipments.carrierCode,
  serviceName: shipments.serviceName,
  selectedService: shipments.selectedService,
  customerFirstNames: shipments.customerFirstNames,
  customerLastNames: shipments.customerLastNames,
  customerEmail: shipments.customerEmail,
  totalCentavos: shipments.totalCentavos,
  createdAt: shipments.createdAt,
  origin: shipments.origin,
  destination: shipments.destination,
  parcels: shipments.parcels,
  paid: shipments.paid,
  deletedAt: shipments.deletedAt,
  overweightKg: shipments.overweightKg,
  overweightCentavos: shipments.overweightCentavos,
  overweightPaid: shipments.overweightPaid,
};

type SelectedRow = Omit<OverweightShipment, 'deleted' | 'billableKg' | 'carrierName'> & {
  selectedService: SelectedServiceSnapshot;
  deletedAt: Date | null;
};

function toOverweightShipment(row: SelectedRow): OverweightShipment {
  const { deletedAt, selectedService, ...rest } = row;
  return { ...rest, carrierName: selectedService.carrier, billableKg: Number(selectedService.billable_weight_kg ?? 0), deleted: deletedAt !== null };
}

/** The shipment (deleted ones too), locked FOR UPDATE until the transaction ends; undefined when it does not exist. */
export async function lockShipmentForOverweight(tx: Executor, id: string): Promise<OverweightShipment | undefined> {
  const [row] = await tx.select(columns).from(shipments).where(eq(shipments.id, id)).for('update');
  return row ? toOverweightShipment(row) : undefined;
}

/** The same read without a lock (suggestions, details). */
export async function readShipmentForOverweight(ex: Executor, id: string): Promise<OverweightShipment | undefined> {
  const [row] = await ex.select(columns).from(shipments).where(eq(shipments.id, id));
  return row ? toOverweightShipment(row) : undefined;
}

/**
 * What is chargeable now: `centavos` null while a dispute holds the charge (nothing joins the next
 * purchase and `payOverWeight` refuses), or the amount once it may be charged.
 */
export async function setShipmentOverweight(tx: Executor, id: string, value: { kg: number | null; centavos: number | null }, now: Date): Promise<void> {
  await tx.update(shipments).set({ overweightKg: value.kg, overweightCentavos: value.centavos, updatedAt: now }).where(eq(shipments.id, id));
}

/** The overweight is gone (removed, or cancelled by an accepted dispute): nothing owed, nothing paid. */
export async function clearShipmentOverweight(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.update(shipments).set({ overweightKg: null, overweightCentavos: null, overweightPaid: false, updatedAt: now }).where(eq(shipments.id, id));
}

/**
 * Whether a shipment's overweight is paid, as a correlated subquery on its primary key: the
 * overweight lists filter and show the paid state without another module reading this table.
 */
export function overweightPaidOf(shipmentId: AnyColumn): SQL<boolean> {
  return sql<boolean>`coalesce((select ${shipments.overweightPaid} from ${shipments} where ${shipments.id} = ${shipmentId}), false)`;
}
