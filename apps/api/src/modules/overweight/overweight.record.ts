import { fromCentavos, toCentavos } from '@envios/contracts/money';
import { type OverweightMeasured, type OverweightStatus, type OverweightSuggestion, type RecordOverweight } from '@envios/contracts/overweight';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { lockShipmentForOverweight, readShipmentForOverweight, setShipmentOverweight } from '../shipments/shipments.usecases.js';
import { overweightErrors } from './overweight.errors.js';
import { overweightRecordedMail } from './overweight.mails.js';
import * as repo from './overweight.repository.js';
import type { OverweightDeps } from './overweight.deps.js';
import type { OverweightContext } from './overweight.context.js';
import { isAdmin, measuredText, statusOf } from './overweight.dto.js';

/** Recording a shipment's overweight ('Editar sobrepeso') and the tariff's suggestion for it. */
export function createOverweightRecording(deps: OverweightDeps, ctx: OverweightContext) {
  const { db, clock } = deps;
  const { pricing, change, tryCharge, ownerOf, mailTo, common } = ctx;

  return {
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
        await repo.insertEvent(tx, {
          recordId: rec.id,
          kind: existing ? 'updated' : 'recorded',
          amountCentavos: costCentavos,
          note: input.overweight_note || null,
          actorId: caller.id,
          createdAt: now,
        });
        let charged = false;
        if (costCentavos === 0) {
          await setShipmentOverweight(tx, s.id, { kg: null, centavos: null }, now);
          await repo.insertEvent(tx, { recordId: rec.id, kind: 'removed', actorId: caller.id, createdAt: now });
        } else {
          await setShipmentOverweight(tx, s.id, { kg, centavos: costCentavos }, now);
          // A charge writes its own line ('Cobrado de tu Monedero') through the payment.
          charged = await tryCharge(tx, caller, s.id);
          if (!charged) await repo.insertEvent(tx, { recordId: rec.id, kind: 'pending', amountCentavos: costCentavos, createdAt: now });
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
        await deps.events.publish(tx, {
          type: 'overweight.recorded',
          userId: s.userId,
          subjectId: s.id,
          data: { shipment_id: s.id, folio: s.numberOfOrder, guide_number: s.numberGuide, overweight_kg: kg, amount: fromCentavos(costCentavos), charged },
        });
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
        declared: {
          weight: p.declaredWeight,
          billable_weight: p.declaredKg,
          parcels: s.parcels.map((x) => ({ height: x.height, width: x.width, depth: x.depth, weight: x.weight })),
        },
        measured_billable_weight: p.measuredKg,
        overweight: p.overweightKg,
        rule: p.priced?.rule ?? null,
        suggested_cost: p.priced ? fromCentavos(p.priced.costCentavos) : null,
      };
    },
  };
}
