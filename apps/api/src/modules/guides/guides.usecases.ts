import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CarrierCode } from '@envios/contracts/carriers';
import {
  GUIDE_NUMBER_PATTERN,
  INVENTORY_UPLOAD_MAX_LINES,
  LABEL_LINK_DAYS,
  type InventoryStock,
  type InventoryUploadResult,
} from '@envios/contracts/guides';
import { paymentMessages, type GuidesAvailability } from '@envios/contracts/payments';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { bindUseCases } from '../../shared/use-cases.js';
import { commonErrors } from '../../shared/errors.js';
import type { InlineSubscriber } from '../events/events.usecases.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import { findShipmentForGuide, type AddressColumn, type ShipmentForGuide } from '../shipments/shipments.usecases.js';
import { LabelInputError, renderLabelPdf, type LabelAddress, type LabelPdfInput } from './label-pdf.js';
import { guidesErrors } from './guides.errors.js';
import * as repo from './guides.repository.js';

/** The durable job that issues one paid shipment's guide (guides.job.ts). */
export const GUIDE_ISSUE_JOB = 'guides.issue';

/** With the back-off capped at one hour, about 14 hours of retries (e.g. waiting for stock). */
export const GUIDE_JOB_MAX_ATTEMPTS = 20;

/** What the guides routes need: the database, the clock, and the secret that signs the e-mailed label links. */
export interface GuidesDeps {
  db: Database;
  clock: Clock;
  secret: string;
}

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
  const held = new Map((await repo.lockHeldRows(tx, inventory.map((s) => s.shipmentId))).map((r) => [r.shipmentId!, r]));
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
  for (const shipmentId of new Set(shipmentIds)) {
    await jobs.enqueue<GuideIssuePayload>({ type: GUIDE_ISSUE_JOB, key: guideIssueJobKey(shipmentId), payload: { shipmentId }, maxAttempts: GUIDE_JOB_MAX_ATTEMPTS }, tx);
  }
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
  const holding = await repo.shipmentsHoldingRows(db, sources.map((s) => s.shipmentId));
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

/** Where a shipment's label is served (stored as `guide_url`). */
export function labelPath(shipmentId: string): string {
  return `/api/v1/shipments/${shipmentId}/label`;
}

const DAY_MS = 86_400_000;

function labelSignature(secret: string, shipmentId: string, expiresAtSeconds: number): string {
  return createHmac('sha256', secret).update(`label:${shipmentId}:${expiresAtSeconds}`).digest('base64url');
}

/** `{expiry in Unix seconds}.{HMAC-SHA256 of the shipment id and the expiry}`. */
export function signLabelToken(secret: string, shipmentId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${seconds}.${labelSignature(secret, shipmentId, seconds)}`;
}

/** True when the token was signed with `secret` for this shipment and has not expired at `now`. */
export function verifyLabelToken(secret: string, shipmentId: string, token: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const seconds = Number(match[1]);
  if (seconds * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(labelSignature(secret, shipmentId, seconds));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The label link of an e-mail: works without a session for LABEL_LINK_DAYS days. */
export function signedLabelUrl(appUrl: string, secret: string, shipmentId: string, now: Date): string {
  const token = signLabelToken(secret, shipmentId, new Date(now.getTime() + LABEL_LINK_DAYS * DAY_MS));
  return `${appUrl.replace(/\/+$/, '')}${labelPath(shipmentId)}?token=${encodeURIComponent(token)}`;
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

function labelAddress(a: AddressColumn): LabelAddress {
  const state = a.state_short || a.state_code;
  return {
    name: a.full_name,
    addressLine: [a.address, a.number, a.intNumber ? `Int. ${a.intNumber}` : ''].filter(Boolean).join(' '),
    colony: a.colony,
    postalCode: a.postal_code,
    city: a.city,
    ...(state ? { state } : {}),
    phone: a.phone,
  };
}

/** The label of a shipment as stored (dimensions as the list labels them: width = Largo, depth = Ancho). */
export function labelInputOf(s: ShipmentForGuide, guide: { sandbox: boolean; issuedAt: Date }): LabelPdfInput {
  const issuedDay = mexicoCityTime(guide.issuedAt).date;
  return {
    guideNumber: s.numberGuide ?? '',
    carrierName: s.selectedService.carrier,
    serviceName: s.serviceName,
    origin: labelAddress(s.origin),
    destination: labelAddress(s.destination),
    parcels: s.parcels.map((p) => ({ heightCm: p.height, lengthCm: p.width, widthCm: p.depth, weightKg: p.weight })),
    billableWeightKg: s.selectedService.billable_weight_kg,
    numberOfOrder: s.numberOfOrder,
    shipDate: s.selectedService.date > issuedDay ? s.selectedService.date : issuedDay,
    contentDescription: s.description,
    sandbox: guide.sandbox,
    issuedAt: guide.issuedAt,
  };
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

const HEADER = /^gu[ií]as?$/i;

/** One guide number per line (first column of a CSV; quotes and a `guia` header line are ignored). */
export function parseInventoryCsv(csv: string): { numbers: string[]; invalid: InventoryUploadResult['invalid'] } {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const numbers: string[] = [];
  const invalid: InventoryUploadResult['invalid'] = [];
  let seenContent = false;
  let count = 0;
  for (const [i, line] of lines.entries()) {
    const value = (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1').trim();
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
        line: i + 1,
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
  return bindUseCases(deps, { getLabel, inventoryStock, uploadInventory });
}

export type Guides = ReturnType<typeof createGuides>;

// ---------------------------------------------------------------- demo seed

/** Each carrier's guide length, as the sandbox issuer numbers them. */
const DEMO_FORMATS: Readonly<Record<CarrierCode, { prefix: string; length: number }>> = {
  dhl: { prefix: '', length: 10 },
  fedex: { prefix: '', length: 12 },
  estafeta: { prefix: '', length: 22 },
  redpack: { prefix: '', length: 9 },
  ampm: { prefix: 'AM', length: 12 },
};
export const DEMO_GUIDES_PER_SERVICE = 100;

/** Demo number `index` of a service: the carrier's length, marked `SBX` (sandbox), unique per service. */
export function demoGuideNumber(carrierCode: CarrierCode, serviceId: string, index: number): string {
  const format = DEMO_FORMATS[carrierCode];
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
