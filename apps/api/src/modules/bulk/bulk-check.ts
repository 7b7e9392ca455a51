import type { QuoteResponse } from '@envios/contracts/quotes';
import type { CreateShipmentInput } from '@envios/contracts/shipments';
import { toCentavos } from '@envios/contracts/money';
import type { Caller } from '../../plugins/auth.js';
import { AppError } from '../../shared/errors.js';
import { savedLocationsOf } from '../addresses/addresses.usecases.js';
import { guidesInStock } from '../guides/guides.usecases.js';
import { parcelTemplatesByName } from '../parcels/parcels.usecases.js';
import { quoteRequestForBody } from '../shipments/shipments.usecases.js';
import { buildRow, chooseOption, fieldError, fold, quoteOf, rowFingerprint, type GuidesLeft, type RowContext } from './bulk-rows.js';
import type { BulkDeps } from './bulk.deps.js';
import * as repo from './bulk.repository.js';

/*
 * Checking an upload's rows: the wizard's rules, duplicates, the quote and the service each row
 * asks for, with the guides the inventory still has. The use cases call it for a chunk, a fixed
 * row or the rows a creation left out.
 */

const ownerCaller = (userId: string): Caller => ({ id: userId, rol: 'user', sessionId: '' });

/** A quote's refusal (a postal code the catalogue lacks…) on the column the seller typed it in. */
function quoteFailure(error: unknown): { field: Parameters<typeof fieldError>[0]; message: string } | undefined {
  if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 429) return undefined;
  const path = error.errors?.[0]?.path ?? '';
  const side = path.startsWith('origin_direction') ? 'origen' : path.startsWith('destination_direction') ? 'destino' : undefined;
  const field = side && path.endsWith('postal_code') ? (`${side}_cp` as const) : path.startsWith('parcels') ? 'peso_kg' : 'fila';
  return { field, message: error.message };
}

/**
 * The guides left for the rows being checked, per inventory-sourced service: the stock, less what
 * the upload's other rows already count on, less each row this check gives the service. Read once
 * per check, when a row first meets such a service.
 */
function guidesLedger(deps: BulkDeps, uploadId: string, checking: readonly repo.RowRecord[]) {
  let left: Map<string, number> | undefined;
  return {
    async load(): Promise<GuidesLeft> {
      if (!left) {
        const [stock, taken] = await Promise.all([
          guidesInStock(deps.db),
          repo.guidesTakenByRows(
            deps.db,
            uploadId,
            checking.map((r) => r.row),
          ),
        ]);
        left = new Map([...stock].map(([serviceId, available]) => [serviceId, available - (taken.get(serviceId) ?? 0)]));
      }
      const known = left;
      return (serviceId) => known.get(serviceId);
    },
    take(serviceId: string): void {
      const n = left?.get(serviceId);
      if (n !== undefined) left!.set(serviceId, n - 1);
    },
  };
}

/**
 * Checks rows with the wizard's rules and quotes the valid ones: each row becomes valid (its body
 * and chosen option kept), invalid (each problem on its column) or duplicate (created before, in
 * this file or another, unless «Crear de nuevo» was chosen). Answers the outcome per row.
 */
export async function checkRows(deps: BulkDeps, upload: repo.UploadRow, rows: readonly repo.RowRecord[]): Promise<repo.CheckedRow[]> {
  if (rows.length === 0) return [];
  const [addresses, templates] = await Promise.all([savedLocationsOf(deps.db, upload.userId), parcelTemplatesByName(deps.db, upload.userId)]);
  const ctx: RowContext = { addresses: new Map(addresses.map((a) => [fold(a.name), a])), templates, lookupPostalCode: (code) => deps.lookupPostalCode(code) };
  const fingerprints = rows.map((r) => rowFingerprint(upload.userId, r.values));
  const [before, earlier] = await Promise.all([
    repo.createdFingerprints(deps.db, upload.userId, fingerprints),
    repo.earlierRowsWith(deps.db, upload.id, fingerprints, rows[rows.length - 1]!.row + 1),
  ]);
  const firstInBatch = new Map<string, number>();
  const caller = ownerCaller(upload.userId);
  const guides = guidesLedger(deps, upload.id, rows);
  const out: repo.CheckedRow[] = [];
  for (const [i, r] of rows.entries()) {
    const fingerprint = fingerprints[i]!;
    const built = buildRow(r.values, ctx);
    const base = { row: r.row, fingerprint, body: null, quote: null, netCentavos: null, sameFileRow: null };
    if (!built.body) {
      out.push({ ...base, status: 'invalid', errors: built.errors });
      continue;
    }
    const earlierRow = [earlier.get(fingerprint), firstInBatch.get(fingerprint)]
      .filter((n): n is number => n !== undefined && n < r.row)
      .sort((a, b) => a - b)[0];
    if (!firstInBatch.has(fingerprint)) firstInBatch.set(fingerprint, r.row);
    if (!r.recreate && (before.has(fingerprint) || earlierRow !== undefined)) {
      out.push({ ...base, status: 'duplicate', errors: [], sameFileRow: before.has(fingerprint) ? null : (earlierRow ?? null) });
      continue;
    }
    let answer: QuoteResponse;
    try {
      answer = await deps.quote(quoteRequestForBody(built.body), caller);
    } catch (error) {
      const failure = quoteFailure(error);
      if (!failure) throw error;
      out.push({ ...base, status: 'invalid', errors: [fieldError(failure.field, failure.message)] });
      continue;
    }
    const chosen = chooseOption(answer.options, built.service, await guides.load());
    if (!chosen.option) {
      out.push({ ...base, status: 'invalid', errors: [chosen.error!] });
      continue;
    }
    guides.take(chosen.option.service_id);
    const body: CreateShipmentInput = {
      ...built.body,
      selected_service: { service_id: chosen.option.service_id, net_total_amount: chosen.option.net_total_amount },
    };
    out.push({ ...base, status: 'valid', errors: [], body, quote: quoteOf(chosen.option), netCentavos: toCentavos(chosen.option.net_total_amount) });
  }
  return out;
}
