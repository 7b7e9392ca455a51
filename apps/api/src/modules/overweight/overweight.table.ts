import { sql } from 'drizzle-orm';
import type { DisputeStatus, OverweightEventKind, OverweightFileType, OverweightRule } from '@envios/contracts/overweight';
import { bigint, check, customType, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { carrierServices } from '../carriers/carriers.table.js';
import { shipments } from '../shipments/shipments.table.js';

/** Raw bytes (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export interface DeclaredParcelColumn {
  height: number;
  width: number;
  depth: number;
  weight: number;
}

/**
 * One overweight per shipment: what the customer declared (copied when it was recorded, so a
 * later edit of the shipment cannot rewrite the evidence), what the carrier measured, the tariff
 * rule that priced the difference and the one dispute the customer may open. The shipment's own
 * columns (`overweight_kg`, `overweight_centavos`, `overweight_paid`) carry what is chargeable now;
 * this row carries why. Immutable facts of the paid shipment (folio, guide, service, customer,
 * total, purchase date) are copied too: the lists filter and search here without reading shipments.
 */
export const overweightRecords = pgTable(
  'overweight_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => carrierServices.id),
    shipmentCreatedAt: timestamp('shipment_created_at', { withTimezone: true }).notNull(),
    numberOfOrder: bigint('number_of_order', { mode: 'number' }).notNull(),
    numberGuide: text('number_guide'),
    carrierCode: text('carrier_code').notNull(),
    serviceName: text('service_name').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    shipmentTotalCentavos: bigint('shipment_total_centavos', { mode: 'number' }).notNull(),
    overweightKg: numeric('overweight_kg', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    costCentavos: bigint('cost_centavos', { mode: 'number' }).notNull(),
    declaredWeightKg: numeric('declared_weight_kg', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    declaredBillableKg: numeric('declared_billable_kg', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    declaredParcels: jsonb('declared_parcels').$type<DeclaredParcelColumn[]>().notNull(),
    measuredWeightKg: numeric('measured_weight_kg', { precision: 10, scale: 2, mode: 'number' }),
    measuredHeightCm: numeric('measured_height_cm', { precision: 10, scale: 2, mode: 'number' }),
    measuredWidthCm: numeric('measured_width_cm', { precision: 10, scale: 2, mode: 'number' }),
    measuredDepthCm: numeric('measured_depth_cm', { precision: 10, scale: 2, mode: 'number' }),
    measuredBillableKg: numeric('measured_billable_kg', { precision: 10, scale: 2, mode: 'number' }),
    /** How the service's tariff priced the extra kilos; null when there was nothing to price it with. */
    rule: jsonb('rule').$type<OverweightRule>(),
    suggestedCostCentavos: bigint('suggested_cost_centavos', { mode: 'number' }),
    note: text('note'),
    disputeStatus: text('dispute_status').$type<DisputeStatus>().notNull().default('none'),
    disputeMessage: text('dispute_message'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    resolutionReason: text('resolution_reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** Given back to the wallet when an accepted dispute cancelled a paid overweight (set once). */
    refundCentavos: bigint('refund_centavos', { mode: 'number' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('overweight_records_shipment_unique').on(t.shipmentId),
    index('overweight_records_user_created_idx').on(t.userId, t.shipmentCreatedAt.desc(), t.id),
    index('overweight_records_created_idx').on(t.shipmentCreatedAt.desc(), t.id),
    index('overweight_records_service_created_idx').on(t.serviceId, t.shipmentCreatedAt.desc()),
    index('overweight_records_open_disputes_idx')
      .on(t.disputedAt)
      .where(sql`${t.disputeStatus} = 'open'`),
    check('overweight_records_money', sql`${t.costCentavos} >= 0 and ${t.overweightKg} >= 0 and (${t.refundCentavos} is null or ${t.refundCentavos} > 0)`),
    check('overweight_records_dispute', sql`${t.disputeStatus} in ('none', 'open', 'accepted', 'rejected')`),
  ],
);

/** Evidence (an admin's photos or the carrier's PDF) and dispute attachments, kept in the database. */
export const overweightFiles = pgTable(
  'overweight_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => overweightRecords.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'evidence' | 'dispute'>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<OverweightFileType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('overweight_files_record_idx').on(t.recordId, t.createdAt),
    check('overweight_files_kind', sql`${t.kind} in ('evidence', 'dispute')`),
    check('overweight_files_size', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 5242880`),
  ],
);

/** The overweight's story, one line per step (recorded, charged, disputed, resolved, refunded). */
export const overweightEvents = pgTable(
  'overweight_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Steps of one transaction share their time: this keeps their order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => overweightRecords.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OverweightEventKind>().notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('overweight_events_record_idx').on(t.recordId, t.seq)],
);
