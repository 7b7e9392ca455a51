import { sql } from 'drizzle-orm';
import { check, integer, pgSequence, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every load of the catalogue (the demo seed or an import) writes its rows under a new version;
 * the single state row names the version that answers. A re-import therefore never touches the
 * rows being served until it switches the state row, and then deletes the older versions.
 */
export const postalCatalogueVersionSeq = pgSequence('postal_catalogue_version_seq');

export const postalCodes = pgTable(
  'postal_codes',
  {
    catalogueVersion: integer('catalogue_version').notNull(),
    countryCode: text('country_code').notNull(),
    postalCode: text('postal_code').notNull(),
    /** SEPOMEX `id_asenta_cpcons`: with the postal code it identifies the settlement. */
    settlementId: text('settlement_id').notNull(),
    settlement: text('settlement').notNull(),
    settlementType: text('settlement_type').notNull(),
    municipality: text('municipality').notNull(),
    state: text('state').notNull(),
    stateCode: text('state_code').notNull(),
    stateShort: text('state_short').notNull(),
    /** SEPOMEX leaves the city empty for most rural settlements; the importer puts the municipality there. */
    city: text('city').notNull(),
    zone: text('zone').notNull(),
  },
  (t) => [primaryKey({ columns: [t.catalogueVersion, t.countryCode, t.postalCode, t.settlementId] })],
);

export const catalogueSources = ['demo', 'sepomex'] as const;
export type CatalogueSource = (typeof catalogueSources)[number];

export const postalCatalogueState = pgTable(
  'postal_catalogue_state',
  {
    id: smallint('id').primaryKey().default(1),
    activeVersion: integer('active_version').notNull(),
    source: text('source', { enum: catalogueSources }).notNull(),
    rowCount: integer('row_count').notNull(),
    postalCodeCount: integer('postal_code_count').notNull(),
    /** The imported file's name (never its path), for the record. */
    sourceFile: text('source_file'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('postal_catalogue_state_single_row', sql`${t.id} = 1`), check('postal_catalogue_state_source', sql`${t.source} in ('demo', 'sepomex')`)],
);
