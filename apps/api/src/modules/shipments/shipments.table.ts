import { sql } from 'drizzle-orm';
import type { CarrierCode } from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';
import type { InsuranceInformation, SelectedServiceSnapshot } from '@envios/contracts/shipments';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { carrierServices } from '../carriers/carriers.table.js';

/** A stored shipment side (contracts/addresses.ts `shipmentAddressSchema` output). */
export interface AddressColumn {
  full_name: string;
  email: string;
  phone: string;
  address: string;
  number: string;
  intNumber: string;
  reference_of_origin: string;
  colony: string;
  postal_code: string;
  city: string;
  state_code: string;
  country_code: string;
  state_short?: string;
}

export interface ParcelColumn {
  height: number;
  width: number;
  depth: number;
  weight: number;
}

/**
 * What the report's keyword matches, lower-cased: the customer's names and e-mail, the recipient,
 * the guide number and the reference. The trigram index is built on exactly this expression, so
 * a query must use this function to reach it.
 */
export function reportSearchText(t: {
  customerFirstNames: PgColumn;
  customerLastNames: PgColumn;
  customerEmail: PgColumn;
  destinationName: PgColumn;
  numberGuide: PgColumn;
  reference: PgColumn;
}) {
  return sql`lower(${t.customerFirstNames} || ' ' || ${t.customerLastNames} || ' ' || ${t.customerEmail} || ' ' || ${t.destinationName} || ' ' || coalesce(${t.numberGuide}, '') || ' ' || coalesce(${t.reference}, ''))`;
}

/**
 * What the list's keywords match: the recipient's name, the destination line and the service
 * name. The trigram index is built on exactly this expression, so the list's keyword condition
 * must use this function to reach it.
 */
export function listSearchText(t: { destinationName: PgColumn; destinationLine: PgColumn; serviceName: PgColumn }) {
  return sql`(${t.destinationName} || ' ' || ${t.destinationLine} || ' ' || ${t.serviceName})`;
}

/**
 * Shipments. A shipment exists before payment (`paid` false). The price snapshot is
 * frozen by the server at creation or at the last re-quote: `total_centavos` is what this guide
 * costs, `selected_service` explains it line by line. Soft-deleted rows keep their folio.
 * The list's columns (destination name, service, paid) are real columns so filters and paging
 * run on indexes instead of JSON.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The human folio (`numberOfOrder`), sequential. */
    numberOfOrder: bigint('number_of_order', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1000 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerFirstNames: text('customer_first_names').notNull(),
    customerLastNames: text('customer_last_names').notNull(),
    customerEmail: text('customer_email').notNull(),
    origin: jsonb('origin').$type<AddressColumn>().notNull(),
    destination: jsonb('destination').$type<AddressColumn>().notNull(),
    destinationName: text('destination_name').notNull(),
    destinationLine: text('destination_line').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => carrierServices.id),
    carrierCode: text('carrier_code').$type<CarrierCode>().notNull(),
    serviceName: text('service_name').notNull(),
    selectedService: jsonb('selected_service').$type<SelectedServiceSnapshot>().notNull(),
    totalCentavos: bigint('total_centavos', { mode: 'number' }).notNull(),
    transitDays: integer('transit_days').notNull(),
    shipmentType: text('shipment_type').$type<PackageType>().notNull(),
    parcels: jsonb('parcels').$type<ParcelColumn[]>().notNull(),
    description: text('description').notNull(),
    packageInsurance: boolean('package_insurance').notNull().default(false),
    insuranceInformation: jsonb('insurance_information').$type<InsuranceInformation>(),
    ecommerceOrderId: text('ecommerce_order_id'),
    ecommerceType: text('ecommerce_type'),
    localPickup: boolean('local_pickup').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    guideUrl: text('guide_url'),
    numberGuide: text('number_guide'),
    /** When a label of this guide was first downloaded (single, batch or ZPL): «Impresa» in Mis Envíos. */
    labelPrintedAt: timestamp('label_printed_at', { withTimezone: true }),
    reference: text('reference'),
    trackingStatus: text('tracking_status'),
    overweightKg: numeric('overweight_kg', { precision: 10, scale: 2, mode: 'number' }),
    overweightCentavos: bigint('overweight_centavos', { mode: 'number' }),
    overweightPaid: boolean('overweight_paid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_user_created_idx')
      .on(t.userId, t.createdAt.desc(), t.id)
      .where(sql`${t.deletedAt} is null`),
    // A user's list by paid state or by service: each index holds the list's whole order (newest
    // first, then id), so a page is an index-only walk with no sort.
    index('shipments_user_paid_created_idx')
      .on(t.userId, t.paid, t.createdAt.desc(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index('shipments_user_service_created_idx')
      .on(t.userId, t.serviceId, t.createdAt.desc(), t.id)
      .where(sql`${t.deletedAt} is null`),
    // The list's keywords (any part of the name, the line or the service) by trigrams.
    index('shipments_list_search_idx')
      .using('gin', sql`${listSearchText(t)} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('shipments_number_guide_idx').on(t.numberGuide),
    index('shipments_overweight_owed_idx')
      .on(t.userId)
      .where(sql`${t.overweightCentavos} > 0 and not ${t.overweightPaid} and ${t.deletedAt} is null`),
    // The admin's general report (every customer): the period, the service or the payment status,
    // newest first; a folio is looked up by its own index and a keyword by trigrams of the searchable text.
    // Shipments bought together share their time: the folio orders them, newest first.
    index('shipments_created_idx')
      .on(t.createdAt.desc(), t.numberOfOrder.desc())
      .where(sql`${t.deletedAt} is null`),
    index('shipments_service_created_idx')
      .on(t.serviceId, t.createdAt.desc(), t.numberOfOrder.desc())
      .where(sql`${t.deletedAt} is null`),
    index('shipments_paid_created_idx')
      .on(t.paid, t.createdAt.desc(), t.numberOfOrder.desc())
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('shipments_number_of_order_unique').on(t.numberOfOrder),
    index('shipments_report_search_idx')
      .using('gin', sql`(${reportSearchText(t)}) gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    check('shipments_money', sql`${t.totalCentavos} >= 0 and (${t.overweightCentavos} is null or ${t.overweightCentavos} >= 0)`),
    check('shipments_type', sql`${t.shipmentType} in ('document', 'box', 'pallet')`),
  ],
);

/**
 * `Idempotency-Key` of the creation calls: the same key from the same user within 24 hours answers
 * the shipments the first call created. `fingerprint` is a digest of the body, so a key reused
 * for a different purchase is refused instead of answering the wrong shipments.
 */
export const shipmentIdempotencyKeys = pgTable(
  'shipment_idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    shipmentIds: jsonb('shipment_ids').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The channel the list-state triggers announce changed users on (ids joined by commas, or '*'). */
export const SHIPMENT_LIST_CHANNEL = 'shipment_list';

/**
 * Per user: how many live shipments (and paid ones) there are, and a version that changes with
 * every write to that user's shipments. Kept by statement triggers on `shipments` (migration
 * 0003), so every module's writes count; lists read their totals here instead of counting rows,
 * and a cached page is valid while the version stands.
 */
export const shipmentListState = pgTable('shipment_list_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  live: integer('live').notNull().default(0),
  paid: integer('paid').notNull().default(0),
});
