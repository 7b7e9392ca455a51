import { formatAddressLine, SAVED_LOCATIONS_MAX, type SavedLocation, type SavedLocationData } from '@envios/contracts/addresses';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { commonErrors } from '../../shared/errors.js';
import { bindUseCases } from '../../shared/use-cases.js';
import { addressErrors } from './addresses.errors.js';
import * as repo from './addresses.repository.js';

export type { NewSavedLocation } from './addresses.repository.js';

export interface AddressesDeps {
  db: Database;
  clock: Clock;
}

export function toSavedLocationDto(row: repo.SavedLocationRow): SavedLocation {
  const line = formatAddressLine({ address: row.street, number: row.number, intNumber: row.intNumber });
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: line,
    street: row.street,
    number: row.number,
    intNumber: row.intNumber,
    address_line: line,
    reference_of_origin: row.reference,
    colony: row.colony,
    postal_code: row.postalCode,
    city: row.city,
    state_code: row.stateCode,
    country_code: row.countryCode,
    user: row.userId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toValues(input: SavedLocationData): repo.SavedLocationValues {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    street: input.street,
    number: input.number,
    intNumber: input.intNumber,
    reference: input.reference_of_origin,
    colony: input.colony,
    postalCode: input.postal_code,
    city: input.city,
    stateCode: input.state_code,
    countryCode: input.country_code,
  };
}

const isAdmin = (caller: Caller) => caller.rol === 'admin';

/** A record the caller may act on: their own, or anyone's for an admin; someone else's is 403. */
async function requireOwned(deps: AddressesDeps, caller: Caller, id: string): Promise<repo.SavedLocationRow> {
  const row = await repo.findSavedLocation(deps.db, id);
  if (!row) throw addressErrors.notFound();
  if (row.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  return row;
}

/** The caller's list (or, for an admin, the list of `?user=`), newest first. */
async function listSavedLocations(
  deps: AddressesDeps,
  caller: Caller,
  query: { user?: string | undefined; search?: string | undefined },
): Promise<SavedLocation[]> {
  const userId = query.user ?? caller.id;
  if (userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  const rows = await repo.listSavedLocations(deps.db, { userId, search: query.search || undefined, limit: SAVED_LOCATIONS_MAX });
  return rows.map(toSavedLocationDto);
}

async function getSavedLocation(deps: AddressesDeps, caller: Caller, id: string): Promise<SavedLocation> {
  return toSavedLocationDto(await requireOwned(deps, caller, id));
}

/** Saves an address for the caller; an admin may name another owner in `user`. At most SAVED_LOCATIONS_MAX each. */
async function createSavedLocation(deps: AddressesDeps, caller: Caller, input: SavedLocationData): Promise<SavedLocation> {
  const userId = isAdmin(caller) && input.user ? input.user : caller.id;
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    if ((await repo.countSavedLocations(tx, userId)) >= SAVED_LOCATIONS_MAX) throw addressErrors.tooMany();
    return repo.insertSavedLocation(tx, { ...toValues(input), userId }, deps.clock.now());
  });
  return toSavedLocationDto(row);
}

/** Replaces every field of a saved address; its owner never changes. */
async function updateSavedLocation(deps: AddressesDeps, caller: Caller, id: string, input: SavedLocationData): Promise<SavedLocation> {
  await requireOwned(deps, caller, id);
  const row = await repo.updateSavedLocation(deps.db, id, toValues(input), deps.clock.now());
  if (!row) throw addressErrors.notFound();
  return toSavedLocationDto(row);
}

async function deleteSavedLocation(deps: AddressesDeps, caller: Caller, id: string): Promise<SavedLocation> {
  await requireOwned(deps, caller, id);
  const row = await repo.deleteSavedLocation(deps.db, id);
  if (!row) throw addressErrors.notFound();
  return toSavedLocationDto(row);
}

/** The saved-addresses use cases, bound once; the routes receive this object. */
export function createAddresses(deps: AddressesDeps) {
  return bindUseCases(deps, { listSavedLocations, getSavedLocation, createSavedLocation, updateSavedLocation, deleteSavedLocation });
}

export type Addresses = ReturnType<typeof createAddresses>;

/**
 * 'Guardar dirección' of the new-shipment wizard: keeps the address in the owner's book inside the
 * caller's transaction (the shipment's), unless the same one is there or the book is full.
 */
export async function keepLocationInBook(tx: Executor, location: repo.NewSavedLocation, now: Date): Promise<void> {
  await repo.saveLocationOnce(tx, location, SAVED_LOCATIONS_MAX, now);
}

/** An account's saved addresses as the API answers them (the bulk upload finds an origin by its name). */
export async function savedLocationsOf(ex: Executor, userId: string): Promise<SavedLocation[]> {
  return (await repo.listSavedLocations(ex, { userId, limit: SAVED_LOCATIONS_MAX })).map(toSavedLocationDto);
}
