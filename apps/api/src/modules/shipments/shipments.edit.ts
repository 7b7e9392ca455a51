import { offersLocalPickup, type BulkResult, type Shipment, type updateShipmentSchema } from '@envios/contracts/shipments';
import type { z } from 'zod';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import {
  destinationColumns,
  quoteRequestFor,
  sameParcels,
  samePlace,
  samePrice,
  pricedColumns,
  toAddressColumn,
  toParcelColumns,
  wholeOptionPrice,
} from './shipment-pricing.js';
import { toShipmentDto } from './shipments.dto.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import { customerColumns, insuredValueOf, shipmentCreatedEvents, withInsuranceCost, type ShipmentChecks } from './shipments.shared.js';
import type { ShipmentsDeps } from './shipments.deps.js';

export type UpdateShipment = z.output<typeof updateShipmentSchema>;

/** Edits of existing shipments: update, soft delete (one or many) and bulk duplicate. */
export function createShipmentEdits(deps: ShipmentsDeps, checks: ShipmentChecks) {
  const { db, clock } = deps;
  const { quoteCaller, requireActiveAccount, requireOwned, findOption } = checks;

  return {
    /**
     * `PUT /shipments/{id}`: unpaid shipments only. The admin's overweight (alone in the body) is
     * handed to the overweight module. A new place, parcels or package type needs the re-quote's
     * service choice; with a service the server re-quotes, checks the price and freezes a new
     * snapshot. A changed insured value alone is re-priced with the same service. While a payment
     * attempt is open for the shipment, an edit that could change what it costs is refused: the
     * attempt charges the price it opened with.
     */
    async update(caller: Caller, id: string, input: UpdateShipment): Promise<Shipment> {
      const before = await requireOwned(caller, id);
      const overweightGiven = input.overweight !== undefined || input.cost_overweight !== undefined;
      if (overweightGiven && caller.rol !== 'admin') throw shipmentErrors.overweightAdminOnly();
      const { overweight, cost_overweight, measured, overweight_note, ...rest } = input;
      const editsShipment = Object.values(rest).some((v) => v !== undefined);
      // 'Editar sobrepeso' belongs to the overweight module (record, charge or leave pending).
      if (overweightGiven) {
        if (editsShipment) throw shipmentErrors.invalid('overweight', 'El sobrepeso se registra solo, sin otros cambios del envío.');
        await deps.recordOverweight!(caller, id, { overweight: overweight!, cost_overweight: cost_overweight!, measured, overweight_note });
        const after = await repo.findShipment(db, id);
        if (!after) throw shipmentErrors.notFound();
        return toShipmentDto(after);
      }
      if (editsShipment && before.paid) throw shipmentErrors.paidCannotEdit();

      const patch: repo.ShipmentPatch = {};
      // Whether the edit can change what the shipment costs, its service, parcels or insurance.
      let repricing = false;
      if (editsShipment) {
        const origin = input.origin_direction ? toAddressColumn(input.origin_direction) : before.origin;
        const destination = input.destination_direction ? toAddressColumn(input.destination_direction) : before.destination;
        const parcels = input.parcels ? toParcelColumns(input.parcels) : before.parcels;
        const shipmentType = input.shipment_type ?? before.shipmentType;
        if (shipmentType === 'document' && parcels.length !== 1) throw shipmentErrors.invalid('parcels', 'Un sobre se envía como un solo paquete.');
        const insured = input.package_insurance ?? (input.insurance_information !== undefined ? input.insurance_information !== null : before.packageInsurance);
        let insurance = insured ? (input.insurance_information ?? before.insuranceInformation) : null;
        if (insured && !insurance) throw shipmentErrors.invalid('insurance_information', 'Los datos del seguro son obligatorios.');

        const moved = !samePlace(origin, before.origin) || !samePlace(destination, before.destination);
        const reshaped = !sameParcels(parcels, before.parcels) || shipmentType !== before.shipmentType;
        if ((moved || reshaped) && !input.selected_service) throw shipmentErrors.requoteRequired();
        const insuredValue = insuredValueOf(insured, insurance);
        const insuredBefore = insuredValueOf(before.packageInsurance, before.insuranceInformation);
        repricing = moved || reshaped || Boolean(input.selected_service) || insuredValue !== insuredBefore || insured !== before.packageInsurance;
        if (input.selected_service || insuredValue !== insuredBefore) {
          const serviceId = input.selected_service?.service_id ?? before.serviceId;
          const request = quoteRequestFor({ origin, destination, shipmentType, parcels, guides: parcels.length, insuredValue });
          const answer = await deps.quoting.quote(request, quoteCaller(caller, before.userId));
          const option = findOption(answer, serviceId, input.selected_service ? 'selected_service.service_id' : 'package_insurance');
          if (input.selected_service && !samePrice(input.selected_service.net_total_amount, option.net_total_amount)) {
            throw shipmentErrors.priceChanged('selected_service.net_total_amount');
          }
          const price = wholeOptionPrice(option);
          insurance = withInsuranceCost(insurance, price);
          Object.assign(patch, pricedColumns(option, price, answer.quoted_at) satisfies repo.ShipmentPatch);
        }
        Object.assign(patch, {
          origin,
          destination,
          ...destinationColumns(destination),
          parcels,
          shipmentType,
          description: input.description_of_the_content ?? before.description,
          packageInsurance: insured,
          insuranceInformation: insurance,
          // Local pickup exists only from Guadalajara; a new origin elsewhere drops it.
          localPickup: before.localPickup && offersLocalPickup(origin.city),
        } satisfies repo.ShipmentPatch);
      }
      const updated = await db.transaction(async (tx) => {
        // Locked like a payment opening locks it: an attempt cannot open between the check and the write.
        await repo.lockShipments(tx, [id]);
        const open = repricing ? await deps.openPaymentFor?.(tx, id) : undefined;
        if (open) throw shipmentErrors.paymentInProgress(open.numberOfOrder, open.methodLabel);
        return repo.updateShipment(tx, id, patch, clock.now(), { unpaidOnly: editsShipment });
      });
      if (updated) return toShipmentDto(updated);
      // Paid or deleted between the read and the write.
      const now = await repo.findShipment(db, id);
      if (now?.paid) throw shipmentErrors.paidCannotEdit();
      throw shipmentErrors.notFound();
    },

    /** `DELETE /shipments/{id}`: soft delete, unpaid only ('Anterior' on the summary uses it). */
    async remove(caller: Caller, id: string): Promise<void> {
      const found = await requireOwned(caller, id);
      if (found.paid) throw shipmentErrors.paidCannotDelete();
      const deleted = await repo.softDeleteUnpaid(db, [id], clock.now());
      if (deleted.length === 0) {
        const again = await repo.findShipment(db, id);
        if (again?.paid) throw shipmentErrors.paidCannotDelete();
        throw shipmentErrors.notFound();
      }
    },

    /** `POST /shipments/all/delete`: own unpaid shipments, all or none. */
    async removeMany(caller: Caller, ids: readonly string[]): Promise<BulkResult> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = new Map((await repo.lockShipments(tx, unique)).map((r) => [r.id, r]));
        ids.forEach((id, i) => {
          const row = rows.get(id);
          if (!row) throw shipmentErrors.notFoundAt(`list_id.${i}`);
          if (row.userId !== caller.id) throw commonErrors.forbidden();
        });
        ids.forEach((id, i) => {
          const row = rows.get(id)!;
          if (row.paid) throw shipmentErrors.paidInList(row.numberOfOrder, `list_id.${i}`);
        });
        const deleted = await repo.softDeleteUnpaid(tx, unique, clock.now());
        return { count: deleted.length, shipments: unique.filter((id) => deleted.includes(id)) };
      });
    },

    /**
     * `POST /shipments/all` (duplicate): each own shipment again at today's prices for the caller,
     * unpaid, without guide or reference, in the caller's name; all in one transaction.
     */
    async duplicate(caller: Caller, ids: readonly string[]): Promise<BulkResult> {
      const sources = new Map((await repo.findShipments(db, ids)).map((r) => [r.id, r]));
      const originals = ids.map((id, i) => {
        const found = sources.get(id);
        if (!found) throw shipmentErrors.notFoundAt(`shipments.${i}`);
        if (found.userId !== caller.id) throw commonErrors.forbidden();
        return found;
      });
      const account = await requireActiveAccount(caller.id, 'user');
      await deps.limitCreation?.(caller.id, originals.length);
      const rows = await Promise.all(
        originals.map(async (s, i): Promise<repo.NewShipment> => {
          const insuredValue = insuredValueOf(s.packageInsurance, s.insuranceInformation);
          const request = quoteRequestFor({
            origin: s.origin,
            destination: s.destination,
            shipmentType: s.shipmentType,
            parcels: s.parcels,
            guides: s.parcels.length,
            insuredValue,
          });
          const answer = await deps.quoting.quote(request, caller);
          const option = findOption(answer, s.serviceId, `shipments.${i}`);
          const price = wholeOptionPrice(option);
          return {
            userId: caller.id,
            ...customerColumns(account),
            origin: s.origin,
            destination: s.destination,
            ...destinationColumns(s.destination),
            ...pricedColumns(option, price, answer.quoted_at),
            shipmentType: s.shipmentType,
            parcels: s.parcels,
            description: s.description,
            packageInsurance: s.packageInsurance,
            insuranceInformation: withInsuranceCost(s.packageInsurance ? s.insuranceInformation : null, price),
            ecommerceOrderId: null,
            ecommerceType: null,
            localPickup: s.localPickup,
          };
        }),
      );
      const created = await db.transaction(async (tx) => {
        const inserted = await repo.insertShipments(tx, rows, clock.now());
        await deps.events.publish(tx, shipmentCreatedEvents(inserted));
        return inserted;
      });
      return { count: created.length, shipments: created.map((r) => r.id) };
    },
  };
}
