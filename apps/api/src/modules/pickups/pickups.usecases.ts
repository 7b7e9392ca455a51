import type { z } from 'zod';
import type { createPickupSchema, Pickup, PickupList, pickupListQuerySchema, PickupStatus } from '@envios/contracts/pickups';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import type { InlineSubscriber } from '../events/events.usecases.js';
import { pickupErrors } from './pickups.errors.js';
import * as repo from './pickups.repository.js';
import { bindUseCases } from '../../shared/use-cases.js';

/**
 * Pickups ('Recolección'): one per paid shipment that asked for a local pickup,
 * created by payments; a user may also ask for one for their own paid shipment; admins see all of
 * them and move them between any statuses.
 */
export interface PickupsDeps {
  db: Database;
  clock: Clock;
}

/**
 * In the transaction that marks shipments paid (through `pickupsOnPayment`): one
 * 'Pendiente' pickup per shipment that asked for a local pickup; a shipment that already has one
 * keeps it. Returns how many pickups were created.
 */
export async function createPickupsForPaidShipments(tx: Executor, shipmentIds: string[], now: Date): Promise<number> {
  return repo.insertPickupsForShipments(tx, [...new Set(shipmentIds)], now);
}

/** `payment.confirmed` (in its transaction): the paid shipments that asked for a local pickup get theirs. */
export function pickupsOnPayment(): InlineSubscriber<'payment.confirmed'> {
  return {
    name: 'pickups',
    mode: 'inline',
    types: ['payment.confirmed'],
    async handle(tx, event) {
      if (event.data.shipments.length > 0) await createPickupsForPaidShipments(tx, event.data.shipments, event.createdAt);
    },
  };
}

/** Called by the guide job once the carrier's number exists: the pickup shows the guide, not the folio. */
export async function setPickupTrackingNumber(tx: Executor, shipmentId: string, guideNumber: string): Promise<void> {
  await repo.updateTrackingNumber(tx, shipmentId, guideNumber, new Date());
}

export function toPickupDto(r: repo.PickupRecord): Pickup {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    service: r.service,
    tracking_number: r.trackingNumber,
    status: r.status,
    active: r.active,
    shipment: r.shipmentId,
    user: r.userId,
    address: r.address,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const isAdmin = (caller: Caller) => caller.rol === 'admin';

/**
 * `POST /recolecciones/create`. The tracking number names the shipment (its guide number, id or
 * folio): a user only for their own paid shipment; an admin for any shipment, or for none. One
 * pickup per shipment: asking again answers the existing one (`created` false).
 */
async function requestPickup(deps: PickupsDeps, caller: Caller, input: z.output<typeof createPickupSchema>): Promise<{ created: boolean; pickup: Pickup }> {
  const matches = await repo.findShipmentsByTracking(deps.db, input.tracking_number);
  let shipment: repo.ShipmentMatch | undefined;
  if (isAdmin(caller)) {
    shipment = matches[0];
  } else {
    if (matches.length === 0) throw pickupErrors.shipmentNotFound();
    shipment = matches.find((m) => m.userId === caller.id);
    if (!shipment) throw pickupErrors.notOwnShipment();
    if (!shipment.paid) throw pickupErrors.notPaid();
  }
  const now = deps.clock.now();
  const created = await repo.insertPickup(
    deps.db,
    {
      userId: shipment?.userId ?? caller.id,
      shipmentId: shipment?.id ?? null,
      name: input.name,
      email: input.email,
      phone: input.phone,
      service: input.service,
      trackingNumber: input.tracking_number,
      address: shipment?.address ?? null,
      // A request starts Pendiente and active; only an admin moves it (the body's values are the spec's, but a user's are ignored).
      status: isAdmin(caller) ? input.status : 'Pendiente',
      active: isAdmin(caller) ? input.active : true,
    },
    now,
  );
  if (created) return { created: true, pickup: toPickupDto(created) };
  const existing = shipment ? await repo.findPickupByShipment(deps.db, shipment.id) : undefined;
  if (!existing) throw pickupErrors.notFound();
  return { created: false, pickup: toPickupDto(existing) };
}

async function listPickups(deps: PickupsDeps, caller: Caller, query: z.output<typeof pickupListQuerySchema>): Promise<PickupList> {
  const { rows, count } = await repo.listPickups(
    deps.db,
    { ...(isAdmin(caller) ? {} : { userId: caller.id }), ...(query.search ? { search: query.search } : {}), ...(query.status ? { status: query.status } : {}) },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { data: rows.map(toPickupDto), count, page: query.page, pages: Math.max(1, Math.ceil(count / query.limit)) };
}

async function getPickup(deps: PickupsDeps, caller: Caller, id: string): Promise<Pickup> {
  const row = await repo.findPickup(deps.db, id);
  if (!row) throw pickupErrors.notFound();
  if (!isAdmin(caller) && row.userId !== caller.id) throw pickupErrors.forbidden();
  return toPickupDto(row);
}

/** Admins only (the route's guard); every transition is allowed. */
async function setPickupStatus(deps: PickupsDeps, id: string, status: PickupStatus): Promise<Pickup> {
  const row = await repo.updateStatus(deps.db, id, status, deps.clock.now());
  if (!row) throw pickupErrors.notFound();
  return toPickupDto(row);
}

/** The pickups use cases, bound once; the routes receive this object. */
export function createPickups(deps: PickupsDeps) {
  return bindUseCases(deps, { requestPickup, listPickups, getPickup, setPickupStatus });
}

export type Pickups = ReturnType<typeof createPickups>;
