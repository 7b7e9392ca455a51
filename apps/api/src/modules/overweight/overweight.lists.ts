import type { Readable } from 'node:stream';
import { fromCentavos } from '@envios/contracts/money';
import { overweightStatusLabels, type OverweightPage, type UserOverweightQuery } from '@envios/contracts/overweight';
import { EXPORT_MAX_ROWS, reportMessages, type ExportFormat } from '@envios/contracts/reports';
import { toPage } from '../../shared/pagination.js';
import { csvStream, ESTIMATED_BYTES_PER_ROW, xlsxStream, type SheetColumn } from '../../shared/spreadsheet.js';
import { overweightErrors } from './overweight.errors.js';
import * as repo from './overweight.repository.js';
import type { OverweightDeps } from './overweight.deps.js';
import { carrierName, statusOf, toRowDto } from './overweight.dto.js';

/** The overweight lists (a user's, every customer's in a period) and their spreadsheet exports. */
export function createOverweightLists(deps: OverweightDeps) {
  const { db } = deps;
  function listColumns(admin: boolean): SheetColumn<repo.ListedRecord>[] {
    const cost = { header: 'costo_sobrepeso', type: 'money' as const, width: 16, value: (r: repo.ListedRecord) => fromCentavos(r.costCentavos) };
    const common = [
      {
        header: 'servicio',
        type: 'text' as const,
        width: 30,
        value: (r: repo.ListedRecord) => `${carrierName(r.carrierCode, r.rule?.carrier ?? '')} - ${r.serviceName}`,
      },
      { header: 'sobrepeso', type: 'number' as const, width: 12, value: (r: repo.ListedRecord) => r.overweightKg },
      cost,
      { header: 'estatus_sobrepeso', type: 'text' as const, width: 18, value: (r: repo.ListedRecord) => overweightStatusLabels[statusOf(r, r.paid)] },
      { header: 'guia', type: 'text' as const, width: 18, value: (r: repo.ListedRecord) => r.numberGuide },
      { header: 'total', type: 'money' as const, width: 14, value: (r: repo.ListedRecord) => fromCentavos(r.shipmentTotalCentavos) },
    ];
    if (!admin) return [{ header: 'fecha', type: 'datetime', width: 20, value: (r) => r.shipmentCreatedAt }, ...common];
    return [
      { header: 'fecha_guia', type: 'datetime', width: 20, value: (r) => r.shipmentCreatedAt },
      { header: 'usuario', type: 'text', width: 28, value: (r) => r.customerName },
      { header: 'correo', type: 'text', width: 30, value: (r) => r.customerEmail },
      ...common,
    ];
  }

  async function exportList(filter: repo.RecordFilter, format: ExportFormat, admin: boolean, field: string) {
    const rows = await repo.countRecords(db, filter);
    if (rows > EXPORT_MAX_ROWS) throw overweightErrors.invalid(field, reportMessages.exportTooLarge(rows));
    const columns = listColumns(admin);
    const source = repo.streamRecords(db, filter);
    const stream: Readable = format === 'xlsx' ? xlsxStream({ sheetName: 'Sobrepesos', columns, rows: source }) : csvStream({ columns, rows: source });
    return { rows, stream, filename: `overweight.${format}`, estimatedBytes: 2048 + rows * ESTIMATED_BYTES_PER_ROW[format] };
  }

  return {
    /** `GET /overweight/user/{userId}`: one user's overweight, newest guide first, and what they still owe. */
    async listForUser(userId: string, query: UserOverweightQuery): Promise<OverweightPage> {
      const filter: repo.RecordFilter = { userId, serviceId: query.service, status: query.status, keyword: query.filter };
      const offset = (query.page - 1) * query.limit;
      const [rows, total, pending] = await Promise.all([
        repo.listRecords(db, filter, { limit: query.limit, offset }),
        repo.countRecords(db, filter),
        repo.sumPending(db, { userId }),
      ]);
      return { ...toPage(rows.map(toRowDto), total, query.page, query.limit), total_pending: fromCentavos(pending) };
    },

    /** `GET /overweight/all` (admin): every customer's overweight in a period. */
    async listAll(filter: repo.RecordFilter, page: { page: number; limit: number }): Promise<OverweightPage> {
      const offset = (page.page - 1) * page.limit;
      const [rows, total, pending] = await Promise.all([
        repo.listRecords(db, filter, { limit: page.limit, offset }),
        repo.countRecords(db, filter),
        repo.sumPending(db, { ...filter, status: undefined }),
      ]);
      return { ...toPage(rows.map(toRowDto), total, page.page, page.limit), total_pending: fromCentavos(pending) };
    },

    exportForUser: (userId: string, query: Omit<UserOverweightQuery, 'page' | 'limit'>, format: ExportFormat) =>
      exportList({ userId, serviceId: query.service, status: query.status, keyword: query.filter }, format, false, 'filter'),

    exportAll: (filter: repo.RecordFilter, format: ExportFormat) => exportList(filter, format, true, 'date_ini'),
  };
}
