import { DISPUTE_ATTACHMENTS_MAX, OVERWEIGHT_EVIDENCE_MAX, type ResolveDispute, type ShipmentOverweight } from '@envios/contracts/overweight';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { fromCentavos } from '@envios/contracts/money';
import type { NewEvent } from '../events/events.usecases.js';
import { clearShipmentOverweight, lockShipmentForOverweight, setShipmentOverweight, type OverweightShipment } from '../shipments/shipments.usecases.js';
import { creditIn, walletCreditedEvent } from '../wallet/wallet.usecases.js';
import { overweightErrors } from './overweight.errors.js';
import type { UploadedFile } from './overweight.files.js';
import { disputeAcceptedMail, disputeReceivedMail, disputeRejectedMail } from './overweight.mails.js';
import * as repo from './overweight.repository.js';
import type { OverweightDeps } from './overweight.deps.js';
import type { OverweightContext } from './overweight.context.js';
import { isAdmin, statusOf } from './overweight.dto.js';

/** `overweight.resolved` of an admin's decision on a dispute. */
function resolvedEvent(s: OverweightShipment, decision: 'accepted' | 'rejected', refundCentavos: number | null): NewEvent {
  return {
    type: 'overweight.resolved',
    userId: s.userId,
    subjectId: s.id,
    data: { shipment_id: s.id, folio: s.numberOfOrder, decision, refunded: refundCentavos === null ? null : fromCentavos(refundCentavos) },
  };
}

/** One shipment's overweight: its detail, paying it, the dispute and its resolution, the evidence files. */
export function createOverweightDisputes(deps: OverweightDeps, ctx: OverweightContext) {
  const { db, clock } = deps;
  const { change, tryCharge, ownerOf, mailTo, common, requireVisibleShipment, recordDto } = ctx;

  return {
    /** The shipment's overweight for its owner or an admin; `record: null` when it has none. */
    async detail(caller: Caller, shipmentId: string): Promise<ShipmentOverweight> {
      const s = await requireVisibleShipment(caller, shipmentId);
      const rec = await repo.findRecordByShipment(db, shipmentId);
      return { record: rec ? await recordDto(caller, rec, s.overweightPaid) : null };
    },

    /**
     * The owner pays a pending overweight from the wallet (the same payment as `payOverWeight`). One
     * already paid (a second click, or the charge at recording) answers its paid state.
     */
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
        if (status === 'paid') return;
        // The payment writes its line in the story ('Cobrado de tu Monedero').
        await deps.payments.payOverweightIn(tx, caller, shipmentId);
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
          files.map((f) => ({
            recordId: rec.id,
            kind: 'dispute' as const,
            fileName: f.fileName,
            contentType: f.contentType,
            sizeBytes: f.data.length,
            data: f.data,
            uploadedBy: caller.id,
            createdAt: now,
          })),
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
          if (refund) {
            const entry = await creditIn(tx, { userId: s.userId, amountCentavos: refund, provider: 'wallet', reference: `sobrepeso:${rec.id}`, now });
            await deps.events.publish(tx, walletCreditedEvent(entry));
          }
          await clearShipmentOverweight(tx, s.id, now);
          await repo.updateRecord(tx, rec.id, {
            disputeStatus: 'accepted',
            resolutionReason: reason,
            resolvedAt: now,
            resolvedBy: caller.id,
            refundCentavos: refund,
            updatedAt: now,
          });
          await repo.insertEvent(tx, { recordId: rec.id, kind: 'accepted', note: reason, actorId: caller.id, createdAt: now });
          if (refund) await repo.insertEvent(tx, { recordId: rec.id, kind: 'refunded', amountCentavos: refund, createdAt: now });
          await mailTo(
            owner,
            `overweight:${rec.id}:accepted`,
            (firstName) => disputeAcceptedMail({ ...common(s, firstName), costCentavos: rec.costCentavos, refundCentavos: refund }),
            tx,
          );
          await deps.events.publish(tx, resolvedEvent(s, 'accepted', refund));
        } else {
          await repo.updateRecord(tx, rec.id, { disputeStatus: 'rejected', resolutionReason: reason, resolvedAt: now, resolvedBy: caller.id, updatedAt: now });
          await repo.insertEvent(tx, { recordId: rec.id, kind: 'rejected', note: reason, actorId: caller.id, createdAt: now });
          let charged = false;
          if (!s.overweightPaid) {
            await setShipmentOverweight(tx, s.id, { kg: rec.overweightKg, centavos: rec.costCentavos }, now);
            charged = await tryCharge(tx, caller, s.id);
            if (!charged) await repo.insertEvent(tx, { recordId: rec.id, kind: 'pending', amountCentavos: rec.costCentavos, createdAt: now });
          }
          await mailTo(
            owner,
            `overweight:${rec.id}:rejected`,
            (firstName) =>
              disputeRejectedMail({ ...common(s, firstName), costCentavos: rec.costCentavos, reason: reason ?? '', paid: s.overweightPaid, charged }),
            tx,
          );
          await deps.events.publish(tx, resolvedEvent(s, 'rejected', null));
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
          files.map((f) => ({
            recordId: rec.id,
            kind: 'evidence' as const,
            fileName: f.fileName,
            contentType: f.contentType,
            sizeBytes: f.data.length,
            data: f.data,
            uploadedBy: caller.id,
            createdAt: now,
          })),
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
  };
}
