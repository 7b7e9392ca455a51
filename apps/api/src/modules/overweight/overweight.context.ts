import { sql } from 'drizzle-orm';
import { type TariffZone } from '@envios/contracts/carriers';
import { formatMXN, fromCentavos } from '@envios/contracts/money';
import {
  overweightEventLabels,
  overweightStateText,
  overweightStatusLabels,
  type OverweightMeasured,
  type OverweightRecord,
} from '@envios/contracts/overweight';
import { billableWeightKg } from '@envios/contracts/quotes';
import { walletErrorCodes } from '@envios/contracts/wallet';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { AppError, commonErrors } from '../../shared/errors.js';
import { domesticZone, internationalZone } from '../carriers/carriers.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import { readShipmentForOverweight, type OverweightShipment } from '../shipments/shipments.usecases.js';
import { overweightErrors } from './overweight.errors.js';
import { measuredBillableKg, priceOverweight } from './overweight.pricing.js';
import * as repo from './overweight.repository.js';
import type { OverweightDeps } from './overweight.deps.js';
import { carrierName, fileDto, isAdmin, statusOf } from './overweight.dto.js';

/** Announced at the commit of every overweight change, so cached reports know their rows moved. */
export const OVERWEIGHT_CHANNEL = 'overweight_changed';

/**
 * What every overweight use case shares: the tariff's pricing of a shipment, the transaction that
 * announces a change, the wallet charge, the owner's e-mails and the record as its screen shows it.
 */
export function createOverweightContext(deps: OverweightDeps) {
  const { db } = deps;
  const pageUrl = `${deps.appUrl.replace(/\/+$/, '')}/overweight`;
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
      await tx.transaction((sp) => deps.payments.payOverweightIn(sp, { ...actor, rol: 'admin' }, shipmentId));
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
    return {
      firstName,
      numberOfOrder: s.numberOfOrder,
      guide: s.numberGuide,
      service: `${carrierName(s.carrierCode, s.carrierName)} ${s.serviceName}`,
      url: pageUrl,
    };
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
    const payment = paid ? paymentOf(events) : null;
    return {
      _id: rec.id,
      shipment_id: rec.shipmentId,
      status,
      status_label: overweightStatusLabels[status],
      overweight: rec.overweightKg,
      cost_overweight: fromCentavos(rec.costCentavos),
      paid,
      paid_via: payment?.via ?? null,
      paid_at: payment?.at.toISOString() ?? null,
      explanation: overweightStateText({
        status,
        amount: formatMXN(rec.costCentavos),
        paidVia: payment?.via ?? null,
        dispute: rec.disputeStatus,
        refund: rec.refundCentavos === null ? null : formatMXN(rec.refundCentavos),
        audience: owner ? 'customer' : 'admin',
      }),
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

  return { zoneOf, pricing, change, tryCharge, ownerOf, mailTo, common, requireVisibleShipment, recordDto };
}

/**
 * How and when the overweight was paid: its latest payment line. Before purchases had their own
 * line, a purchase was written as a charge whose note names the purchase.
 */
export function paymentOf(events: readonly { kind: string; note: string | null; createdAt: Date }[]): { via: 'wallet' | 'purchase'; at: Date } | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i]!;
    if (e.kind === 'paid_with_purchase' || (e.kind === 'charged' && e.note?.startsWith('Pagado con la compra'))) return { via: 'purchase', at: e.createdAt };
    if (e.kind === 'charged') return { via: 'wallet', at: e.createdAt };
  }
  return null;
}

export type OverweightContext = ReturnType<typeof createOverweightContext>;
