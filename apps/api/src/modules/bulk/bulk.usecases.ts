import {
  bulkRowValuesSchema,
  type BulkCreateResult,
  type BulkReport,
  type BulkRow,
  type BulkRowPage,
  type BulkRowStatus,
  type BulkRowValues,
  type BulkShipment,
  type BulkUpload,
} from '@envios/contracts/bulk';
import { fromCentavos } from '@envios/contracts/money';
import { createShipmentSchema, type CreateShipment } from '@envios/contracts/shipments';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { AppError, commonErrors } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import { bindUseCases } from '../../shared/use-cases.js';
import { shipmentsByIds } from '../shipments/shipments.usecases.js';
import { readBulkFile, type ReadRows } from './bulk-file.js';
import { checkRows } from './bulk-check.js';
import { templateCsv, templateXlsx } from './bulk-template.js';
import { bulkErrors } from './bulk.errors.js';
import type { BulkDeps } from './bulk.deps.js';
import * as repo from './bulk.repository.js';

export type { BulkDeps } from './bulk.deps.js';

/** The durable job that checks and quotes an upload's rows, a chunk at a time. */
export const BULK_CHECK_JOB = 'bulk.check';
/** Rows one job checks before handing the rest to the next one (so guide jobs never wait long behind it). */
export const CHECK_CHUNK = 250;
/** Uploads this small are checked before the upload call answers. */
export const INLINE_ROWS = 100;
/** Rows created per creation transaction. */
const CREATE_CHUNK = 100;

export interface CheckPayload {
  uploadId: string;
  chunk: number;
}

const isAdmin = (caller: Caller) => caller.rol === 'admin';

function toRowDto(r: repo.RowRecord): BulkRow {
  return {
    row: r.row,
    status: r.status,
    values: r.values,
    errors: r.errors,
    quote: r.status === 'valid' || r.status === 'created' ? r.quote : null,
    duplicate_of:
      r.status === 'duplicate' || (r.recreate && r.status === 'valid')
        ? {
            number_of_order: r.duplicateOf?.numberOfOrder ?? null,
            created_at: (r.duplicateOf?.createdAt ?? new Date(0)).toISOString(),
            same_file_row: r.sameFileRow,
          }
        : null,
    recreate: r.recreate,
    shipment_id: r.shipmentId,
    number_of_order: r.numberOfOrder,
  };
}

async function uploadDto(ex: Executor, upload: repo.UploadRow): Promise<BulkUpload> {
  const totals = await repo.uploadTotals(ex, upload.id);
  return {
    _id: upload.id,
    file_name: upload.fileName,
    status: upload.status,
    total_rows: upload.totalRows,
    processed_rows: upload.totalRows - totals.counts.pending,
    counts: totals.counts,
    valid_amount: fromCentavos(totals.validCentavos),
    unpaid_shipments: totals.unpaid,
    ignored_columns: upload.ignoredColumns,
    created_at: upload.createdAt.toISOString(),
  };
}

async function requireOwned(deps: BulkDeps, caller: Caller, id: string): Promise<repo.UploadRow> {
  const upload = await repo.findUpload(deps.db, id);
  if (!upload) throw bulkErrors.notFound();
  if (upload.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  return upload;
}

/** Checks the next chunk of an upload's pending rows; answers whether rows are left. */
async function checkNextChunk(deps: BulkDeps, uploadId: string, limit: number, next?: (tx: Executor) => Promise<void>): Promise<boolean> {
  const upload = await repo.findUpload(deps.db, uploadId);
  if (!upload) return false;
  const rows = await repo.pendingRows(deps.db, uploadId, limit);
  const checked = await checkRows(deps, upload, rows);
  const now = deps.clock.now();
  const more = rows.length === limit;
  await deps.db.transaction(async (tx) => {
    await repo.saveChecked(tx, uploadId, checked, now);
    if (more) await next?.(tx);
    else await repo.markUploadReady(tx, uploadId, now);
  });
  return more;
}

/** The durable chain: each job checks a chunk and enqueues the next one in the same commit. */
export function registerBulkJob(deps: BulkDeps): void {
  deps.jobs.register<CheckPayload>(BULK_CHECK_JOB, {
    async run(payload) {
      await checkNextChunk(deps, payload.uploadId, CHECK_CHUNK, async (tx) => {
        await deps.jobs.enqueue<CheckPayload>(
          {
            type: BULK_CHECK_JOB,
            key: `${BULK_CHECK_JOB}:${payload.uploadId}:${payload.chunk + 1}`,
            payload: { uploadId: payload.uploadId, chunk: payload.chunk + 1 },
          },
          tx,
        );
      });
      deps.jobs.wake();
    },
  });
}

async function fullReport(deps: BulkDeps, upload: repo.UploadRow): Promise<BulkReport> {
  const summary = await uploadDto(deps.db, upload);
  if (summary.status !== 'ready') return { ...summary, rows: [] };
  const { rows } = await repo.listRows(deps.db, upload.id, { limit: upload.totalRows, offset: 0 });
  return { ...summary, rows: await withDuplicates(deps, upload, rows).then((list) => list.map(toRowDto)) };
}

/** Adds, to duplicate rows, when and as which folio they were created before. */
async function withDuplicates(deps: BulkDeps, upload: repo.UploadRow, rows: repo.RowRecord[]): Promise<repo.RowRecord[]> {
  const wanted = rows.filter((r) => (r.status === 'duplicate' || r.recreate) && r.fingerprint).map((r) => r.fingerprint!);
  const before = await repo.createdFingerprints(deps.db, upload.userId, wanted);
  return rows.map((r) => (r.fingerprint && before.has(r.fingerprint) ? { ...r, duplicateOf: before.get(r.fingerprint) } : r));
}

/**
 * `POST /shipments/bulk`: reads the file (or takes the JSON rows), keeps the upload and its rows,
 * and checks them: a small upload before answering (the report comes with every row), a larger
 * one by durable jobs (the answer says `processing`; `GET /shipments/bulk/{id}` follows it).
 */
async function upload(deps: BulkDeps, caller: Caller, input: { fileName: string; file?: Buffer; rows?: BulkRowValues[] }): Promise<BulkReport> {
  let read: ReadRows;
  if (input.file) read = readBulkFile(input.file);
  else read = { rows: (input.rows ?? []).map((values, i) => ({ row: i + 1, values })), ignoredColumns: [] };
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const row = await repo.insertUpload(tx, {
      userId: caller.id,
      fileName: input.fileName,
      totalRows: read.rows.length,
      ignoredColumns: read.ignoredColumns,
      now,
    });
    await repo.insertRows(
      tx,
      row.id,
      read.rows.map((r) => ({ row: r.row, values: r.values })),
      now,
    );
    if (read.rows.length > INLINE_ROWS) {
      await deps.jobs.enqueue<CheckPayload>({ type: BULK_CHECK_JOB, key: `${BULK_CHECK_JOB}:${row.id}:1`, payload: { uploadId: row.id, chunk: 1 } }, tx);
    }
    return row;
  });
  if (read.rows.length > INLINE_ROWS) deps.jobs.wake();
  else await checkNextChunk(deps, created.id, INLINE_ROWS + 1);
  return fullReport(deps, (await repo.findUpload(deps.db, created.id))!);
}

async function listUploads(deps: BulkDeps, caller: Caller): Promise<BulkUpload[]> {
  const uploads = await repo.listUploads(deps.db, caller.id, 20);
  return Promise.all(uploads.map((u) => uploadDto(deps.db, u)));
}

async function getUpload(deps: BulkDeps, caller: Caller, id: string): Promise<BulkUpload> {
  return uploadDto(deps.db, await requireOwned(deps, caller, id));
}

async function getReport(deps: BulkDeps, caller: Caller, id: string): Promise<BulkReport> {
  return fullReport(deps, await requireOwned(deps, caller, id));
}

async function listRows(
  deps: BulkDeps,
  caller: Caller,
  id: string,
  query: { status?: BulkRowStatus | undefined; page: number; limit: number },
): Promise<BulkRowPage> {
  const upload = await requireOwned(deps, caller, id);
  const { rows, total } = await repo.listRows(deps.db, id, { status: query.status, limit: query.limit, offset: (query.page - 1) * query.limit });
  return toPage((await withDuplicates(deps, upload, rows)).map(toRowDto), total, query.page, query.limit);
}

/** `PATCH /shipments/bulk/{id}/rows/{row}`: new values and/or «Crear de nuevo», then the row is checked and quoted again. */
async function updateRow(
  deps: BulkDeps,
  caller: Caller,
  id: string,
  row: number,
  input: { values?: BulkRowValues | undefined; recreate?: boolean | undefined },
): Promise<BulkRow> {
  const upload = await requireOwned(deps, caller, id);
  const [current] = await repo.findRows(deps.db, id, [row]);
  if (!current) throw bulkErrors.rowNotFound(row);
  if (current.status === 'created') throw bulkErrors.rowCreated(row);
  const values = input.values ? bulkRowValuesSchema.parse(input.values) : undefined;
  const cleaned = values && Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (v !== undefined && v.trim() !== '' ? [[k, v.trim()]] : [])));
  const changed = await deps.db.transaction((tx) =>
    repo.updateRowInput(
      tx,
      id,
      row,
      { ...(cleaned ? { values: cleaned } : {}), ...(input.recreate === undefined ? {} : { recreate: input.recreate }) },
      deps.clock.now(),
    ),
  );
  if (!changed) throw bulkErrors.rowCreated(row);
  const [pending] = await repo.findRows(deps.db, id, [row]);
  const checked = await checkRows(deps, upload, [pending!]);
  await deps.db.transaction((tx) => repo.saveChecked(tx, id, checked, deps.clock.now()));
  const [after] = await withDuplicates(deps, upload, await repo.findRows(deps.db, id, [row]));
  return toRowDto(after!);
}

/** Rows of one creation call that another request created first, or that were created by another upload. */
class RowsTaken extends Error {
  constructor(readonly rows: number[]) {
    super('filas ya creadas');
  }
}

/**
 * `POST /shipments/bulk/{id}/create`: the valid rows (or those asked) become shipments through the
 * wizard's creation (re-quote and price check per row), a hundred per transaction. In the same
 * transaction each row is marked created and its fingerprint recorded, so neither a repeated call
 * nor the same file uploaded again creates a row twice. A row whose price moved is quoted again
 * and left out of this call, with the reason.
 */
async function createRows(deps: BulkDeps, caller: Caller, id: string, input: { rows?: number[] | undefined }): Promise<BulkCreateResult> {
  const upload = await requireOwned(deps, caller, id);
  if (upload.status !== 'ready') throw bulkErrors.processing();
  let valid = await repo.rowsWithStatus(deps.db, id, 'valid');
  if (input.rows) {
    const wanted = new Set(input.rows);
    valid = valid.filter((r) => wanted.has(r.row));
  }
  const skipped: BulkCreateResult['skipped'] = [];
  let createdCount = 0;
  for (let i = 0; i < valid.length; i += CREATE_CHUNK) {
    let chunk = valid.slice(i, i + CREATE_CHUNK);
    while (chunk.length > 0) {
      const bodies: CreateShipment[] = chunk.map((r) => {
        const body = createShipmentSchema.parse(r.body);
        return isAdmin(caller) && upload.userId !== caller.id ? { ...body, user: upload.userId } : body;
      });
      try {
        await deps.createShipments(caller, bodies, {
          kind: 'many',
          inTransaction: async (tx, created) => {
            const now = deps.clock.now();
            const pairs = chunk.map((r, n) => ({ row: r.row, shipmentId: created[n]![0]!.id }));
            const marked = new Set(await repo.markRowsCreated(tx, id, pairs, now));
            const lost = chunk.filter((r) => !marked.has(r.row)).map((r) => r.row);
            if (lost.length > 0) throw new RowsTaken(lost);
            const taken = new Set(
              await repo.claimFingerprints(tx, {
                userId: upload.userId,
                uploadId: id,
                now,
                entries: chunk.map((r, n) => ({ fingerprint: r.fingerprint!, shipmentId: pairs[n]!.shipmentId, recreate: r.recreate })),
              }),
            );
            const twice = chunk.filter((r) => taken.has(r.fingerprint!)).map((r) => r.row);
            if (twice.length > 0) throw new RowsTaken(twice);
          },
        });
        createdCount += chunk.length;
        chunk = [];
      } catch (error) {
        const out = await leftOut(deps, upload, chunk, error);
        skipped.push(...out.skipped);
        chunk = chunk.filter((r) => !out.rows.has(r.row));
      }
    }
  }
  const shipments = await repo.createdShipments(deps.db, id);
  return {
    upload: await uploadDto(deps.db, (await repo.findUpload(deps.db, id))!),
    created: createdCount,
    shipment_ids: shipments.filter((s) => !s.paid).map((s) => s.shipmentId),
    skipped,
  };
}

/**
 * Which rows a failed creation must leave out, and why: rows another request or upload created
 * (checked again, they show as created or duplicate), or the row whose price or service moved
 * (quoted again). Anything else (the account cannot buy, too many shipments this hour) stops the call.
 */
async function leftOut(
  deps: BulkDeps,
  upload: repo.UploadRow,
  chunk: repo.RowRecord[],
  error: unknown,
): Promise<{ rows: Set<number>; skipped: BulkCreateResult['skipped'] }> {
  let rows: number[];
  let message: string;
  if (error instanceof RowsTaken) {
    rows = error.rows;
    message = 'Esta fila ya se creó (en otra solicitud o en otro archivo); no se creó de nuevo.';
  } else {
    const path = error instanceof AppError ? (error.errors?.[0]?.path ?? '') : '';
    const index = /^shipments\.(\d+)\./.exec(path)?.[1];
    if (index === undefined || !chunk[Number(index)]) throw error;
    rows = [chunk[Number(index)]!.row];
    message = `${(error as AppError).message} La fila se volvió a cotizar: revisa su nuevo precio y créala de nuevo.`;
  }
  const affected = await repo.findRows(deps.db, upload.id, rows);
  const pending = affected.filter((r) => r.status !== 'created');
  const checked = await checkRows(deps, upload, pending);
  await deps.db.transaction((tx) => repo.saveChecked(tx, upload.id, checked, deps.clock.now()));
  return { rows: new Set(rows), skipped: rows.map((row) => ({ row, message })) };
}

/** `GET /shipments/bulk/{id}/shipments`: the upload's shipments as the payment page shows them. */
async function uploadShipments(deps: BulkDeps, caller: Caller, id: string): Promise<BulkShipment[]> {
  await requireOwned(deps, caller, id);
  const created = await repo.createdShipments(deps.db, id);
  const rowOf = new Map(created.map((c) => [c.shipmentId, c.row]));
  const shipments = await shipmentsByIds(
    deps.db,
    created.map((c) => c.shipmentId),
  );
  return shipments
    .map((s) => ({
      _id: s._id,
      row: rowOf.get(s._id)!,
      numberOfOrder: s.numberOfOrder,
      destination_name: s.destination_direction.full_name,
      destination_line: s.destination_direction.address_line,
      destination_postal_code: s.destination_direction.postal_code,
      destination_city: s.destination_direction.city,
      carrier: s.selected_service.carrier,
      carrier_service_name: s.selected_service.carrier_service_name,
      net_total_amount: s.selected_service.net_total_amount,
      total_amount: s.selected_service.total_amount,
      status: s.status,
      number_guide: s.number_guide,
      user: s.user,
    }))
    .sort((a, b) => a.row - b.row);
}

/** The shipments an upload created (for its labels); 404/403 as for the upload. */
async function uploadShipmentIds(deps: BulkDeps, caller: Caller, id: string): Promise<string[]> {
  await requireOwned(deps, caller, id);
  return (await repo.createdShipments(deps.db, id)).map((c) => c.shipmentId);
}

async function template(deps: BulkDeps, _caller: Caller, format: 'xlsx' | 'csv'): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(templateCsv(), 'utf8');
  return templateXlsx(deps.serviceNames(), deps.clock.now());
}

/** The bulk use cases, bound once; the routes receive this object. */
export function createBulk(deps: BulkDeps) {
  return bindUseCases(deps, { upload, listUploads, getUpload, getReport, listRows, updateRow, createRows, uploadShipments, uploadShipmentIds, template });
}

export type Bulk = ReturnType<typeof createBulk>;
