import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CarrierCode } from '@envios/contracts/carriers';
import { GUIDE_NUMBER_PATTERN, INVENTORY_UPLOAD_MAX_LINES, type InventoryStock, type InventoryUploadResult } from '@envios/contracts/guides';
import { paymentMessages, type GuidesAvailability } from '@envios/contracts/payments';
import type { Database, Executor } from '../../db/client.js';
import { bindUseCases } from '../../shared/use-cases.js';
import { commonErrors } from '../../shared/errors.js';
import type { InlineSubscriber } from '../events/events.usecases.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { findShipmentForGuide, markLabelsPrinted } from '../shipments/shipments.usecases.js';
import { sandboxGuideFormat } from '../carriers/carriers.usecases.js';
import { LabelInputError, renderLabelPdf } from './label-pdf.js';
import type { GuidesDeps } from './guides.deps.js';
import { labelInputOf, verifyLabelToken } from './guides.label-input.js';
import { readCsv } from '../../shared/csv.js';
import { labelUseCases } from './guides.labels.js';
import { guidesErrors } from './guides.errors.js';
import * as repo from './guides.repository.js';

/** The durable job that issues one paid shipment's guide (guides.job.ts). */
export const GUIDE_ISSUE_JOB = 'guides.issue';

/** With the back-off capped at one hour, about 14 hours of retries (e.g. waiting for stock). */
export const GUIDE_JOB_MAX_ATTEMPTS = 20;

export type { GuidesDeps } from './guides.deps.js';
export { labelInputOf, labelPath, signedLabelUrl, signLabelToken, verifyLabelToken } from './guides.label-input.js';

export interface GuideIssuePayload {
  shipmentId: string;
}

export function guideIssueJobKey(shipmentId: string): string {
  return `${GUIDE_ISSUE_JOB}:${shipmentId}`;
}

/**
 * Reserves one inventory guide per shipment whose service takes its guides from the prepaid
 * inventory, inside the caller's transaction (the one that opens the payment attempt). A shipment
 * that already holds a row keeps it (a reserved one moves to this attempt); the others take an
 * available row of their service with FOR UPDATE SKIP LOCKED. Not enough stock → the spec's
 * no-guides error, and the caller's transaction rolls back every reservation it made.
 */
export async function reserveGuides(tx: Executor, input: { paymentId: string; shipmentIds: string[]; now: Date }): Promise<void> {
  const sources = await repo.findShipmentSources(tx, input.shipmentIds);
  const inventory = sources.filter((s) => s.guideSource === 'inventory');
  if (inventory.length === 0) return;
  const held = new Map(
    (
      await repo.lockHeldRows(
        tx,
        inventory.map((s) => s.shipmentId),
      )
    ).map((r) => [r.shipmentId!, r]),
  );
  const needed = new Map<string, string[]>();
  for (const s of inventory) {
    const row = held.get(s.shipmentId);
    // A reservation follows the shipment's current service: one held for another service goes back.
    if (row?.status === 'reserved' && row.serviceId !== s.serviceId) {
      await repo.releaseRow(tx, row.id);
    } else if (row) {
      if (row.status === 'reserved' && row.paymentId !== input.paymentId) await repo.moveReservation(tx, row.id, input.paymentId, input.now);
      continue;
    }
    needed.set(s.serviceId, [...(needed.get(s.serviceId) ?? []), s.shipmentId]);
  }
  for (const [serviceId, shipmentIds] of needed) {
    const rows = await repo.lockAvailableRows(tx, serviceId, shipmentIds.length);
    if (rows.length < shipmentIds.length) throw guidesErrors.noGuides();
    for (const [i, shipmentId] of shipmentIds.entries()) {
      await repo.markReserved(tx, rows[i]!.id, { paymentId: input.paymentId, shipmentId, now: input.now });
    }
  }
}

/** How many inventory guides these attempts hold (reserved, not yet used). */
export async function countHeldGuides(ex: Executor, paymentIds: string[]): Promise<number> {
  return repo.countReservedFor(ex, paymentIds);
}

/** Gives back the guides an attempt reserved for shipments still unpaid; answers how many. */
export async function releaseGuides(tx: Executor, paymentId: string): Promise<number> {
  return repo.releaseForPayment(tx, paymentId);
}

/** One durable job per paid shipment; enqueueing the same shipment twice keeps one job. */
export async function enqueueGuideIssue(jobs: JobQueue, tx: Executor, shipmentIds: string[]): Promise<void> {
  const payload = (shipmentId: string): GuideIssuePayload => ({ shipmentId });
  await jobs.enqueueMany(
    [...new Set(shipmentIds)].map((shipmentId) => ({
      type: GUIDE_ISSUE_JOB,
      key: guideIssueJobKey(shipmentId),
      payload: payload(shipmentId),
      maxAttempts: GUIDE_JOB_MAX_ATTEMPTS,
    })),
    tx,
  );
}

/**
 * The guides' part of a confirmed purchase (`payment.confirmed`, in its transaction): guides the
 * attempt held for shipments it did not pay go back to the stock, and every paid shipment gets
 * its durable `guides.issue` job.
 */
export function guidesOnPayment(jobs: JobQueue): InlineSubscriber<'payment.confirmed'> {
  return {
    name: 'guides',
    mode: 'inline',
    types: ['payment.confirmed'],
    async handle(tx, event) {
      if (event.data.purpose !== 'shipments') return;
      await releaseGuides(tx, event.data.payment_id);
      await enqueueGuideIssue(jobs, tx, event.data.shipments);
    },
  };
}

/** Whether the prepaid inventory covers these shipments now (the warning before paying). */
export async function guidesAvailability(db: Executor, shipmentIds: string[]): Promise<GuidesAvailability> {
  const sources = (await repo.findShipmentSources(db, shipmentIds)).filter((s) => s.guideSource === 'inventory' && !s.paid);
  const holding = await repo.shipmentsHoldingRows(
    db,
    sources.map((s) => s.shipmentId),
  );
  const needed = new Map<string, { count: number; source: repo.ShipmentGuideSource }>();
  for (const s of sources) {
    if (holding.has(s.shipmentId)) continue;
    const entry = needed.get(s.serviceId);
    if (entry) entry.count += 1;
    else needed.set(s.serviceId, { count: 1, source: s });
  }
  const available = await repo.countAvailable(db, [...needed.keys()]);
  const missing = [...needed.entries()]
    .filter(([serviceId, { count }]) => (available.get(serviceId) ?? 0) < count)
    .map(([serviceId, { source }]) => ({ service_id: serviceId, carrier_code: source.carrierCode, service_name: source.serviceName }));
  return { available: missing.length === 0, missing, message: missing.length === 0 ? null : paymentMessages.noGuides };
}

// ---------------------------------------------------------------- label

export interface LabelRequest {
  shipmentId: string;
  /** The signed-in caller, if any. */
  caller: { id: string; rol: 'user' | 'admin' } | null;
  /** `?token=` of an e-mailed link. */
  token: string | undefined;
}

export interface LabelAnswer {
  pdf: Buffer;
  guideNumber: string;
  /** When the guide was issued (Last-Modified). */
  issuedAt: Date;
}

/** Draws (or answers the carrier's) label of a paid, issued shipment for its owner, an admin or a valid signed link. */
async function getLabel(deps: GuidesDeps, req: LabelRequest, log?: FastifyBaseLogger): Promise<LabelAnswer> {
  const { db } = deps;
  const byLink = req.token !== undefined && verifyLabelToken(deps.secret, req.shipmentId, req.token, deps.clock.now());
  if (!byLink && !req.caller) throw req.token !== undefined ? guidesErrors.badLink() : commonErrors.unauthenticated();
  const shipment = await findShipmentForGuide(db, req.shipmentId);
  if (!shipment || shipment.deletedAt) throw guidesErrors.shipmentNotFound();
  if (!byLink && req.caller!.rol !== 'admin' && req.caller!.id !== shipment.userId) throw commonErrors.forbidden();
  if (!shipment.paid) throw guidesErrors.notPaid();
  if (!shipment.numberGuide) throw guidesErrors.notIssued();
  const issued = await repo.findGuideLabel(db, shipment.id);
  const issuedAt = issued?.issuedAt ?? shipment.paidAt ?? shipment.createdAt;
  // The seller's own download (or their e-mailed link) marks the guide «Impresa»; an admin's look does not.
  if (byLink || req.caller!.id === shipment.userId) await markLabelsPrinted(db, [shipment.id], deps.clock.now());
  if (issued?.pdf && issued.guideNumber === shipment.numberGuide) return { pdf: issued.pdf, guideNumber: shipment.numberGuide, issuedAt };
  try {
    const pdf = await renderLabelPdf(labelInputOf(shipment, { sandbox: issued?.sandbox ?? false, issuedAt }));
    return { pdf, guideNumber: shipment.numberGuide, issuedAt };
  } catch (error) {
    if (!(error instanceof LabelInputError)) throw error;
    log?.error({ shipmentId: shipment.id, err: error.message }, 'no se pudo dibujar la etiqueta de la guía');
    throw guidesErrors.labelUnavailable();
  }
}

// ---------------------------------------------------------------- inventory (admin)

function stockDto(r: repo.StockRow): InventoryStock {
  return {
    service_id: r.serviceId,
    carrier_code: r.carrierCode,
    carrier: r.carrier,
    service_name: r.serviceName,
    guide_source: r.guideSource,
    available: r.available,
    reserved: r.reserved,
    used: r.used,
    demo: r.demo,
  };
}

/** Stock per service, inventory-sourced services first. */
async function inventoryStock(deps: Pick<GuidesDeps, 'db'>): Promise<InventoryStock[]> {
  return (await repo.stock(deps.db)).map(stockDto);
}

/**
 * The guides left per inventory-sourced service (AM/PM…), by service id. A service that is not
 * in the map issues its guides through the carrier and never runs out.
 */
export function guidesInStock(db: Executor): Promise<Map<string, number>> {
  return repo.availableOfInventoryServices(db);
}

const HEADER = /^gu[ií]as?$/i;

/** One guide number per line (first column of a CSV; quotes and a `guia` header line are ignored). */
export function parseInventoryCsv(csv: string): { numbers: string[]; invalid: InventoryUploadResult['invalid'] } {
  const numbers: string[] = [];
  const invalid: InventoryUploadResult['invalid'] = [];
  let seenContent = false;
  let count = 0;
  for (const record of readCsv(csv)) {
    const value = (record.fields[0] ?? '').trim();
    if (value === '') continue;
    if (!seenContent) {
      seenContent = true;
      if (HEADER.test(value)) continue;
    }
    count += 1;
    if (count > INVENTORY_UPLOAD_MAX_LINES) {
      throw guidesErrors.badCsv(`El archivo tiene más de ${INVENTORY_UPLOAD_MAX_LINES.toLocaleString('es-MX')} guías; divídelo en varios archivos.`);
    }
    if (GUIDE_NUMBER_PATTERN.test(value)) numbers.push(value);
    else
      invalid.push({
        line: record.line,
        value: value.length > 60 ? `${value.slice(0, 60)}…` : value,
        message: 'El número de guía debe tener de 6 a 40 letras, dígitos o guiones.',
      });
  }
  return { numbers, invalid };
}

/** Adds the valid numbers of a CSV to a service's stock in one transaction; repeated ones are counted, not added. */
async function uploadInventory(
  deps: Pick<GuidesDeps, 'db' | 'clock'>,
  uploadedBy: { id: string },
  input: { serviceId: string; csv: string },
): Promise<InventoryUploadResult> {
  const { numbers, invalid } = parseInventoryCsv(input.csv);
  if (numbers.length === 0 && invalid.length === 0) throw guidesErrors.badCsv('El archivo no contiene números de guía.');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findService(tx, input.serviceId))) throw guidesErrors.serviceNotFound();
    const added = await repo.insertNumbers(
      tx,
      numbers.map((guideNumber) => ({ serviceId: input.serviceId, guideNumber, demo: false, uploadedBy: uploadedBy.id, createdAt: now })),
    );
    const [stock] = await repo.stock(tx, input.serviceId);
    return { added, duplicates: numbers.length - added, invalid, stock: stockDto(stock!) };
  });
}

/** The guides routes' use cases (the label, the inventory), bound once. */
export function createGuides(deps: GuidesDeps) {
  return bindUseCases(deps, { getLabel, inventoryStock, uploadInventory, ...labelUseCases });
}

export type Guides = ReturnType<typeof createGuides>;

// ---------------------------------------------------------------- demo seed

export const DEMO_GUIDES_PER_SERVICE = 100;

/** Demo number `index` of a service: the carrier's length, marked `SBX` (sandbox), unique per service. */
export function demoGuideNumber(carrierCode: CarrierCode, serviceId: string, index: number): string {
  const format = sandboxGuideFormat(carrierCode);
  const free = format.length - format.prefix.length - 3 - 3;
  const hash = BigInt(`0x${createHash('sha256').update(`demo-guides:${serviceId}`).digest('hex')}`);
  const base = (hash % 10n ** BigInt(free)).toString().padStart(free, '0');
  return `${format.prefix}SBX${base}${String(index).padStart(3, '0')}`;
}

/**
 * First start: 100 demo numbers (demo = true) for every inventory-sourced service that never had
 * any, so the offline demo can pay and print. Idempotent: a service with any number is left alone.
 */
export async function seedDemoInventory(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const services = await repo.servicesNeverStocked(tx);
    const rows = services.flatMap((s) =>
      Array.from({ length: DEMO_GUIDES_PER_SERVICE }, (_, i) => ({
        serviceId: s.id,
        guideNumber: demoGuideNumber(s.carrierCode, s.id, i + 1),
        demo: true,
        uploadedBy: null,
        createdAt: now,
      })),
    );
    return rows.length === 0 ? 0 : repo.insertNumbers(tx, rows);
  });
}
