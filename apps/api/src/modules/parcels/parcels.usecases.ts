import { fromCentavos, toCentavos } from '@envios/contracts/money';
import { PARCEL_TEMPLATES_MAX, templateNameKey, type ParcelTemplate, type ParcelTemplateData } from '@envios/contracts/parcels';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { commonErrors } from '../../shared/errors.js';
import { bindUseCases } from '../../shared/use-cases.js';
import { parcelErrors } from './parcels.errors.js';
import * as repo from './parcels.repository.js';

export interface ParcelsDeps {
  db: Database;
  clock: Clock;
}

export function toParcelTemplateDto(row: repo.ParcelTemplateRow): ParcelTemplate {
  return {
    _id: row.id,
    name: row.name,
    shipment_type: row.shipmentType,
    width: row.width,
    depth: row.depth,
    height: row.height,
    weight: row.weightKg,
    description: row.description,
    insured_value: row.insuredCentavos === null ? null : fromCentavos(row.insuredCentavos),
    user: row.userId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toValues(input: ParcelTemplateData): repo.ParcelTemplateValues {
  return {
    name: input.name,
    nameKey: templateNameKey(input.name),
    shipmentType: input.shipment_type,
    width: input.width,
    depth: input.depth,
    height: input.height,
    weightKg: input.weight,
    description: input.description,
    insuredCentavos: input.insured_value === null ? null : toCentavos(input.insured_value),
  };
}

const isAdmin = (caller: Caller) => caller.rol === 'admin';

/** A template the caller may act on: their own, or anyone's for an admin; someone else's is 403. */
async function requireOwned(deps: ParcelsDeps, caller: Caller, id: string): Promise<repo.ParcelTemplateRow> {
  const row = await repo.findParcelTemplate(deps.db, id);
  if (!row) throw parcelErrors.notFound();
  if (row.userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  return row;
}

/** The caller's templates (an admin: those of `?user=`), newest first. */
async function listParcelTemplates(deps: ParcelsDeps, caller: Caller, query: { user?: string | undefined }): Promise<ParcelTemplate[]> {
  const userId = query.user ?? caller.id;
  if (userId !== caller.id && !isAdmin(caller)) throw commonErrors.forbidden();
  return (await repo.listParcelTemplates(deps.db, userId, PARCEL_TEMPLATES_MAX)).map(toParcelTemplateDto);
}

async function getParcelTemplate(deps: ParcelsDeps, caller: Caller, id: string): Promise<ParcelTemplate> {
  return toParcelTemplateDto(await requireOwned(deps, caller, id));
}

/** Saves a template for the caller (an admin may name another owner in `?user=`); names are unique per account. */
async function createParcelTemplate(
  deps: ParcelsDeps,
  caller: Caller,
  input: ParcelTemplateData,
  query: { user?: string | undefined } = {},
): Promise<ParcelTemplate> {
  const userId = isAdmin(caller) && query.user ? query.user : caller.id;
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    if ((await repo.countParcelTemplates(tx, userId)) >= PARCEL_TEMPLATES_MAX) throw parcelErrors.tooMany();
    if (await repo.findParcelTemplateByKey(tx, userId, templateNameKey(input.name))) throw parcelErrors.nameTaken(input.name);
    return repo.insertParcelTemplate(tx, { ...toValues(input), userId }, deps.clock.now());
  });
  return toParcelTemplateDto(row);
}

async function updateParcelTemplate(deps: ParcelsDeps, caller: Caller, id: string, input: ParcelTemplateData): Promise<ParcelTemplate> {
  const current = await requireOwned(deps, caller, id);
  const other = await repo.findParcelTemplateByKey(deps.db, current.userId, templateNameKey(input.name));
  if (other && other.id !== id) throw parcelErrors.nameTaken(input.name);
  const row = await repo.updateParcelTemplate(deps.db, id, toValues(input), deps.clock.now());
  if (!row) throw parcelErrors.notFound();
  return toParcelTemplateDto(row);
}

async function deleteParcelTemplate(deps: ParcelsDeps, caller: Caller, id: string): Promise<ParcelTemplate> {
  await requireOwned(deps, caller, id);
  const row = await repo.deleteParcelTemplate(deps.db, id);
  if (!row) throw parcelErrors.notFound();
  return toParcelTemplateDto(row);
}

/** The package-template use cases, bound once; the routes receive this object. */
export function createParcels(deps: ParcelsDeps) {
  return bindUseCases(deps, { listParcelTemplates, getParcelTemplate, createParcelTemplate, updateParcelTemplate, deleteParcelTemplate });
}

export type Parcels = ReturnType<typeof createParcels>;

/*
 * For other modules (the bulk upload, store rules): an account's templates, read with the caller's
 * executor. Names are matched as `templateNameKey` folds them.
 */

/** Every template of an account, keyed by its folded name. */
export async function parcelTemplatesByName(ex: Executor, userId: string): Promise<Map<string, ParcelTemplate>> {
  const rows = await repo.listParcelTemplates(ex, userId, PARCEL_TEMPLATES_MAX);
  return new Map(rows.map((r) => [r.nameKey, toParcelTemplateDto(r)]));
}

/** One template of an account by its name (case, accents and spaces ignored). */
export async function findParcelTemplateByName(ex: Executor, userId: string, name: string): Promise<ParcelTemplate | undefined> {
  const row = await repo.findParcelTemplateByKey(ex, userId, templateNameKey(name));
  return row && toParcelTemplateDto(row);
}

/** One template of an account by its id; undefined when it is another account's or gone. */
export async function findAccountParcelTemplate(ex: Executor, userId: string, id: string): Promise<ParcelTemplate | undefined> {
  const row = await repo.findParcelTemplate(ex, id);
  return row && row.userId === userId ? toParcelTemplateDto(row) : undefined;
}
