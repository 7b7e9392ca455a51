import { sql } from 'drizzle-orm';
import type { CarrierCode, TariffZone } from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * The carrier catalogue: carriers → services → tariff brackets, remote-area postal codes and
 * resale markups. Quotes read it from memory; every admin change bumps the single version row in
 * the same transaction, so every process notices and reloads (see carriers.usecases.ts).
 * Money is integer centavos (`bigint`, read as number: far below 2^53).
 */
export const carrierCatalogueState = pgTable(
  'carrier_catalogue_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull(),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('carrier_catalogue_state_single_row', sql`${t.id} = 1`)],
);

export const carriers = pgTable(
  'carriers',
  {
    code: text('code').$type<CarrierCode>().primaryKey(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remoteAreaSurchargeCentavos: bigint('remote_area_surcharge_centavos', { mode: 'number' }).notNull().default(0),
    /** Basis points of the insured value (150 = 1.5 %). */
    insuranceRateBp: integer('insurance_rate_bp').notNull().default(0),
    insuranceMinCentavos: bigint('insurance_min_centavos', { mode: 'number' }).notNull().default(0),
    sortOrder: smallint('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('carriers_money_not_negative', sql`${t.remoteAreaSurchargeCentavos} >= 0 and ${t.insuranceMinCentavos} >= 0 and ${t.insuranceRateBp} >= 0`)],
);

export const carrierServices = pgTable(
  'carrier_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carrierCode: text('carrier_code')
      .$type<CarrierCode>()
      .notNull()
      .references(() => carriers.code, { onDelete: 'cascade' }),
    /** The carrier's own name (carrier_service_name), kept exactly as the carrier writes it. */
    name: text('name').notNull(),
    scope: text('scope', { enum: ['domestic', 'international'] }).notNull(),
    transitDays: smallint('transit_days').notNull(),
    maxWeightKg: integer('max_weight_kg').notNull(),
    volumetricDivisor: integer('volumetric_divisor').notNull().default(5000),
    guideSource: text('guide_source', { enum: ['inventory', 'carrier_api'] }).notNull(),
    packageTypes: text('package_types').array().$type<PackageType[]>().notNull(),
    /** Flat price of a sobre up to 1 kg; null: documents are priced by the tariff. */
    documentPriceCentavos: bigint('document_price_centavos', { mode: 'number' }),
    /** DHL productCode / FedEx serviceType, to match the carrier API's answer. */
    externalCode: text('external_code'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('carrier_services_carrier_name_unique').on(t.carrierCode, t.name),
    check('carrier_services_scope', sql`${t.scope} in ('domestic', 'international')`),
    check('carrier_services_guide_source', sql`${t.guideSource} in ('inventory', 'carrier_api')`),
    check('carrier_services_limits', sql`${t.transitDays} >= 0 and ${t.maxWeightKg} > 0 and ${t.volumetricDivisor} > 0`),
  ],
);

/** A bracket: cost(w) = base + (w − min_kg) × extra_kg for min_kg ≤ w ≤ max_kg (whole kg). */
export const tariffRows = pgTable(
  'tariff_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => carrierServices.id, { onDelete: 'cascade' }),
    zone: text('zone').$type<TariffZone>().notNull(),
    minKg: integer('min_kg').notNull(),
    maxKg: integer('max_kg').notNull(),
    baseCentavos: bigint('base_centavos', { mode: 'number' }).notNull(),
    extraKgCentavos: bigint('extra_kg_centavos', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('tariff_rows_bracket_unique').on(t.serviceId, t.zone, t.minKg),
    check('tariff_rows_bracket', sql`${t.minKg} >= 1 and ${t.maxKg} >= ${t.minKg}`),
    check('tariff_rows_money', sql`${t.baseCentavos} >= 0 and ${t.extraKgCentavos} >= 0`),
  ],
);

/** Destination postal codes where a carrier charges its remote-area surcharge. */
export const carrierRemoteAreas = pgTable(
  'carrier_remote_areas',
  {
    carrierCode: text('carrier_code')
      .$type<CarrierCode>()
      .notNull()
      .references(() => carriers.code, { onDelete: 'cascade' }),
    postalCode: text('postal_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.postalCode] })],
);

/**
 * Our margin over the carrier cost. A null service means every service; a null user means every
 * customer (and visitors). `user_id` holds an account id without a foreign key: accounts are
 * another module's tables.
 */
export const markups = pgTable(
  'markups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id').references(() => carrierServices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    /** Basis points over the cost (1200 = 12 %). */
    percentBp: integer('percent_bp').notNull(),
    fixedCentavos: bigint('fixed_centavos', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('markups_scope_unique').on(t.serviceId, t.userId).nullsNotDistinct(),
    check('markups_not_negative', sql`${t.percentBp} >= 0 and ${t.fixedCentavos} >= 0`),
  ],
);

/** Every change an admin makes to the catalogue: who, when, before and after. */
export const carrierAudit = pgTable(
  'carrier_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('carrier_audit_at_idx').on(t.at), index('carrier_audit_entity_idx').on(t.entity, t.entityId, t.at)],
);
