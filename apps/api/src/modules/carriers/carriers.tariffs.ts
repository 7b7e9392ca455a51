import { toCentavos } from '@envios/contracts/money';
import type { CarrierServiceAdmin, TariffRow, TariffRowInput, TariffRowPatch } from '@envios/contracts/carriers';
import type { FieldError } from '../../shared/errors.js';
import { carrierErrors } from './carriers.errors.js';
import { tariffRowDto } from './carriers.mappers.js';
import * as repo from './carriers.repository.js';
import type { Actor, CatalogueContext } from './carriers.deps.js';
import { formatTariffCsv, parseTariffCsv } from './tariff-csv.js';
import { validateTariffTable, type Bracket } from './tariff-rules.js';

/* Admin edits of a service's tariff table: whole tables, single rows, and CSV export and import. */

const tableAuditView = (rows: readonly repo.TariffRecord[]) => ({ rows: rows.map(tariffRowDto) });

function bracketOf(input: TariffRowInput): Omit<repo.TariffRecord, 'id' | 'serviceId'> {
  return {
    zone: input.zone,
    minKg: input.min_kg,
    maxKg: input.max_kg,
    baseCentavos: toCentavos(input.base_price),
    extraKgCentavos: toCentavos(input.extra_kg_price),
  };
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Checks a whole table and refuses it with every problem named (400). */
function checkTable(rows: readonly Bracket[], service: repo.ServiceRow, pathOf: (i: number) => string, labelOf: (i: number) => string): void {
  const problems = validateTariffTable(rows, service.scope, pathOf, labelOf);
  if (problems.length > 0) throw carrierErrors.invalidTariff(problems);
}

export function createTariffAdmin(ctx: CatalogueContext) {
  async function tableResponse(serviceId: string, rows?: repo.TariffRecord[]): Promise<{ service: CarrierServiceAdmin; rows: TariffRow[] }> {
    const list = rows ?? (await repo.listTariffRows(ctx.db, serviceId));
    return { service: await ctx.serviceAdminAfterChange(serviceId), rows: list.map(tariffRowDto) };
  }

  return {
    // ------------------------------------------------------------ admin: tariffs

    async getTariffTable(id: string) {
      await ctx.refresh();
      await ctx.requireService(ctx.db, id);
      return tableResponse(id);
    },

    /** Replaces a service's whole table (JSON), or nothing. */
    async replaceTariffTable(actor: Actor, id: string, rows: readonly TariffRowInput[]) {
      const saved = await ctx.change(async (tx, now) => {
        const service = await ctx.requireService(tx, id);
        const brackets = rows.map(bracketOf);
        checkTable(
          brackets,
          service,
          (i) => `rows.${i}`,
          (i) => `Fila ${i + 1}`,
        );
        const before = await repo.listTariffRows(tx, id);
        const after = await repo.replaceTariffRows(tx, id, brackets);
        await repo.touchService(tx, id, now);
        await ctx.audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'update',
          summary: `Tarifa de ${ctx.serviceLabel(service)} reemplazada (${after.length} filas)`,
          before: tableAuditView(before),
          after: tableAuditView(after),
        });
        return after;
      });
      return tableResponse(id, saved);
    },

    async addTariffRow(actor: Actor, id: string, input: TariffRowInput): Promise<TariffRow> {
      return ctx.change(async (tx, now) => {
        const service = await ctx.requireService(tx, id);
        const current = await repo.listTariffRows(tx, id);
        const added = bracketOf(input);
        const next: Bracket[] = [...current, added];
        checkTable(
          next,
          service,
          (i) => (i === current.length ? 'body' : `rows.${i}`),
          (i) => (i === current.length ? 'La fila nueva' : `La fila de ${next[i]!.zone} ${next[i]!.minKg}–${next[i]!.maxKg} kg`),
        );
        const created = await repo.insertTariffRow(tx, id, added);
        await repo.touchService(tx, id, now);
        await ctx.audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'create',
          summary: `Fila ${created.zone} ${created.minKg}–${created.maxKg} kg agregada a la tarifa de ${ctx.serviceLabel(service)}`,
          before: null,
          after: tariffRowDto(created),
        });
        return tariffRowDto(created);
      });
    },

    async updateTariffRow(actor: Actor, id: string, rowId: string, patch: TariffRowPatch): Promise<TariffRow> {
      return ctx.change(async (tx, now) => {
        const service = await ctx.requireService(tx, id);
        const current = await repo.listTariffRows(tx, id);
        const before = current.find((r) => r.id === rowId);
        if (!before) throw carrierErrors.tariffRowNotFound();
        const changed: repo.TariffRecord = {
          ...before,
          ...(patch.zone !== undefined ? { zone: patch.zone } : {}),
          ...(patch.min_kg !== undefined ? { minKg: patch.min_kg } : {}),
          ...(patch.max_kg !== undefined ? { maxKg: patch.max_kg } : {}),
          ...(patch.base_price !== undefined ? { baseCentavos: toCentavos(patch.base_price) } : {}),
          ...(patch.extra_kg_price !== undefined ? { extraKgCentavos: toCentavos(patch.extra_kg_price) } : {}),
        };
        const next = current.map((r) => (r.id === rowId ? changed : r));
        checkTable(
          next,
          service,
          (i) => (next[i]!.id === rowId ? 'body' : `rows.${i}`),
          (i) => (next[i]!.id === rowId ? 'La fila editada' : `La fila de ${next[i]!.zone} ${next[i]!.minKg}–${next[i]!.maxKg} kg`),
        );
        const { id: _id, serviceId: _serviceId, ...values } = changed;
        const after = (await repo.updateTariffRow(tx, rowId, values))!;
        await repo.touchService(tx, id, now);
        await ctx.audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'update',
          summary: `Fila ${after.zone} ${after.minKg}–${after.maxKg} kg de la tarifa de ${ctx.serviceLabel(service)} actualizada`,
          before: tariffRowDto(before),
          after: tariffRowDto(after),
        });
        return tariffRowDto(after);
      });
    },

    async deleteTariffRow(actor: Actor, id: string, rowId: string): Promise<void> {
      await ctx.change(async (tx, now) => {
        const service = await ctx.requireService(tx, id);
        const current = await repo.listTariffRows(tx, id);
        const before = current.find((r) => r.id === rowId);
        if (!before) throw carrierErrors.tariffRowNotFound();
        const next = current.filter((r) => r.id !== rowId);
        checkTable(
          next,
          service,
          (i) => `rows.${i}`,
          (i) => `La fila de ${next[i]!.zone} ${next[i]!.minKg}–${next[i]!.maxKg} kg`,
        );
        await repo.deleteTariffRow(tx, rowId);
        await repo.touchService(tx, id, now);
        await ctx.audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'delete',
          summary: `Fila ${before.zone} ${before.minKg}–${before.maxKg} kg eliminada de la tarifa de ${ctx.serviceLabel(service)}`,
          before: tariffRowDto(before),
          after: null,
        });
      });
    },

    async exportTariffCsv(id: string): Promise<{ filename: string; csv: string }> {
      const service = await ctx.requireService(ctx.db, id);
      const rows = await repo.listTariffRows(ctx.db, id);
      const carrier = ctx.snapshot().carrierByCode.get(service.carrierCode)?.name ?? service.carrierCode;
      return { filename: `tarifa-${slug(carrier)}-${slug(service.name)}.csv`, csv: formatTariffCsv(rows) };
    },

    /** Imports a CSV table for one service: all rows or none, every bad row reported by its line. */
    async importTariffCsv(actor: Actor, id: string, text: string) {
      const parsed = parseTariffCsv(text);
      const saved = await ctx.change(async (tx, now) => {
        const service = await ctx.requireService(tx, id);
        const errors: FieldError[] = [...parsed.errors];
        if (errors.length === 0) {
          errors.push(
            ...validateTariffTable(
              parsed.rows,
              service.scope,
              (i) => `fila.${parsed.rows[i]!.line}`,
              (i) => `Fila ${parsed.rows[i]!.line}`,
            ),
          );
        }
        if (errors.length > 0) throw carrierErrors.invalidCsv(errors);
        const before = await repo.listTariffRows(tx, id);
        const after = await repo.replaceTariffRows(
          tx,
          id,
          parsed.rows.map(({ line: _line, ...b }) => b),
        );
        await repo.touchService(tx, id, now);
        await ctx.audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'import',
          summary: `Tarifa de ${ctx.serviceLabel(service)} importada desde CSV (${after.length} filas)`,
          before: tableAuditView(before),
          after: tableAuditView(after),
        });
        return after;
      });
      return { ...(await tableResponse(id, saved)), imported: saved.length };
    },
  };
}
