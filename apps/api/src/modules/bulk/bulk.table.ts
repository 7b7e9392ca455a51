import { sql } from 'drizzle-orm';
import type { BulkFieldError, BulkQuote, BulkRowStatus, BulkUploadStatus } from '@envios/contracts/bulk';
import type { CreateShipmentInput } from '@envios/contracts/shipments';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { shipments } from '../shipments/shipments.table.js';

/** One spreadsheet (or JSON call) of shipments: its rows are checked by durable jobs in chunks. */
export const bulkUploads = pgTable(
  'bulk_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<BulkUploadStatus>().notNull().default('processing'),
    totalRows: integer('total_rows').notNull(),
    ignoredColumns: jsonb('ignored_columns')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_uploads_user_created_idx').on(t.userId, t.createdAt.desc()), check('bulk_uploads_status', sql`${t.status} in ('processing', 'ready')`)],
);

/**
 * One row of an upload: what the seller wrote, where it stands, why it is wrong, the body it
 * becomes (the wizard's create-shipment input) and the quote chosen for it.
 */
export const bulkRows = pgTable(
  'bulk_rows',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => bulkUploads.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    status: text('status').$type<BulkRowStatus>().notNull().default('pending'),
    errors: jsonb('errors')
      .$type<BulkFieldError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    body: jsonb('body').$type<CreateShipmentInput>(),
    quote: jsonb('quote').$type<BulkQuote>(),
    netCentavos: bigint('net_centavos', { mode: 'number' }),
    fingerprint: text('fingerprint'),
    recreate: boolean('recreate').notNull().default(false),
    /** The same row earlier in this file, when it repeats one. */
    sameFileRow: integer('same_file_row'),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.row] }),
    index('bulk_rows_upload_status_idx').on(t.uploadId, t.status, t.row),
    check('bulk_rows_status', sql`${t.status} in ('pending', 'valid', 'invalid', 'duplicate', 'created')`),
  ],
);

/**
 * Rows already created, per account: the same row uploaded again (this file or another) is
 * reported as created instead of being created twice, unless the seller chooses «Crear de nuevo».
 */
export const bulkFingerprints = pgTable(
  'bulk_fingerprints',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    uploadId: uuid('upload_id').references(() => bulkUploads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bulk_fingerprints_user_unique').on(t.userId, t.fingerprint)],
);
