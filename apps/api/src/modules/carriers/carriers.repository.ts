import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CarrierCode, GuideSource, ServiceScope, TariffZone } from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';
import type { Database, Executor } from '../../db/client.js';
import type { SeedCatalogue } from './demo-catalogue.js';
import { carrierAudit, carrierCatalogueState, carrierRemoteAreas, carrierServices, carriers, markups, tariffRows } from './carriers.table.js';

export interface CarrierRow {
  code: CarrierCode;
  name: string;
  enabled: boolean;
  remoteAreaSurchargeCentavos: number;
  insuranceRateBp: number;
  insuranceMinCentavos: number;
  sortOrder: number;
  updatedAt: Date;
}

export interface ServiceRow {
  id: string;
  carrierCode: CarrierCode;
  name: string;
  scope: ServiceScope;
  transitDays: number;
  maxWeightKg: number;
  volumetricDivisor: number;
  guideSource: GuideSource;
  packageTypes: PackageType[];
  documentPriceCentavos: number | null;
  externalCode: string | null;
  enabled: boolean;
  sortOrder: number;
  updatedAt: Date;
}

export interface TariffRecord {
  id: string;
  serviceId: string;
  zone: TariffZone;
  minKg: number;
  maxKg: number;
  baseCentavos: number;
  extraKgCentavos: number;
}

export interface MarkupRow {
  id: string;
  serviceId: string | null;
  userId: string | null;
  percentBp: number;
  fixedCentavos: number;
  updatedAt: Date;
}

export interface AuditRow {
  id: string;
  at: Date;
  actorId: string | null;
  entity: string;
  entityId: string;
  action: string;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface CatalogueRows {
  version: number;
  carriers: CarrierRow[];
  services: ServiceRow[];
  tariffs: TariffRecord[];
  remoteAreas: { carrierCode: CarrierCode; postalCode: string }[];
  markups: MarkupRow[];
}

const carrierColumns = {
  code: carriers.code,
  name: carriers.name,
  enabled: carriers.enabled,
  remoteAreaSurchargeCentavos: carriers.remoteAreaSurchargeCentavos,
  insuranceRateBp: carriers.insuranceRateBp,
  insuranceMinCentavos: carriers.insuranceMinCentavos,
  sortOrder: carriers.sortOrder,
  updatedAt: carriers.updatedAt,
};

const serviceColumns = {
  id: carrierServices.id,
  carrierCode: carrierServices.carrierCode,
  name: carrierServices.name,
  scope: carrierServices.scope,
  transitDays: carrierServices.transitDays,
  maxWeightKg: carrierServices.maxWeightKg,
  volumetricDivisor: carrierServices.volumetricDivisor,
  guideSource: carrierServices.guideSource,
  packageTypes: carrierServices.packageTypes,
  documentPriceCentavos: carrierServices.documentPriceCentavos,
  externalCode: carrierServices.externalCode,
  enabled: carrierServices.enabled,
  sortOrder: carrierServices.sortOrder,
  updatedAt: carrierServices.updatedAt,
};

const tariffColumns = {
  id: tariffRows.id,
  serviceId: tariffRows.serviceId,
  zone: tariffRows.zone,
  minKg: tariffRows.minKg,
  maxKg: tariffRows.maxKg,
  baseCentavos: tariffRows.baseCentavos,
  extraKgCentavos: tariffRows.extraKgCentavos,
};

const markupColumns = {
  id: markups.id,
  serviceId: markups.serviceId,
  userId: markups.userId,
  percentBp: markups.percentBp,
  fixedCentavos: markups.fixedCentavos,
  updatedAt: markups.updatedAt,
};

const auditColumns = {
  id: carrierAudit.id,
  at: carrierAudit.at,
  actorId: carrierAudit.actorId,
  entity: carrierAudit.entity,
  entityId: carrierAudit.entityId,
  action: carrierAudit.action,
  summary: carrierAudit.summary,
  before: carrierAudit.before,
  after: carrierAudit.after,
};

// ---------------------------------------------------------------- version and snapshot

/** The cheap question every process asks every few seconds. */
export async function findCatalogueVersion(db: Executor): Promise<number | undefined> {
  const [row] = await db.select({ version: carrierCatalogueState.version }).from(carrierCatalogueState).where(eq(carrierCatalogueState.id, 1));
  return row?.version;
}

/**
 * Takes the catalogue's write lock (the state row) and moves its version on. Every admin change
 * calls it first in its transaction: changes are serialised, and every process sees a new version
 * once the change commits.
 */
export async function bumpCatalogueVersion(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .update(carrierCatalogueState)
    .set({ version: sql`${carrierCatalogueState.version} + 1`, updatedAt: now })
    .where(eq(carrierCatalogueState.id, 1))
    .returning({ version: carrierCatalogueState.version });
  if (!row) throw new Error('carrier catalogue not seeded');
  return row.version;
}

/** Everything the quote needs, read in one repeatable-read snapshot (a change meanwhile is all or nothing). */
export async function loadCatalogue(db: Database): Promise<CatalogueRows | undefined> {
  return db.transaction(
    async (tx) => {
      const version = await findCatalogueVersion(tx);
      if (version === undefined) return undefined;
      const [carrierList, serviceList, tariffs, remoteAreas, markupList] = [
        await tx.select(carrierColumns).from(carriers).orderBy(asc(carriers.sortOrder)),
        await tx.select(serviceColumns).from(carrierServices).orderBy(asc(carrierServices.sortOrder), asc(carrierServices.name)),
        await tx.select(tariffColumns).from(tariffRows).orderBy(asc(tariffRows.serviceId), asc(tariffRows.zone), asc(tariffRows.minKg)),
        await tx.select({ carrierCode: carrierRemoteAreas.carrierCode, postalCode: carrierRemoteAreas.postalCode }).from(carrierRemoteAreas),
        await tx.select(markupColumns).from(markups),
      ];
      return { version, carriers: carrierList, services: serviceList, tariffs, remoteAreas, markups: markupList };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function insertTariffs(db: Executor, serviceId: string, rows: readonly Omit<TariffRecord, 'id' | 'serviceId'>[]): Promise<TariffRecord[]> {
  if (rows.length === 0) return [];
  return db
    .insert(tariffRows)
    .values(rows.map((r) => ({ ...r, serviceId })))
    .returning(tariffColumns);
}

async function insertRemoteAreaRows(db: Executor, carrierCode: CarrierCode, postalCodes: readonly string[]): Promise<number> {
  let added = 0;
  // Two parameters a row: batches stay far below PostgreSQL's 65,535-parameter limit.
  for (let i = 0; i < postalCodes.length; i += 5000) {
    const batch = postalCodes.slice(i, i + 5000).map((postalCode) => ({ carrierCode, postalCode }));
    const inserted = await db.insert(carrierRemoteAreas).values(batch).onConflictDoNothing().returning({ postalCode: carrierRemoteAreas.postalCode });
    added += inserted.length;
  }
  return added;
}

/**
 * Seeds the catalogue only when there is none, atomically: the state row and the catalogue
 * commit together. A second process seeding at the same moment waits on the state row's key,
 * then does nothing. True when this call seeded.
 */
export async function seedCatalogueIfEmpty(db: Database, seed: SeedCatalogue, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(carrierCatalogueState)
      .values({ id: 1, version: 1, seededAt: now, updatedAt: now })
      .onConflictDoNothing({ target: carrierCatalogueState.id })
      .returning({ version: carrierCatalogueState.version });
    if (inserted.length === 0) return false;
    for (const c of seed.carriers) {
      await tx.insert(carriers).values({
        code: c.code,
        name: c.name,
        enabled: true,
        remoteAreaSurchargeCentavos: c.remoteAreaSurchargeCentavos,
        insuranceRateBp: c.insuranceRateBp,
        insuranceMinCentavos: c.insuranceMinCentavos,
        sortOrder: c.sortOrder,
        updatedAt: now,
      });
      await insertRemoteAreaRows(tx, c.code, c.remoteAreas);
    }
    await tx.insert(markups).values({ serviceId: null, userId: null, percentBp: seed.globalMarkupBp, fixedCentavos: 0, updatedAt: now });
    for (const s of seed.services) {
      const [service] = await tx
        .insert(carrierServices)
        .values({
          carrierCode: s.carrierCode,
          name: s.name,
          scope: s.scope,
          transitDays: s.transitDays,
          maxWeightKg: s.maxWeightKg,
          volumetricDivisor: 5000,
          guideSource: s.guideSource,
          packageTypes: s.packageTypes,
          documentPriceCentavos: s.documentPriceCentavos,
          externalCode: s.externalCode,
          enabled: true,
          sortOrder: s.sortOrder,
          updatedAt: now,
        })
        .returning({ id: carrierServices.id });
      await insertTariffs(tx, service!.id, s.tariff);
      if (s.markupBp !== undefined) {
        await tx.insert(markups).values({ serviceId: service!.id, userId: null, percentBp: s.markupBp, fixedCentavos: 0, updatedAt: now });
      }
    }
    return true;
  });
}

// ---------------------------------------------------------------- carriers and services

export async function findCarrier(db: Executor, code: CarrierCode): Promise<CarrierRow | undefined> {
  const [row] = await db.select(carrierColumns).from(carriers).where(eq(carriers.code, code));
  return row;
}

export async function updateCarrier(
  db: Executor,
  code: CarrierCode,
  patch: Partial<Pick<CarrierRow, 'enabled' | 'remoteAreaSurchargeCentavos' | 'insuranceRateBp' | 'insuranceMinCentavos'>>,
  now: Date,
): Promise<CarrierRow | undefined> {
  const [row] = await db
    .update(carriers)
    .set({ ...patch, updatedAt: now })
    .where(eq(carriers.code, code))
    .returning(carrierColumns);
  return row;
}

export async function findService(db: Executor, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select(serviceColumns).from(carrierServices).where(eq(carrierServices.id, id));
  return row;
}

export async function updateService(
  db: Executor,
  id: string,
  patch: Partial<Pick<ServiceRow, 'enabled' | 'transitDays' | 'maxWeightKg' | 'guideSource' | 'documentPriceCentavos' | 'packageTypes'>>,
  now: Date,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(carrierServices)
    .set({ ...patch, updatedAt: now })
    .where(eq(carrierServices.id, id))
    .returning(serviceColumns);
  return row;
}

/** Touches the service's `updated_at` (its tariff changed). */
export async function touchService(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(carrierServices).set({ updatedAt: now }).where(eq(carrierServices.id, id));
}

// ---------------------------------------------------------------- tariffs

export async function listTariffRows(db: Executor, serviceId: string): Promise<TariffRecord[]> {
  return db.select(tariffColumns).from(tariffRows).where(eq(tariffRows.serviceId, serviceId)).orderBy(asc(tariffRows.zone), asc(tariffRows.minKg));
}

export async function insertTariffRow(db: Executor, serviceId: string, row: Omit<TariffRecord, 'id' | 'serviceId'>): Promise<TariffRecord> {
  const [created] = await insertTariffs(db, serviceId, [row]);
  return created!;
}

export async function updateTariffRow(db: Executor, rowId: string, patch: Partial<Omit<TariffRecord, 'id' | 'serviceId'>>): Promise<TariffRecord | undefined> {
  const [row] = await db.update(tariffRows).set(patch).where(eq(tariffRows.id, rowId)).returning(tariffColumns);
  return row;
}

export async function deleteTariffRow(db: Executor, rowId: string): Promise<void> {
  await db.delete(tariffRows).where(eq(tariffRows.id, rowId));
}

export async function replaceTariffRows(db: Executor, serviceId: string, rows: readonly Omit<TariffRecord, 'id' | 'serviceId'>[]): Promise<TariffRecord[]> {
  await db.delete(tariffRows).where(eq(tariffRows.serviceId, serviceId));
  // Batches of 1,000 rows (6 parameters each).
  const out: TariffRecord[] = [];
  for (let i = 0; i < rows.length; i += 1000) out.push(...(await insertTariffs(db, serviceId, rows.slice(i, i + 1000))));
  return out;
}

export async function countTariffRows(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ serviceId: tariffRows.serviceId, n: count() }).from(tariffRows).groupBy(tariffRows.serviceId);
  return new Map(rows.map((r) => [r.serviceId, r.n]));
}

// ---------------------------------------------------------------- remote areas

export async function listRemoteAreas(db: Executor, carrierCode: CarrierCode): Promise<string[]> {
  const rows = await db
    .select({ postalCode: carrierRemoteAreas.postalCode })
    .from(carrierRemoteAreas)
    .where(eq(carrierRemoteAreas.carrierCode, carrierCode))
    .orderBy(asc(carrierRemoteAreas.postalCode));
  return rows.map((r) => r.postalCode);
}

export async function addRemoteAreas(db: Executor, carrierCode: CarrierCode, postalCodes: readonly string[]): Promise<number> {
  return insertRemoteAreaRows(db, carrierCode, postalCodes);
}

/** Removes the given codes, or all of the carrier's when `postalCodes` is undefined; answers how many went. */
export async function removeRemoteAreas(db: Executor, carrierCode: CarrierCode, postalCodes?: readonly string[]): Promise<number> {
  const where = postalCodes
    ? and(eq(carrierRemoteAreas.carrierCode, carrierCode), inArray(carrierRemoteAreas.postalCode, [...postalCodes]))
    : eq(carrierRemoteAreas.carrierCode, carrierCode);
  const removed = await db.delete(carrierRemoteAreas).where(where).returning({ postalCode: carrierRemoteAreas.postalCode });
  return removed.length;
}

// ---------------------------------------------------------------- markups

export async function listMarkups(db: Executor, filter: { serviceId?: string | undefined; userId?: string | undefined }): Promise<MarkupRow[]> {
  const where: SQL[] = [];
  if (filter.serviceId) where.push(eq(markups.serviceId, filter.serviceId));
  if (filter.userId) where.push(eq(markups.userId, filter.userId));
  return db
    .select(markupColumns)
    .from(markups)
    .where(and(...where))
    .orderBy(sql`${markups.userId} nulls first`, sql`${markups.serviceId} nulls first`);
}

export async function findMarkup(db: Executor, id: string): Promise<MarkupRow | undefined> {
  const [row] = await db.select(markupColumns).from(markups).where(eq(markups.id, id));
  return row;
}

export async function findMarkupByScope(db: Executor, serviceId: string | null, userId: string | null): Promise<MarkupRow | undefined> {
  const [row] = await db
    .select(markupColumns)
    .from(markups)
    .where(
      and(
        serviceId === null ? isNull(markups.serviceId) : eq(markups.serviceId, serviceId),
        userId === null ? isNull(markups.userId) : eq(markups.userId, userId),
      ),
    );
  return row;
}

/** Creates or replaces the markup of (service, user); the scope's unique key treats nulls as equal. */
export async function upsertMarkup(
  db: Executor,
  input: { serviceId: string | null; userId: string | null; percentBp: number; fixedCentavos: number },
  now: Date,
): Promise<MarkupRow> {
  const [row] = await db
    .insert(markups)
    .values({ ...input, updatedAt: now })
    .onConflictDoUpdate({
      target: [markups.serviceId, markups.userId],
      set: { percentBp: input.percentBp, fixedCentavos: input.fixedCentavos, updatedAt: now },
    })
    .returning(markupColumns);
  return row!;
}

export async function deleteMarkup(db: Executor, id: string): Promise<void> {
  await db.delete(markups).where(eq(markups.id, id));
}

// ---------------------------------------------------------------- audit

export async function insertAudit(
  db: Executor,
  entry: { at: Date; actorId: string | null; entity: string; entityId: string; action: string; summary: string; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(carrierAudit).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

export async function listAudit(
  db: Executor,
  opts: { entity?: string | undefined; entityId?: string | undefined; limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const filters: SQL[] = [];
  if (opts.entity) filters.push(eq(carrierAudit.entity, opts.entity));
  if (opts.entityId) filters.push(eq(carrierAudit.entityId, opts.entityId));
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db.select(auditColumns).from(carrierAudit).where(where).orderBy(desc(carrierAudit.at), desc(carrierAudit.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(carrierAudit).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
