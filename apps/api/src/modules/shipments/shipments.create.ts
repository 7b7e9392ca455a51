import { createHash } from 'node:crypto';
import { toCentavos } from '@envios/contracts/money';
import { expandParcelsToGuides, type QuoteRequest } from '@envios/contracts/quotes';
import type { CreateShipment, Shipment } from '@envios/contracts/shipments';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { keepLocationInBook, type NewSavedLocation } from '../addresses/addresses.usecases.js';
import {
  destinationColumns,
  parcelKey,
  quoteRequestFor,
  samePrice,
  pricedColumns,
  sumCentavos,
  toAddressColumn,
  toParcelColumns,
  uniformGuidePrice,
  wholeOptionPrice,
  type PricingInput,
  type ShipmentPrice,
} from './shipment-pricing.js';
import { toShipmentDto } from './shipments.dto.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import { customerColumns, insuredValueOf, shipmentCreatedEvents, withInsuranceCost, type ShipmentChecks } from './shipments.shared.js';
import type { AddressColumn } from './shipments.table.js';
import type { AccountInfo, ShipmentsDeps } from './shipments.deps.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stable digest of what a creation call asked for (keys reused for another purchase are refused). */
export function fingerprintOf(kind: string, bodies: readonly unknown[]): string {
  return createHash('sha256').update(kind).update('\n').update(JSON.stringify(bodies)).digest('base64url');
}

export interface CreationResult {
  /** True when an earlier call with the same `Idempotency-Key` is answered again. */
  replayed: boolean;
  answer: { _id: string; shipments: Shipment[] };
}

/** Thrown inside the creation transaction when another request holds the key: undoes our insert. */
class KeyTaken extends Error {}

/** Creation from the wizard: the server-side re-quote, idempotency keys and the new shipments. */
export function createShipmentCreation(deps: ShipmentsDeps, checks: ShipmentChecks) {
  const { db, clock } = deps;
  const { quoteCaller, requireActiveAccount, findOption } = checks;

  /**
   * Re-quotes a creation, checks the client's price of the chosen service to the centavo, and
   * prices each guide. Guides alike share the option's per-guide
   * price; otherwise each distinct parcel is quoted alone with the same service. The guides
   * must add up to the option's net total to the centavo, or the price moved meanwhile.
   */
  async function priceGuides(request: QuoteRequest, caller: Caller, chosen: { service_id: string; net_total_amount: number }, path: string) {
    const serviceId = chosen.service_id;
    const answer = await deps.quoting.quote(request, caller);
    const option = findOption(answer, serviceId, `${path}.service_id`);
    // The client's figure is compared, never used.
    if (!samePrice(chosen.net_total_amount, option.net_total_amount)) throw shipmentErrors.priceChanged(`${path}.net_total_amount`);
    const parcels = expandParcelsToGuides(request.parcels, request.cantidadGuias);
    const uniform = uniformGuidePrice(option);
    const byParcel = new Map<string, ShipmentPrice>();
    if (uniform) {
      for (const p of parcels) byParcel.set(parcelKey(p), uniform);
    } else {
      const distinct = [...new Map(parcels.map((p) => [parcelKey(p), p])).values()];
      const singles = await Promise.all(distinct.map((p) => deps.quoting.quote({ ...request, parcels: [p], cantidadGuias: 1 }, caller)));
      distinct.forEach((p, i) => byParcel.set(parcelKey(p), wholeOptionPrice(findOption(singles[i]!, serviceId, `${path}.service_id`))));
    }
    const guides = parcels.map((parcel) => ({ parcel, price: byParcel.get(parcelKey(parcel))! }));
    if (sumCentavos(guides.map((g) => g.price)) !== toCentavos(option.net_total_amount)) throw shipmentErrors.priceChanged(`${path}.net_total_amount`);
    return { option, guides, quotedAt: answer.quoted_at };
  }

  /**
   * The answer of an earlier call with the same key: its shipments as they are now. Undefined when
   * any of them was deleted since ('Anterior' on the summary): that purchase is over, and the same
   * call buys again.
   */
  async function replay(ids: readonly string[]): Promise<CreationResult | undefined> {
    const rows = await repo.findShipments(db, ids);
    if (rows.length !== ids.length) return undefined;
    return { replayed: true, answer: { _id: ids[0]!, shipments: rows.map(toShipmentDto) } };
  }

  /** Prices one creation body and turns it into its shipments (one per guide). */
  async function planCreation(
    caller: Caller,
    body: CreateShipment,
    path: string,
    accounts: Map<string, Promise<AccountInfo>>,
  ): Promise<{ rows: repo.NewShipment[]; saved: NewSavedLocation[] }> {
    const ownerId = caller.rol === 'admin' && body.user ? body.user : caller.id;
    let pending = accounts.get(ownerId);
    if (!pending) accounts.set(ownerId, (pending = requireActiveAccount(ownerId, path ? `${path}.user` : 'user')));
    const account = await pending;
    const origin = toAddressColumn(body.origin_direction);
    const destination = toAddressColumn(body.destination_direction);
    const insurance = body.package_insurance ? (body.insurance_information ?? null) : null;
    const input: PricingInput = {
      origin,
      destination,
      shipmentType: body.shipment_type,
      parcels: body.parcels,
      guides: body.cantidadGuias,
      insuredValue: insuredValueOf(body.package_insurance, insurance),
    };
    const at = path ? `${path}.selected_service` : 'selected_service';
    const priced = await priceGuides(quoteRequestFor(input), quoteCaller(caller, ownerId), body.selected_service, at);
    const rows = priced.guides.map(({ parcel, price }) => ({
      userId: ownerId,
      ...customerColumns(account),
      origin,
      destination,
      ...destinationColumns(destination),
      ...pricedColumns(priced.option, price, priced.quotedAt),
      shipmentType: body.shipment_type,
      parcels: toParcelColumns([parcel]),
      description: body.description_of_the_content,
      packageInsurance: insurance !== null,
      insuranceInformation: withInsuranceCost(insurance, price),
      ecommerceOrderId: body.shipment_ecommerce?.order_id ?? null,
      ecommerceType: body.shipment_ecommerce?.ecommerce_type ?? null,
      localPickup: body.local_pickup,
    }));
    const saved: NewSavedLocation[] = [];
    const keep = (a: AddressColumn) =>
      saved.push({
        userId: ownerId,
        name: a.full_name,
        email: a.email,
        phone: a.phone,
        street: a.address,
        number: a.number,
        intNumber: a.intNumber,
        reference: a.reference_of_origin,
        colony: a.colony,
        postalCode: a.postal_code,
        city: a.city,
        stateCode: a.state_code,
        countryCode: a.country_code,
      });
    if (body.save_origin) keep(origin);
    if (body.save_destination) keep(destination);
    return { rows, saved };
  }

  return {
    /**
     * `POST /shipments`, `/shipments/home` (one body) and `/shipments/home/all` (several): every
     * shipment of the call in one transaction. With an `Idempotency-Key`, a repeat of the same call
     * within 24 hours answers the shipments of the first one, even if prices changed since.
     */
    async create(
      caller: Caller,
      bodies: readonly CreateShipment[],
      opts: {
        idempotencyKey?: string | undefined;
        kind: 'one' | 'many';
        /**
         * Runs inside the creation's transaction with the new shipments of each body (the bulk
         * upload records its rows there); throwing undoes the whole creation.
         */
        inTransaction?: ((tx: Executor, created: { id: string; numberOfOrder: number }[][]) => Promise<void>) | undefined;
      },
    ): Promise<CreationResult> {
      const key = opts.idempotencyKey;
      const fingerprint = fingerprintOf(opts.kind, bodies);
      const since = new Date(clock.now().getTime() - DAY_MS);
      if (key) {
        const found = await repo.findIdempotencyKey(db, caller.id, key, since);
        if (found) {
          if (found.fingerprint !== fingerprint) throw shipmentErrors.idempotencyConflict();
          const replayed = await replay(found.shipmentIds);
          if (replayed) return replayed;
          await repo.releaseIdempotencyKey(db, caller.id, key, found.shipmentIds);
        }
      }
      const accounts = new Map<string, Promise<AccountInfo>>();
      const plans = await Promise.all(bodies.map((b, i) => planCreation(caller, b, opts.kind === 'many' ? `shipments.${i}` : '', accounts)));
      await deps.limitCreation?.(
        caller.id,
        plans.reduce((n, p) => n + p.rows.length, 0),
      );
      const now = clock.now();
      try {
        const created = await db.transaction(async (tx) => {
          const rows = await repo.insertShipments(
            tx,
            plans.flatMap((p) => p.rows),
            now,
          );
          await deps.events.publish(tx, shipmentCreatedEvents(rows));
          for (const location of plans.flatMap((p) => p.saved)) await keepLocationInBook(tx, location, now);
          if (opts.inTransaction) {
            let at = 0;
            await opts.inTransaction(
              tx,
              plans.map((p) => rows.slice(at, (at += p.rows.length)).map((r) => ({ id: r.id, numberOfOrder: r.numberOfOrder }))),
            );
          }
          if (key) {
            const claimed = await repo.claimIdempotencyKey(tx, { userId: caller.id, key, fingerprint, shipmentIds: rows.map((r) => r.id), now, since });
            if (!claimed) throw new KeyTaken();
          }
          return rows;
        });
        return { replayed: false, answer: { _id: created[0]!.id, shipments: created.map(toShipmentDto) } };
      } catch (error) {
        if (!(error instanceof KeyTaken) || !key) throw error;
        // A concurrent request with the same key won: answer what it created.
        const found = await repo.findIdempotencyKey(db, caller.id, key, since);
        if (found && found.fingerprint !== fingerprint) throw shipmentErrors.idempotencyConflict();
        const replayed = found && (await replay(found.shipmentIds));
        if (!replayed) throw shipmentErrors.idempotencyBusy();
        return replayed;
      }
    },
  };
}
