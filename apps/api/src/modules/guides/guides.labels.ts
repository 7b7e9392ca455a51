import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LABEL_FORMAT, type LabelFormat, type LabelSettings } from '@envios/contracts/guides';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { mexicoCityDayStart, mexicoCityTime } from '../../shared/mexico-city-time.js';
import { findShipmentsForGuides, labelShipmentIdsPaidSince, markLabelsPrinted } from '../shipments/shipments.usecases.js';
import { labelsErrors } from './guides.errors.js';
import type { GuidesDeps } from './guides.deps.js';
import { labelInputOf, verifyLabelToken } from './guides.label-input.js';
import * as repo from './guides.repository.js';
import { LabelInputError, renderLabelsPdf, type LabelPdfInput } from './label-pdf.js';
import { renderLabelsZpl } from './label-zpl.js';

/*
 * Labels in bulk: the labels of many paid shipments in one file (PDF 4 × 6, PDF letter with two a
 * page, or ZPL), the per-guide ZPL, the seller's preferred format, and the «Impresa» mark a guide
 * gets the first time its label is downloaded.
 */

export type LabelSelection = { ids: string[] } | { bulk: string } | { today: true };

export interface LabelFile {
  body: Buffer;
  contentType: string;
  fileName: string;
  count: number;
}

const CONTENT_TYPES: Record<LabelFormat, string> = { pdf4x6: 'application/pdf', pdfletter: 'application/pdf', zpl: 'application/zpl; charset=utf-8' };

/** The shipments of the selection, in order, each the caller's own (an admin: anyone's) and with its label ready. */
async function labelInputs(deps: GuidesDeps, caller: Caller, ids: string[]): Promise<{ inputs: LabelPdfInput[]; ids: string[] }> {
  const rows = new Map((await findShipmentsForGuides(deps.db, ids)).map((r) => [r.id, r]));
  const isAdmin = caller.rol === 'admin';
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || row.deletedAt) throw labelsErrors.shipmentNotFound(ids.indexOf(id));
    if (row.userId !== caller.id && !isAdmin) throw commonErrors.forbidden();
  }
  const notReady = ids.map((id) => rows.get(id)!).filter((r) => !r.paid || !r.numberGuide);
  if (notReady.length > 0) throw labelsErrors.notReady(notReady.map((r) => r.numberOfOrder));
  const issued = new Map((await repo.findGuideLabelSummaries(deps.db, ids)).map((l) => [l.shipmentId, l]));
  const carrierMade = ids.map((id) => rows.get(id)!).filter((r) => issued.get(r.id)?.carrierPdf && issued.get(r.id)?.guideNumber === r.numberGuide);
  if (carrierMade.length > 0) throw labelsErrors.carrierLabel(carrierMade.map((r) => r.numberOfOrder));
  const inputs = ids.map((id) => {
    const s = rows.get(id)!;
    const guide = issued.get(id);
    return labelInputOf(s, { sandbox: guide?.sandbox ?? false, issuedAt: guide?.issuedAt ?? s.paidAt ?? s.createdAt });
  });
  return { inputs, ids };
}

async function render(inputs: LabelPdfInput[], format: LabelFormat, now: Date, log?: FastifyBaseLogger): Promise<Buffer> {
  try {
    if (format === 'zpl') return Buffer.from(renderLabelsZpl(inputs), 'utf8');
    return await renderLabelsPdf(inputs, format === 'pdf4x6' ? '4x6' : 'letter', { createdAt: now });
  } catch (error) {
    if (!(error instanceof LabelInputError)) throw error;
    log?.error({ err: error.message }, 'no se pudo dibujar una etiqueta del lote');
    throw labelsErrors.labelUnavailable();
  }
}

/** The account's format (or the default), what a download without `format` uses. */
async function labelSettings(deps: GuidesDeps, caller: Caller): Promise<LabelSettings> {
  return { format: (await repo.findLabelFormat(deps.db, caller.id)) ?? DEFAULT_LABEL_FORMAT };
}

async function saveLabelSettings(deps: GuidesDeps, caller: Caller, input: LabelSettings): Promise<LabelSettings> {
  await repo.saveLabelFormat(deps.db, caller.id, input.format, deps.clock.now());
  return { format: input.format };
}

/**
 * `GET /api/v1/labels`: one file with the labels of the selection. Every shipment must be the
 * caller's (an admin: anyone's; 403 otherwise, nothing drawn), paid and with its guide issued
 * (409 naming the folios that are not). The caller's downloads mark the guides «Impresa».
 */
async function getLabels(
  deps: GuidesDeps,
  caller: Caller,
  input: { selection: LabelSelection; format?: LabelFormat | undefined },
  log?: FastifyBaseLogger,
): Promise<LabelFile> {
  const format = input.format ?? (await labelSettings(deps, caller)).format;
  const now = deps.clock.now();
  let ids: string[];
  if ('ids' in input.selection) ids = input.selection.ids;
  else if ('bulk' in input.selection) {
    if (!deps.bulkShipmentIds) throw commonErrors.notFound('La carga masiva');
    ids = await deps.bulkShipmentIds(caller, input.selection.bulk);
  } else ids = await labelShipmentIdsPaidSince(deps.db, caller.id, mexicoCityDayStart(mexicoCityTime(now).date));
  if (ids.length === 0) throw labelsErrors.nothing('today' in input.selection);
  const { inputs } = await labelInputs(deps, caller, ids);
  const body = await render(inputs, format, now, log);
  if (inputs.length > 0 && caller.rol !== 'admin') await markLabelsPrinted(deps.db, ids, now);
  const day = mexicoCityTime(now).date;
  const extension = format === 'zpl' ? 'zpl' : 'pdf';
  return { body, contentType: CONTENT_TYPES[format], fileName: `guias-${day}${format === 'pdfletter' ? '-carta' : ''}.${extension}`, count: inputs.length };
}

/** `GET /api/v1/shipments/{id}/label.zpl`: one guide's label in ZPL (owner, admin or the e-mailed link). */
async function getLabelZpl(
  deps: GuidesDeps,
  req: { shipmentId: string; caller: Caller | null; token: string | undefined },
  log?: FastifyBaseLogger,
): Promise<LabelFile> {
  const now = deps.clock.now();
  const byLink = req.token !== undefined && verifyLabelToken(deps.secret, req.shipmentId, req.token, now);
  if (!byLink && !req.caller) throw commonErrors.unauthenticated();
  // A signed link stands for the owner.
  const [row] = await findShipmentsForGuides(deps.db, [req.shipmentId]);
  if (!row || row.deletedAt) throw labelsErrors.shipmentNotFound();
  const caller: Caller = byLink ? { id: row.userId, rol: 'user', sessionId: '' } : req.caller!;
  const file = await getLabels(deps, caller, { selection: { ids: [req.shipmentId] }, format: 'zpl' }, log);
  return { ...file, fileName: `guia-${(row.numberGuide ?? '').replace(/[^A-Za-z0-9_-]/g, '_')}.zpl` };
}

export const labelUseCases = { getLabels, getLabelZpl, labelSettings, saveLabelSettings };
