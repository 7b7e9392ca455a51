import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CARRIER_NAMES, type CarrierCode, type TariffZone } from '@envios/contracts/carriers';
import { fromCentavos, toCentavos } from '@envios/contracts/money';
import {
  DISPUTE_ATTACHMENTS_MAX,
  OVERWEIGHT_EVIDENCE_MAX,
  overweightEventLabels,
  overweightStatusLabels,
  type OverweightFile,
  type OverweightMeasured,
  type OverweightPage,
  type OverweightRecord,
  type OverweightRow,
  type OverweightStatus,
  type OverweightSuggestion,
  type RecordOverweight,
  type ResolveDispute,
  type ShipmentOverweight,
  type UserOverweightQuery,
} from '@envios/contracts/overweight';
import { EXPORT_MAX_ROWS, reportMessages, type ExportFormat } from '@envios/contracts/reports';
import { billableWeightKg } from '@envios/contracts/quotes';
import { walletErrorCodes } from '@envios/contracts/wallet';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, commonErrors } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import { csvStream, ESTIMATED_BYTES_PER_ROW, xlsxStream, type SheetColumn } from '../../shared/spreadsheet.js';
import { domesticZone, internationalZone, type Carriers } from '../carriers/carriers.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import type { PaymentsDeps } from '../payments/payments.usecases.js';
import { payOverweightIn } from '../payments/payments.usecases.js';
import {
  clearShipmentOverweight,
  lockShipmentForOverweight,
  readShipmentForOverweight,
  setShipmentOverweight,
  type OverweightShipment,
} from '../shipments/shipments.usecases.js';
import { creditIn } from '../wallet/wallet.usecases.js';
import { overweightErrors } from './overweight.errors.js';
import type { UploadedFile } from './overweight.files.js';
import { disputeAcceptedMail, disputeReceivedMail, disputeRejectedMail, overweightRecordedMail } from './overweight.mails.js';
import { measuredBillableKg, priceOverweight } from './overweight.pricing.js';
import * as repo from './overweight.repository.js';

/** Announced at the commit of every overweight change, so cached reports know their rows moved. */
export const OVERWEIGHT_CHANNEL = 'overweight_changed';

export interface OverweightDeps {
  db: Database;
  clock: Clock;
  notifier: Pick<Notifier, 'sendEmail'>;
  /** Public base URL (links in e-mails). */
  appUrl: string;
  /** The payments use cases charge the wallet ('Pago sobrepeso'). */
  payments: PaymentsDeps;
  carriers: Pick<Carriers, 'snapshot'>;
  /** A Mexican postal code's state (`state_short`), from the geography catalogue. */
  stateOf(postalCode: string): string | undefined;
  findAccount(id: string): Promise<{ firstName: string; email: string } | undefined>;
  log?: FastifyBaseLogger | undefined;
  /** Called after each committed change (the reports' change feed moves at once in this process). */
  onChange?: (() => void) | undefined;
}

const isAdmin = (caller: Caller) => caller.rol === 'admin';

/** A purchase paid this shipment's overweight: one 'charged' line in its story, in the payment's transaction. */
export async function noteOverweightPaidByPurchase(tx: Executor, shipmentId: string, paid: { amountCentavos: number; note: string; now: Date }): Promise<void> {
  await repo.insertEventForShipment(tx, shipmentId, { kind: 'charged', amountCentavos: paid.amountCentavos, note: paid.note, createdAt: paid.now });
}

/** Where an overweight stands: cancelled beats disputed beats paid beats pending. */
export function statusOf(rec: { disputeStatus: string; costCentavos: number }, paid: boolean): OverweightStatus {
  if (rec.disputeStatus === 'accepted' || rec.costCentavos === 0) return 'cancelled';
  if (rec.disputeStatus === 'open') return 'disputed';
  return paid ? 'paid' : 'pending';
}

function fileDto(f: repo.FileMeta): OverweightFile {
  return {
    _id: f.id,
    kind: f.kind,
    file_name: f.fileName,
    content_type: f.contentType,
    size: f.sizeBytes,
    url: `/api/v1/overweight/files/${f.id}`,
    created_at: f.createdAt.toISOString(),
  };
}

function carrierName(code: string, stored: string): string {
  return stored || CARRIER_NAMES[code as CarrierCode] || code;
}

export function toRowDto(rec: repo.ListedRecord): OverweightRow {
  const status = statusOf(rec, rec.paid);
  return {
    _id: rec.id,
    shipment_id: rec.shipmentId,
    created_at: rec.shipmentCreatedAt.toISOString(),
    recorded_at: rec.createdAt.toISOString(),
    numberOfOrder: rec.numberOfOrder,
    user: rec.userId,
    customer_name: rec.customerName,
    customer_email: rec.customerEmail,
    carrier: carrierName(rec.carrierCode, rec.rule?.carrier ?? ''),
    carrier_code: rec.carrierCode as CarrierCode,
    carrier_service_name: rec.serviceName,
    service_id: rec.serviceId,
    number_guide: rec.numberGuide,
    overweight: rec.overweightKg,
    cost_overweight: fromCentavos(rec.costCentavos),
    status,
    status_label: overweightStatusLabels[status],
    dispute_status: rec.disputeStatus,
    total_amount: fromCentavos(rec.shipmentTotalCentavos),
  };
}

function measuredText(rec: repo.RecordRow): string | null {
  if (rec.measuredWeightKg === null) return null;
  const dims =
    rec.measuredHeightCm !== null && rec.measuredWidthCm !== null && rec.measuredDepthCm !== null
      ? `, ${rec.measuredHeightCm} × ${rec.measuredWidthCm} × ${rec.measuredDepthCm} cm`
      : '';
  return `${rec.measuredWeightKg} kg${dims} (${rec.measuredBillableKg ?? rec.measuredWeightKg} kg facturables)`;
}

export function createOverweight(deps: OverweightDeps) {
  const { db, clock } = deps;
  const pageUrl = `${deps.appUrl.replace(/\/+$/, '')}/overweight`;

  /** The route's zone as the quote finds it: both states in Mexico, or the destination country abroad. */
  function zoneOf(s: OverweightShipment): TariffZone | undefined {
    if (s.destination.country_code && s.destination.country_code !== 'MX') return internationalZone(s.destination.country_code);
    const state = (a: OverweightShipment['origin']) => a.state_short || deps.stateOf(a.postal_code) || a.state_code;
    return domesticZone(state(s.origin), state(s.destination));
  }

  /** What was declared, what was measured and how the tariff prices the difference. */
  function pricing(s: OverweightShipment, measured: OverweightMeasured | undefined, kgTyped: number | undefined) {
    const snapshot = deps.carriers.snapshot();
    const service = snapshot.serviceById.get(s.serviceId);
    const divisor = service?.volumetricDivisor ?? 5000;
    const declaredWeight = Math.round(s.parcels.reduce((n, p) => n + p.weight, 0) * 100) / 100;
    const declaredKg = s.billableKg > 0 ? s.billableKg : s.parcels.reduce((n, p) => n + billableWeightKg(p, divisor), 0);
    const measuredKg = measured ? measuredBillableKg(measured, divisor) : declaredKg + Math.ceil(kgTyped ?? 0);
    const zone = zoneOf(s);
    const priced = priceOverweight({
      declaredKg,
      measuredKg,
      brackets: zone ? snapshot.tariffs.get(s.serviceId)?.get(zone) : undefined,
      zone,
      markupPercentBp: snapshot.markupFor(s.serviceId, s.userId).percentBp,
      serviceName: s.serviceName,
      carrierName: carrierName(s.carrierCode, s.carrierName),
    });
    return { declaredWeight, declaredKg, measuredKg, overweightKg: Math.max(0, measuredKg - declaredKg), priced };
  }

  /** A transaction that changes overweight: announced to every process at commit, and to this one at once. */
  async function change<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const value = await work(tx);
      await announce(tx);
      return value;
    });
    deps.onChange?.();
    return result;
  }

  async function announce(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_notify(${OVERWEIGHT_CHANNEL}, '')`);
  }

  /** The wallet pays when it covers the amount (one savepoint); short: nothing moves and it stays pending. */
  async function tryCharge(tx: Executor, actor: Caller, shipmentId: string): Promise<boolean> {
    try {
      await tx.transaction((sp) => payOverweightIn(deps.payments, sp, { ...actor, rol: 'admin' }, shipmentId));
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === walletErrorCodes.insufficientBalance) return false;
      throw error;
    }
  }

  /**
   * The shipment's owner, for the e-mails: read before the transaction opens (the embedded
   * database runs one thing at a time, so a read outside an open transaction would wait for it).
   */
  async function ownerOf(shipmentId: string): Promise<{ firstName: string; email: string } | undefined> {
    const s = await readShipmentForOverweight(db, shipmentId);
    return s ? deps.findAccount(s.userId) : undefined;
  }

  async function mailTo(
    owner: { firstName: string; email: string } | undefined,
    key: string,
    render: (firstName: string) => Parameters<Notifier['sendEmail']>[0]['mail'],
    tx: Executor,
  ): Promise<void> {
    if (!owner) return;
    await deps.notifier.sendEmail({ key, to: owner.email, mail: render(owner.firstName) }, tx);
  }

  function common(s: Pick<OverweightShipment, 'numberOfOrder' | 'numberGuide' | 'serviceName' | 'carrierCode' | 'carrierName'>, firstName: string) {
    return { firstName, numberOfOrder: s.numberOfOrder, guide: s.numberGuide, service: `${carrierName(s.carrierCode, s.carrierName)} ${s.serviceName}`, url: pageUrl };
  }

  async function requireVisibleShipment(caller: Caller, shipmentId: string): Promise<OverweightShipment> {
    const s = await readShipmentForOverweight(db, shipmentId);
    if (!s || s.deleted) throw overweightErrors.shipmentNotFound();
    if (s.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
    return s;
  }

  async function recordDto(caller: Caller, rec: repo.RecordRow, paid: boolean): Promise<OverweightRecord> {
    const [files, events] = await Promise.all([repo.listFiles(db, rec.id), repo.listEvents(db, rec.id)]);
    const status = statusOf(rec, paid);
    const owner = rec.userId === caller.id;
    return {
      _id: rec.id,
      shipment_id: rec.shipmentId,
      status,
      status_label: overweightStatusLabels[status],
      overweight: rec.overweightKg,
      cost_overweight: fromCentavos(rec.costCentavos),
      paid,
      declared: { weight: rec.declaredWeightKg, billable_weight: rec.declaredBillableKg, parcels: rec.declaredParcels },
      measured:
        rec.measuredWeightKg === null
          ? null
          : {
              weight: rec.measuredWeightKg,
              height: rec.measuredHeightCm,
              width: rec.measuredWidthCm,
              depth: rec.measuredDepthCm,
              billable_weight: rec.measuredBillableKg ?? rec.measuredWeightKg,
            },
      rule: rec.rule,
      suggested_cost: rec.suggestedCostCentavos === null ? null : fromCentavos(rec.suggestedCostCentavos),
      note: rec.note,
      evidence: files.filter((f) => f.kind === 'evidence').map(fileDto),
      dispute: {
        status: rec.disputeStatus,
        message: rec.disputeMessage,
        opened_at: rec.disputedAt?.toISOString() ?? null,
        attachments: files.filter((f) => f.kind === 'dispute').map(fileDto),
        resolution_reason: rec.resolutionReason,
        resolved_at: rec.resolvedAt?.toISOString() ?? null,
        refund: rec.refundCentavos === null ? null : fromCentavos(rec.refundCentavos),
      },
      can_pay: owner && status === 'pending',
      can_dispute: owner && rec.disputeStatus === 'none' && (status === 'pending' || status === 'paid'),
      can_edit: isAdmin(caller) && status === 'pending',
      events: events.map((e) => ({
        kind: e.kind,
        label: overweightEventLabels[e.kind],
        amount: e.amountCentavos === null ? null : fromCentavos(e.amountCentavos),
        note: e.note,
        at: e.createdAt.toISOString(),
      })),
      created_at: rec.createdAt.toISOString(),
      updated_at: rec.updatedAt.toISOString(),
    };
  }

  function listColumns(admin: boolean): SheetColumn<repo.ListedRecord>[] {
    const cost = { header: 'costo_sobrepeso', type: 'money' as const, width: 16, value: (r: repo.ListedRecord) => fromCentavos(r.costCentavos) };
    const common = [
      { header: 'servicio', type: 'text' as const, width: 30, value: (r: repo.ListedRecord) => `${carrierName(r.carrierCode, r.rule?.carrier ?? '')} - ${r.serviceName}` },
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
    statusOf,

    /**
     * 'Editar sobrepeso' (`PUT /shipments/{id}` with overweight and cost_overweight, admin): records
     * or corrects a paid shipment's overweight while it is unpaid, with what was declared and
     * measured and the tariff rule, then in the same transaction charges the owner's wallet when it
     * covers it; otherwise it stays pending (and joins the next purchase). The shipment row is
     * locked first, so two saves at once charge once: the second finds it paid.
     */
    async record(caller: Caller, shipmentId: string, input: RecordOverweight): Promise<{ charged: boolean; status: OverweightStatus }> {
      if (!isAdmin(caller)) throw commonErrors.forbidden();
      const owner = await ownerOf(shipmentId);
      const outcome = await change(async (tx) => {
        const s = await lockShipmentForOverweight(tx, shipmentId);
        if (!s || s.deleted) throw overweightErrors.shipmentNotFound();
        const existing = await repo.lockRecordByShipment(tx, shipmentId);
        if (existing?.disputeStatus === 'accepted') throw overweightErrors.cancelled();
        if (existing?.disputeStatus === 'open') throw overweightErrors.disputeOpen();
        const costCentavos = toCentavos(input.cost_overweight);
        const kg = Math.round(input.overweight * 100) / 100;
        const same = existing !== undefined && existing.costCentavos === costCentavos && existing.overweightKg === kg;
        // A repeated save of what is already there (a double click, a retried request) changes nothing.
        if (same && input.measured === undefined && input.overweight_note === undefined) {
          return { charged: false, status: statusOf(existing, s.overweightPaid), changed: false };
        }
        if (s.overweightPaid) throw overweightErrors.alreadyPaid();
        if (!s.paid) throw overweightErrors.shipmentUnpaid();

        const p = pricing(s, input.measured, kg);
        const now = clock.now();
        const values = {
          overweightKg: kg,
          costCentavos,
          measuredWeightKg: input.measured?.weight ?? null,
          measuredHeightCm: input.measured?.height ?? null,
          measuredWidthCm: input.measured?.width ?? null,
          measuredDepthCm: input.measured?.depth ?? null,
          measuredBillableKg: input.measured ? p.measuredKg : null,
          rule: p.priced?.rule ?? null,
          suggestedCostCentavos: p.priced?.costCentavos ?? null,
          note: input.overweight_note || null,
          disputeStatus: existing?.disputeStatus ?? 'none',
          updatedAt: now,
        };
        const rec = existing
          ? await repo.updateRecord(tx, existing.id, values)
          : await repo.insertRecord(tx, {
              ...values,
              shipmentId: s.id,
              userId: s.userId,
              serviceId: s.serviceId,
              shipmentCreatedAt: s.createdAt,
              numberOfOrder: s.numberOfOrder,
              numberGuide: s.numberGuide,
              carrierCode: s.carrierCode,
              serviceName: s.serviceName,
              customerName: `${s.customerFirstNames} ${s.customerLastNames}`.trim(),
              customerEmail: s.customerEmail,
              shipmentTotalCentavos: s.totalCentavos,
              declaredWeightKg: p.declaredWeight,
              declaredBillableKg: p.declaredKg,
              declaredParcels: s.parcels.map((x) => ({ height: x.height, width: x.width, depth: x.depth, weight: x.weight })),
              recordedBy: caller.id,
              createdAt: now,
            });
        await repo.insertEvent(tx, { recordId: rec.id, kind: existing ? 'updated' : 'recorded', amountCentavos: costCentavos, note: input.overweight_note || null, actorId: caller.id, createdAt: now });
        let charged = false;
        if (costCentavos === 0) {
          await setShipmentOverweight(tx, s.id, { kg: null, centavos: null }, now);
          await repo.insertEvent(tx, { recordId: rec.id, kind: 'removed', actorId: caller.id, createdAt: now });
        } else {
          await setShipmentOverweight(tx, s.id, { kg, centavos: costCentavos }, now);
          charged = await tryCharge(tx, caller, s.id);
          await repo.insertEvent(tx, { recordId: rec.id, kind: charged ? 'charged' : 'pending', amountCentavos: costCentavos, createdAt: now });
          await mailTo(
            owner,
            `overweight:${rec.id}:recorded:${now.getTime()}`,
            (firstName) =>
              overweightRecordedMail({
                ...common(s, firstName),
                kg,
                costCentavos,
                charged,
                measured: measuredText(rec),
                rule: rec.rule?.text ?? null,
                note: rec.note,
                corrected: existing !== undefined,
              }),
            tx,
          );
        }
        return { charged, status: statusOf(rec, charged), changed: true };
      });
      deps.log?.info({ shipmentId, charged: outcome.charged, changed: outcome.changed }, 'sobrepeso registrado');
      return { charged: outcome.charged, status: outcome.status };
    },

    /** `GET /overweight/{shipmentId}/suggestion` (admin): what the tariff says the measured kilos cost. */
    async suggestion(shipmentId: string, measured: OverweightMeasured): Promise<OverweightSuggestion> {
      const s = await readShipmentForOverweight(db, shipmentId);
      if (!s || s.deleted) throw overweightErrors.shipmentNotFound();
      const p = pricing(s, measured, undefined);
      return {
        declared: { weight: p.declaredWeight, billable_weight: p.declaredKg, parcels: s.parcels.map((x) => ({ height: x.height, width: x.width, depth: x.depth, weight: x.weight })) },
        measured_billable_weight: p.measuredKg,
        overweight: p.overweightKg,
        rule: p.priced?.rule ?? null,
        suggested_cost: p.priced ? fromCentavos(p.priced.costCentavos) : null,
      };
    },

    /** The shipment's overweight for its owner or an admin; `record: null` when it has none. */
    async detail(caller: Caller, shipmentId: string): Promise<ShipmentOverweight> {
      const s = await requireVisibleShipment(caller, shipmentId);
      const rec = await repo.findRecordByShipment(db, shipmentId);
      return { record: rec ? await recordDto(caller, rec, s.overweightPaid) : null };
    },

    /** The owner pays a pending overweight from the wallet (the same payment as `payOverWeight`). */
    async pay(caller: Caller, shipmentId: string): Promise<ShipmentOverweight> {
      await change(async (tx) => {
        const s = await lockShipmentForOverweight(tx, shipmentId);
        if (!s || s.deleted) throw overweightErrors.shipmentNotFound();
        if (s.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
        const rec = await repo.lockRecordByShipment(tx, shipmentId);
        if (!rec) throw overweightErrors.notFound();
        const status = statusOf(rec, s.overweightPaid);
        if (status === 'disputed') throw overweightErrors.notPayable('Este sobrepeso está en aclaración: no se cobra hasta que se resuelva.');
        if (status === 'cancelled') throw overweightErrors.notPayable('Este sobrepeso se canceló; no hay nada que pagar.');
        if (status === 'paid') throw overweightErrors.alreadyPaid();
        const now = clock.now();
        await payOverweightIn(deps.payments, tx, caller, shipmentId);
        await repo.insertEvent(tx, { recordId: rec.id, kind: 'charged', amountCentavos: rec.costCentavos, actorId: caller.id, createdAt: now });
      });
      return this.detail(caller, shipmentId);
    },

    /**
     * The owner contests an overweight, once, with a message and up to three photos or PDFs. A
     * pending one is held: nothing is charged (nor added to a purchase) until an admin decides.
     */
    async dispute(caller: Caller, shipmentId: string, input: { message: string }, files: readonly UploadedFile[]): Promise<ShipmentOverweight> {
      if (files.length > DISPUTE_ATTACHMENTS_MAX) throw overweightErrors.tooManyFiles('files', `Adjunta como máximo ${DISPUTE_ATTACHMENTS_MAX} archivos.`);
      const owner = await ownerOf(shipmentId);
      await change(async (tx) => {
        const s = await lockShipmentForOverweight(tx, shipmentId);
        if (!s || s.deleted) throw overweightErrors.shipmentNotFound();
        if (s.userId !== caller.id) throw commonErrors.forbidden();
        const rec = await repo.lockRecordByShipment(tx, shipmentId);
        if (!rec) throw overweightErrors.disputeNothing();
        if (rec.disputeStatus !== 'none') throw overweightErrors.disputeTwice();
        if (statusOf(rec, s.overweightPaid) === 'cancelled') throw overweightErrors.disputeNothing();
        const now = clock.now();
        await repo.updateRecord(tx, rec.id, { disputeStatus: 'open', disputeMessage: input.message, disputedAt: now, updatedAt: now });
        if (!s.overweightPaid) await setShipmentOverweight(tx, s.id, { kg: rec.overweightKg, centavos: null }, now);
        await repo.insertFiles(
          tx,
          files.map((f) => ({ recordId: rec.id, kind: 'dispute' as const, fileName: f.fileName, contentType: f.contentType, sizeBytes: f.data.length, data: f.data, uploadedBy: caller.id, createdAt: now })),
        );
        await repo.insertEvent(tx, { recordId: rec.id, kind: 'disputed', note: input.message, actorId: caller.id, createdAt: now });
        await mailTo(
          owner,
          `overweight:${rec.id}:disputed`,
          (firstName) => disputeReceivedMail({ ...common(s, firstName), costCentavos: rec.costCentavos, paid: s.overweightPaid, attachments: files.length }),
          tx,
        );
      });
      return this.detail(caller, shipmentId);
    },

    /**
     * An admin decides an open dispute. Accept: the overweight is cancelled and, when it had been
     * paid, its amount goes back to the wallet, once (the record is locked and only an open
     * dispute can be decided). Reject, with a reason: the overweight stands and, if it was held,
     * the wallet pays it when it covers it or it stays pending.
     */
    async resolve(caller: Caller, shipmentId: string, input: ResolveDispute): Promise<ShipmentOverweight> {
      if (!isAdmin(caller)) throw commonErrors.forbidden();
      const owner = await ownerOf(shipmentId);
      await change(async (tx) => {
        const s = await lockShipmentForOverweight(tx, shipmentId);
        if (!s || s.deleted) throw overweightErrors.shipmentNotFound();
        const rec = await repo.lockRecordByShipment(tx, shipmentId);
        if (!rec) throw overweightErrors.notFound();
        if (rec.disputeStatus !== 'open') throw overweightErrors.noOpenDispute();
        const now = clock.now();
        const reason = input.reason || null;
        if (input.decision === 'accept') {
          const refund = s.overweightPaid && rec.costCentavos > 0 ? rec.costCentavos : null;
          if (refund) await creditIn(tx, { userId: s.userId, amountCentavos: refund, provider: 'wallet', reference: `sobrepeso:${rec.id}`, now });
          await clearShipmentOverweight(tx, s.id, now);
          await repo.updateRecord(tx, rec.id, { disputeStatus: 'accepted', resolutionReason: reason, resolvedAt: now, resolvedBy: caller.id, refundCentavos: refund, updatedAt: now });
          await repo.insertEvent(tx, { recordId: rec.id, kind: 'accepted', note: reason, actorId: caller.id, createdAt: now });
          if (refund) await repo.insertEvent(tx, { recordId: rec.id, kind: 'refunded', amountCentavos: refund, createdAt: now });
          await mailTo(owner, `overweight:${rec.id}:accepted`, (firstName) => disputeAcceptedMail({ ...common(s, firstName), costCentavos: rec.costCentavos, refundCentavos: refund }), tx);
        } else {
          await repo.updateRecord(tx, rec.id, { disputeStatus: 'rejected', resolutionReason: reason, resolvedAt: now, resolvedBy: caller.id, updatedAt: now });
          await repo.insertEvent(tx, { recordId: rec.id, kind: 'rejected', note: reason, actorId: caller.id, createdAt: now });
          let charged = false;
          if (!s.overweightPaid) {
            await setShipmentOverweight(tx, s.id, { kg: rec.overweightKg, centavos: rec.costCentavos }, now);
            charged = await tryCharge(tx, caller, s.id);
            await repo.insertEvent(tx, { recordId: rec.id, kind: charged ? 'charged' : 'pending', amountCentavos: rec.costCentavos, createdAt: now });
          }
          await mailTo(
            owner,
            `overweight:${rec.id}:rejected`,
            (firstName) => disputeRejectedMail({ ...common(s, firstName), costCentavos: rec.costCentavos, reason: reason ?? '', paid: s.overweightPaid, charged }),
            tx,
          );
        }
      });
      return this.detail(caller, shipmentId);
    },

    /** An admin attaches the carrier's evidence (photos, PDF): at most ten per overweight. */
    async addEvidence(caller: Caller, shipmentId: string, files: readonly UploadedFile[]): Promise<ShipmentOverweight> {
      if (!isAdmin(caller)) throw commonErrors.forbidden();
      if (files.length === 0) throw overweightErrors.invalid('files', 'Elige al menos un archivo.');
      await change(async (tx) => {
        const rec = await repo.lockRecordByShipment(tx, shipmentId);
        if (!rec) throw overweightErrors.notFound();
        const have = await repo.countFiles(tx, rec.id, 'evidence');
        if (have + files.length > OVERWEIGHT_EVIDENCE_MAX) {
          throw overweightErrors.tooManyFiles('files', `Un sobrepeso admite hasta ${OVERWEIGHT_EVIDENCE_MAX} archivos de evidencia; ya tiene ${have}.`);
        }
        const now = clock.now();
        await repo.insertFiles(
          tx,
          files.map((f) => ({ recordId: rec.id, kind: 'evidence' as const, fileName: f.fileName, contentType: f.contentType, sizeBytes: f.data.length, data: f.data, uploadedBy: caller.id, createdAt: now })),
        );
        await repo.updateRecord(tx, rec.id, { updatedAt: now });
      });
      return this.detail(caller, shipmentId);
    },

    /** An admin removes a piece of evidence, only before the customer disputed (what they saw stays). */
    async removeEvidence(caller: Caller, fileId: string): Promise<void> {
      if (!isAdmin(caller)) throw commonErrors.forbidden();
      await change(async (tx) => {
        const file = await repo.findFile(tx, fileId);
        if (!file || file.kind !== 'evidence') throw overweightErrors.fileNotFound();
        const rec = await repo.lockRecord(tx, file.recordId);
        if (rec && rec.disputeStatus !== 'none') {
          throw overweightErrors.evidenceLocked();
        }
        await repo.deleteFile(tx, fileId);
      });
    },

    /** A file's bytes for the overweight's owner or an admin. */
    async file(caller: Caller, fileId: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
      const file = await repo.findFile(db, fileId);
      if (!file) throw overweightErrors.fileNotFound();
      if (file.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
      return { fileName: file.fileName, contentType: file.contentType, data: file.data };
    },

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

export type Overweight = ReturnType<typeof createOverweight>;
