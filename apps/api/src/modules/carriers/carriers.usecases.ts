import {
  carrierLogoUrl,
  transitTextForService,
  type AuditEntry,
  type CarrierAdmin,
  type CarrierCatalogueResponse,
  type CarrierCode,
  type CarrierServiceAdmin,
  type Markup,
  type RemoteAreaList,
  type TariffRow,
  type TariffRowInput,
  type TariffRowPatch,
  type UpdateCarrierInput,
  type UpdateCarrierServiceInput,
} from '@envios/contracts/carriers';
import { fromCentavos, toCentavos } from '@envios/contracts/money';
import type { Config } from '../../config/env.js';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { FieldError } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import type { CarrierAdapter } from './adapters/carrier-adapter.js';
import { createDhlExpressAdapter, createDhlExpressClient, type DhlExpressConfig } from './adapters/dhl-express.js';
import { createFedexAdapter, createFedexClient, type FedexConfig } from './adapters/fedex.js';
import { createTariffAdapter } from './adapters/tariff-adapter.js';
import { buildSnapshot, EMPTY_SNAPSHOT, type CarrierEntry, type CatalogueSnapshot, type ServiceEntry } from './catalogue-snapshot.js';
import { carrierErrors } from './carriers.errors.js';
import * as repo from './carriers.repository.js';
import { demoCatalogue } from './demo-catalogue.js';
import { carrierLogoSvg } from './logos.js';
import { formatTariffCsv, parseTariffCsv } from './tariff-csv.js';
import { validateTariffTable, type Bracket } from './tariff-rules.js';

// What quoting uses of this module: the catalogue in memory, the adapters' contract and the zones.
export type { CatalogueSnapshot, ServiceEntry } from './catalogue-snapshot.js';
export type { CarrierAdapter, ParcelGroup, RatePlace, RateRequest, ServiceRate } from './adapters/carrier-adapter.js';
export { domesticZone, internationalZone } from './zones.js';

export const DEFAULT_REFRESH_INTERVAL_MS = 5_000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CarriersDeps {
  db: Database;
  clock: Clock;
  /** How often each process asks whether another one changed the catalogue; 0 never asks. */
  refreshIntervalMs?: number | undefined;
  logger?: Logger | undefined;
  /** Live rating APIs; a carrier without credentials is priced from our tariffs. */
  apis?: { dhl?: DhlExpressConfig | undefined; fedex?: FedexConfig | undefined } | undefined;
  /** Whether an account exists (a customer markup must name one); accounts' use case. */
  userExists?: ((id: string) => Promise<boolean>) | undefined;
}

/** Who made an admin change (the signed-in admin). */
export interface Actor {
  id: string;
}

/** Where a carrier's services are priced: the tariff engine always, the carrier's API when configured. */
export interface CarrierSources {
  tariffs: CarrierAdapter;
  api?: CarrierAdapter;
}

/** The live rating APIs whose credentials are configured (config/env.ts checks they come complete). */
export function carrierApisFromConfig(config: Pick<
  Config,
  'DHL_API_URL' | 'DHL_API_KEY' | 'DHL_API_SECRET' | 'DHL_ACCOUNT_NUMBER' | 'FEDEX_API_URL' | 'FEDEX_CLIENT_ID' | 'FEDEX_CLIENT_SECRET' | 'FEDEX_ACCOUNT_NUMBER'
>): NonNullable<CarriersDeps['apis']> {
  return {
    dhl:
      config.DHL_API_KEY && config.DHL_API_SECRET && config.DHL_ACCOUNT_NUMBER
        ? { baseUrl: config.DHL_API_URL, apiKey: config.DHL_API_KEY, apiSecret: config.DHL_API_SECRET, accountNumber: config.DHL_ACCOUNT_NUMBER }
        : undefined,
    fedex:
      config.FEDEX_CLIENT_ID && config.FEDEX_CLIENT_SECRET && config.FEDEX_ACCOUNT_NUMBER
        ? { baseUrl: config.FEDEX_API_URL, clientId: config.FEDEX_CLIENT_ID, clientSecret: config.FEDEX_CLIENT_SECRET, accountNumber: config.FEDEX_ACCOUNT_NUMBER }
        : undefined,
  };
}

// ---------------------------------------------------------------- wire mappers

const percentOf = (bp: number) => bp / 100;
const bpOf = (percent: number) => Math.round(percent * 100);

function serviceDto(s: ServiceEntry) {
  return {
    _id: s.id,
    carrier_code: s.carrierCode,
    name: s.name,
    scope: s.scope,
    transit_days: s.transitDays,
    transit_text: transitTextForService(s.name, s.transitDays),
    max_weight_kg: s.maxWeightKg,
    package_types: s.packageTypes,
  };
}

function tariffRowDto(r: repo.TariffRecord): TariffRow {
  return {
    _id: r.id,
    service_id: r.serviceId,
    zone: r.zone,
    min_kg: r.minKg,
    max_kg: r.maxKg,
    base_price: fromCentavos(r.baseCentavos),
    extra_kg_price: fromCentavos(r.extraKgCentavos),
  };
}

function markupDto(m: repo.MarkupRow): Markup {
  return {
    _id: m.id,
    service_id: m.serviceId,
    user_id: m.userId,
    percent: percentOf(m.percentBp),
    fixed_amount: fromCentavos(m.fixedCentavos),
    updatedAt: m.updatedAt.toISOString(),
  };
}

function auditDto(r: repo.AuditRow): AuditEntry {
  return {
    _id: r.id,
    at: r.at.toISOString(),
    actor_id: r.actorId,
    entity: r.entity as AuditEntry['entity'],
    entity_id: r.entityId,
    action: r.action as AuditEntry['action'],
    summary: r.summary,
    before: r.before ?? null,
    after: r.after ?? null,
  };
}

/** The audited picture of a carrier's settings. */
function carrierAuditView(c: Pick<repo.CarrierRow, 'enabled' | 'remoteAreaSurchargeCentavos' | 'insuranceRateBp' | 'insuranceMinCentavos'>) {
  return {
    enabled: c.enabled,
    remote_area_surcharge: fromCentavos(c.remoteAreaSurchargeCentavos),
    insurance_rate_percent: percentOf(c.insuranceRateBp),
    insurance_min: fromCentavos(c.insuranceMinCentavos),
  };
}

function serviceAuditView(s: repo.ServiceRow) {
  return {
    name: s.name,
    enabled: s.enabled,
    transit_days: s.transitDays,
    max_weight_kg: s.maxWeightKg,
    guide_source: s.guideSource,
    document_price: s.documentPriceCentavos === null ? null : fromCentavos(s.documentPriceCentavos),
    package_types: s.packageTypes,
  };
}

const tableAuditView = (rows: readonly repo.TariffRecord[]) => ({ rows: rows.map(tariffRowDto) });

function bracketOf(input: TariffRowInput): Omit<repo.TariffRecord, 'id' | 'serviceId'> {
  return {
    zone: input.zone,
    minKg: input.min_kg,
    maxKg: input.max_kg,
    baseCentavos: toCentavos(input.base_price),
    extraKgCentavos: toCentavos(input.extra_kg_price),
  };
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type Carriers = ReturnType<typeof createCarriers>;

/**
 * The carrier catalogue: seeded on first start, held in memory for quotes, reloaded whenever its
 * version changes (every process polls the version, one indexed row, so a change made by any
 * process reaches all of them within one interval; the process that made it reloads at once),
 * and managed by admins with every change audited.
 */
export function createCarriers(deps: CarriersDeps) {
  const { db, clock, logger } = deps;
  const interval = deps.refreshIntervalMs ?? DEFAULT_REFRESH_INTERVAL_MS;
  let snapshot: CatalogueSnapshot = EMPTY_SNAPSHOT;
  let publicCatalogue: { version: number; answer: CarrierCatalogueResponse } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<boolean> | undefined;

  const apiAdapters = new Map<CarrierCode, CarrierAdapter>();
  if (deps.apis?.dhl) apiAdapters.set('dhl', createDhlExpressAdapter(createDhlExpressClient(deps.apis.dhl)));
  if (deps.apis?.fedex) apiAdapters.set('fedex', createFedexAdapter(createFedexClient(deps.apis.fedex)));
  const sources = new Map<CarrierCode, CarrierSources>();
  function sourcesFor(code: CarrierCode): CarrierSources {
    let found = sources.get(code);
    if (!found) {
      const api = apiAdapters.get(code);
      found = { tariffs: createTariffAdapter(code, () => snapshot), ...(api ? { api } : {}) };
      sources.set(code, found);
    }
    return found;
  }

  async function load(): Promise<boolean> {
    const started = performance.now();
    const rows = await repo.loadCatalogue(db);
    if (!rows || rows.version === snapshot.version) return false;
    snapshot = buildSnapshot(rows);
    logger?.info(
      { version: rows.version, services: rows.services.length, tariffRows: rows.tariffs.length, ms: Math.round(performance.now() - started) },
      'catálogo de paqueterías cargado en memoria',
    );
    return true;
  }

  /** Reloads when the stored version differs from the one in memory; true when it reloaded. */
  function refresh(): Promise<boolean> {
    inFlight ??= (async () => {
      try {
        const version = await repo.findCatalogueVersion(db);
        return version !== undefined && version !== snapshot.version ? await load() : false;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  /** Runs an admin change in one transaction that first takes the catalogue lock, then reloads. */
  async function change<T>(work: (tx: Executor, now: Date) => Promise<T>): Promise<T> {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      await repo.bumpCatalogueVersion(tx, now);
      return work(tx, now);
    });
    // A reload already under way may have read the old version: wait for it, then load ours.
    await inFlight?.catch(() => undefined);
    await refresh();
    return result;
  }

  async function audit(
    tx: Executor,
    now: Date,
    actor: Actor,
    entry: { entity: AuditEntry['entity']; entityId: string; action: AuditEntry['action']; summary: string; before: unknown; after: unknown },
  ): Promise<void> {
    await repo.insertAudit(tx, { at: now, actorId: actor.id, ...entry });
  }

  function requireCarrier(code: CarrierCode): CarrierEntry {
    const carrier = snapshot.carrierByCode.get(code);
    if (!carrier) throw carrierErrors.carrierNotFound(code);
    return carrier;
  }

  async function requireService(tx: Executor, id: string): Promise<repo.ServiceRow> {
    const service = await repo.findService(tx, id);
    if (!service) throw carrierErrors.serviceNotFound();
    return service;
  }

  function serviceLabel(s: Pick<repo.ServiceRow, 'carrierCode' | 'name'>): string {
    return `${snapshot.carrierByCode.get(s.carrierCode)?.name ?? s.carrierCode} ${s.name}`;
  }

  /** Checks a whole table and refuses it with every problem named (400). */
  function checkTable(rows: readonly Bracket[], service: repo.ServiceRow, pathOf: (i: number) => string, labelOf: (i: number) => string): void {
    const problems = validateTariffTable(rows, service.scope, pathOf, labelOf);
    if (problems.length > 0) throw carrierErrors.invalidTariff(problems);
  }

  function serviceAdminDto(s: ServiceEntry): CarrierServiceAdmin {
    return {
      ...serviceDto(s),
      enabled: s.enabled,
      volumetric_divisor: s.volumetricDivisor,
      guide_source: s.guideSource,
      document_price: s.documentPriceCentavos === null ? null : fromCentavos(s.documentPriceCentavos),
      external_code: s.externalCode,
      rate_source: apiAdapters.has(s.carrierCode) && s.externalCode ? 'api' : 'tariffs',
      tariff_rows: s.tariffRowCount,
      updatedAt: s.updatedAt.toISOString(),
    };
  }

  function carrierAdminDto(c: CarrierEntry): CarrierAdmin {
    return {
      code: c.code,
      name: c.name,
      logo_url: carrierLogoUrl(c.code),
      logo_url_svg: carrierLogoUrl(c.code),
      enabled: c.enabled,
      remote_area_surcharge: fromCentavos(c.remoteAreaSurchargeCentavos),
      remote_area_count: c.remoteAreas.size,
      insurance_rate_percent: percentOf(c.insuranceRateBp),
      insurance_min: fromCentavos(c.insuranceMinCentavos),
      api_configured: apiAdapters.has(c.code),
      services: snapshot.services.filter((s) => s.carrierCode === c.code).map(serviceAdminDto),
      updatedAt: c.updatedAt.toISOString(),
    };
  }

  async function serviceAdminAfterChange(id: string): Promise<CarrierServiceAdmin> {
    const service = snapshot.serviceById.get(id);
    if (!service) throw carrierErrors.serviceNotFound();
    return serviceAdminDto(service);
  }

  async function tableResponse(serviceId: string, rows?: repo.TariffRecord[]) {
    const list = rows ?? (await repo.listTariffRows(db, serviceId));
    return { service: await serviceAdminAfterChange(serviceId), rows: list.map(tariffRowDto) };
  }

  async function listRemoteAreas(code: CarrierCode): Promise<RemoteAreaList> {
    await refresh();
    const carrier = requireCarrier(code);
    return { carrier_code: code, surcharge: fromCentavos(carrier.remoteAreaSurchargeCentavos), postal_codes: await repo.listRemoteAreas(db, code) };
  }

  return {
    // ------------------------------------------------------------ runtime

    /** Seeds the demo catalogue when there is none, loads it, and starts polling. */
    async start(): Promise<void> {
      if (await repo.seedCatalogueIfEmpty(db, demoCatalogue(), clock.now())) {
        logger?.info({}, 'catálogo de paqueterías y tarifas de demostración creado');
      }
      await refresh();
      if (interval > 0 && !timer) {
        timer = setInterval(() => {
          refresh().catch((error: unknown) => logger?.warn({ err: error }, 'no se pudo actualizar el catálogo de paqueterías'));
        }, interval);
        timer.unref();
      }
    },

    /** Stops polling and waits for a reload under way, so the database can close after it. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await inFlight?.catch(() => undefined);
    },

    refresh,

    /** The catalogue in memory (quotes read it on every request, without I/O). */
    snapshot: (): CatalogueSnapshot => snapshot,

    sourcesFor,

    // ------------------------------------------------------------ public

    /** Enabled carriers with their enabled services, in filter order; rebuilt once per version. */
    catalogue(): CarrierCatalogueResponse {
      if (publicCatalogue?.version !== snapshot.version) {
        const answer = {
          carriers: snapshot.carriers
            .filter((c) => c.enabled)
            .map((c) => ({
              code: c.code,
              name: c.name,
              logo_url: carrierLogoUrl(c.code),
              logo_url_svg: carrierLogoUrl(c.code),
              services: snapshot.services.filter((s) => s.carrierCode === c.code && s.enabled).map(serviceDto),
            })),
        };
        publicCatalogue = { version: snapshot.version, answer };
      }
      return publicCatalogue.answer;
    },

    logo(code: CarrierCode): string {
      return carrierLogoSvg(code);
    },

    // ------------------------------------------------------------ admin: carriers and services

    async listForAdmin(): Promise<{ carriers: CarrierAdmin[] }> {
      await refresh();
      return { carriers: snapshot.carriers.map(carrierAdminDto) };
    },

    async updateCarrier(actor: Actor, code: CarrierCode, input: UpdateCarrierInput): Promise<CarrierAdmin> {
      await change(async (tx, now) => {
        const before = await repo.findCarrier(tx, code);
        if (!before) throw carrierErrors.carrierNotFound(code);
        const patch: Parameters<typeof repo.updateCarrier>[2] = {};
        if (input.enabled !== undefined) patch.enabled = input.enabled;
        if (input.remote_area_surcharge !== undefined) patch.remoteAreaSurchargeCentavos = toCentavos(input.remote_area_surcharge);
        if (input.insurance_rate_percent !== undefined) patch.insuranceRateBp = bpOf(input.insurance_rate_percent);
        if (input.insurance_min !== undefined) patch.insuranceMinCentavos = toCentavos(input.insurance_min);
        const after = (await repo.updateCarrier(tx, code, patch, now))!;
        const verb = input.enabled === undefined ? 'actualizada' : input.enabled ? 'activada' : 'desactivada';
        await audit(tx, now, actor, {
          entity: 'carrier',
          entityId: code,
          action: 'update',
          summary: `Paquetería ${before.name} ${verb}`,
          before: carrierAuditView(before),
          after: carrierAuditView(after),
        });
      });
      return carrierAdminDto(requireCarrier(code));
    },

    async updateService(actor: Actor, id: string, input: UpdateCarrierServiceInput): Promise<CarrierServiceAdmin> {
      await change(async (tx, now) => {
        const before = await requireService(tx, id);
        const patch: Parameters<typeof repo.updateService>[2] = {};
        if (input.enabled !== undefined) patch.enabled = input.enabled;
        if (input.transit_days !== undefined) patch.transitDays = input.transit_days;
        if (input.max_weight_kg !== undefined) patch.maxWeightKg = input.max_weight_kg;
        if (input.guide_source !== undefined) patch.guideSource = input.guide_source;
        if (input.document_price !== undefined) patch.documentPriceCentavos = input.document_price === null ? null : toCentavos(input.document_price);
        if (input.package_types !== undefined) patch.packageTypes = input.package_types;
        const after = (await repo.updateService(tx, id, patch, now))!;
        const verb = input.enabled === undefined ? 'actualizado' : input.enabled ? 'activado' : 'desactivado';
        await audit(tx, now, actor, {
          entity: 'service',
          entityId: id,
          action: 'update',
          summary: `Servicio ${serviceLabel(before)} ${verb}`,
          before: serviceAuditView(before),
          after: serviceAuditView(after),
        });
      });
      return serviceAdminAfterChange(id);
    },

    // ------------------------------------------------------------ admin: tariffs

    async getTariffTable(id: string) {
      await refresh();
      await requireService(db, id);
      return tableResponse(id);
    },

    /** Replaces a service's whole table (JSON), or nothing. */
    async replaceTariffTable(actor: Actor, id: string, rows: readonly TariffRowInput[]) {
      const saved = await change(async (tx, now) => {
        const service = await requireService(tx, id);
        const brackets = rows.map(bracketOf);
        checkTable(brackets, service, (i) => `rows.${i}`, (i) => `Fila ${i + 1}`);
        const before = await repo.listTariffRows(tx, id);
        const after = await repo.replaceTariffRows(tx, id, brackets);
        await repo.touchService(tx, id, now);
        await audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'update',
          summary: `Tarifa de ${serviceLabel(service)} reemplazada (${after.length} filas)`,
          before: tableAuditView(before),
          after: tableAuditView(after),
        });
        return after;
      });
      return tableResponse(id, saved);
    },

    async addTariffRow(actor: Actor, id: string, input: TariffRowInput): Promise<TariffRow> {
      return change(async (tx, now) => {
        const service = await requireService(tx, id);
        const current = await repo.listTariffRows(tx, id);
        const added = bracketOf(input);
        const next: Bracket[] = [...current, added];
        checkTable(next, service, (i) => (i === current.length ? 'body' : `rows.${i}`), (i) => (i === current.length ? 'La fila nueva' : `La fila de ${next[i]!.zone} ${next[i]!.minKg}–${next[i]!.maxKg} kg`));
        const created = await repo.insertTariffRow(tx, id, added);
        await repo.touchService(tx, id, now);
        await audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'create',
          summary: `Fila ${created.zone} ${created.minKg}–${created.maxKg} kg agregada a la tarifa de ${serviceLabel(service)}`,
          before: null,
          after: tariffRowDto(created),
        });
        return tariffRowDto(created);
      });
    },

    async updateTariffRow(actor: Actor, id: string, rowId: string, patch: TariffRowPatch): Promise<TariffRow> {
      return change(async (tx, now) => {
        const service = await requireService(tx, id);
        const current = await repo.listTariffRows(tx, id);
        const before = current.find((r) => r.id === rowId);
        if (!before) throw carrierErrors.tariffRowNotFound();
        const changed: repo.TariffRecord = {
          ...before,
          ...(patch.zone !== undefined ? { zone: patch.zone } : {}),
          ...(patch.min_kg !== undefined ? { minKg: patch.min_kg } : {}),
          ...(patch.max_kg !== undefined ? { maxKg: patch.max_kg } : {}),
          ...(patch.base_price !== undefined ? { baseCentavos: toCentavos(patch.base_price) } : {}),
          ...(patch.extra_kg_price !== undefined ? { extraKgCentavos: toCentavos(patch.extra_kg_price) } : {}),
        };
        const next = current.map((r) => (r.id === rowId ? changed : r));
        checkTable(next, service, (i) => (next[i]!.id === rowId ? 'body' : `rows.${i}`), (i) => (next[i]!.id === rowId ? 'La fila editada' : `La fila de ${next[i]!.zone} ${next[i]!.minKg}–${next[i]!.maxKg} kg`));
        const { id: _id, serviceId: _serviceId, ...values } = changed;
        const after = (await repo.updateTariffRow(tx, rowId, values))!;
        await repo.touchService(tx, id, now);
        await audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'update',
          summary: `Fila ${after.zone} ${after.minKg}–${after.maxKg} kg de la tarifa de ${serviceLabel(service)} actualizada`,
          before: tariffRowDto(before),
          after: tariffRowDto(after),
        });
        return tariffRowDto(after);
      });
    },

    async deleteTariffRow(actor: Actor, id: string, rowId: string): Promise<void> {
      await change(async (tx, now) => {
        const service = await requireService(tx, id);
        const current = await repo.listTariffRows(tx, id);
        const before = current.find((r) => r.id === rowId);
        if (!before) throw carrierErrors.tariffRowNotFound();
        const next = current.filter((r) => r.id !== rowId);
        checkTable(next, service, (i) => `rows.${i}`, (i) => `La fila de ${next[i]!.zone} ${next[i]!.minKg}–${next[i]!.maxKg} kg`);
        await repo.deleteTariffRow(tx, rowId);
        await repo.touchService(tx, id, now);
        await audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'delete',
          summary: `Fila ${before.zone} ${before.minKg}–${before.maxKg} kg eliminada de la tarifa de ${serviceLabel(service)}`,
          before: tariffRowDto(before),
          after: null,
        });
      });
    },

    async exportTariffCsv(id: string): Promise<{ filename: string; csv: string }> {
      const service = await requireService(db, id);
      const rows = await repo.listTariffRows(db, id);
      const carrier = snapshot.carrierByCode.get(service.carrierCode)?.name ?? service.carrierCode;
      return { filename: `tarifa-${slug(carrier)}-${slug(service.name)}.csv`, csv: formatTariffCsv(rows) };
    },

    /** Imports a CSV table for one service: all rows or none, every bad row reported by its line. */
    async importTariffCsv(actor: Actor, id: string, text: string) {
      const parsed = parseTariffCsv(text);
      const saved = await change(async (tx, now) => {
        const service = await requireService(tx, id);
        const errors: FieldError[] = [...parsed.errors];
        if (errors.length === 0) {
          errors.push(
            ...validateTariffTable(
              parsed.rows,
              service.scope,
              (i) => `fila.${parsed.rows[i]!.line}`,
              (i) => `Fila ${parsed.rows[i]!.line}`,
            ),
          );
        }
        if (errors.length > 0) throw carrierErrors.invalidCsv(errors);
        const before = await repo.listTariffRows(tx, id);
        const after = await repo.replaceTariffRows(
          tx,
          id,
          parsed.rows.map(({ line: _line, ...b }) => b),
        );
        await repo.touchService(tx, id, now);
        await audit(tx, now, actor, {
          entity: 'tariff',
          entityId: id,
          action: 'import',
          summary: `Tarifa de ${serviceLabel(service)} importada desde CSV (${after.length} filas)`,
          before: tableAuditView(before),
          after: tableAuditView(after),
        });
        return after;
      });
      return { ...(await tableResponse(id, saved)), imported: saved.length };
    },

    // ------------------------------------------------------------ admin: remote areas

    listRemoteAreas,

    async replaceRemoteAreas(actor: Actor, code: CarrierCode, postalCodes: readonly string[]) {
      const wanted = [...new Set(postalCodes)].sort();
      await change(async (tx, now) => {
        const carrier = await repo.findCarrier(tx, code);
        if (!carrier) throw carrierErrors.carrierNotFound(code);
        const before = await repo.listRemoteAreas(tx, code);
        await repo.removeRemoteAreas(tx, code);
        await repo.addRemoteAreas(tx, code, wanted);
        await audit(tx, now, actor, {
          entity: 'remote_area',
          entityId: code,
          action: 'update',
          summary: `Lista de áreas remotas de ${carrier.name} reemplazada (${before.length} → ${wanted.length} códigos postales)`,
          before: { postal_codes: before },
          after: { postal_codes: wanted },
        });
      });
      return listRemoteAreas(code);
    },

    async addRemoteAreas(actor: Actor, code: CarrierCode, postalCodes: readonly string[]) {
      const wanted = [...new Set(postalCodes)].sort();
      await change(async (tx, now) => {
        const carrier = await repo.findCarrier(tx, code);
        if (!carrier) throw carrierErrors.carrierNotFound(code);
        const added = await repo.addRemoteAreas(tx, code, wanted);
        await audit(tx, now, actor, {
          entity: 'remote_area',
          entityId: code,
          action: 'create',
          summary: `${added} códigos postales agregados a las áreas remotas de ${carrier.name}`,
          before: null,
          after: { postal_codes: wanted },
        });
      });
      return listRemoteAreas(code);
    },

    async removeRemoteArea(actor: Actor, code: CarrierCode, postalCode: string): Promise<void> {
      await change(async (tx, now) => {
        const carrier = await repo.findCarrier(tx, code);
        if (!carrier) throw carrierErrors.carrierNotFound(code);
        const removed = await repo.removeRemoteAreas(tx, code, [postalCode]);
        if (removed === 0) throw carrierErrors.remoteAreaNotFound(postalCode);
        await audit(tx, now, actor, {
          entity: 'remote_area',
          entityId: code,
          action: 'delete',
          summary: `Código postal ${postalCode} quitado de las áreas remotas de ${carrier.name}`,
          before: { postal_codes: [postalCode] },
          after: null,
        });
      });
    },

    // ------------------------------------------------------------ admin: markups

    async listMarkups(filter: { service_id?: string | undefined; user_id?: string | undefined }): Promise<{ markups: Markup[] }> {
      const rows = await repo.listMarkups(db, { serviceId: filter.service_id, userId: filter.user_id });
      return { markups: rows.map(markupDto) };
    },

    /** Creates or replaces the markup of (service, customer). */
    async upsertMarkup(actor: Actor, input: { service_id: string | null; user_id: string | null; percent: number; fixed_amount: number }): Promise<Markup> {
      if (input.user_id !== null && deps.userExists && !(await deps.userExists(input.user_id))) throw carrierErrors.unknownUser(input.user_id);
      return change(async (tx, now) => {
        let serviceName = 'todos los servicios';
        if (input.service_id !== null) serviceName = serviceLabel(await requireService(tx, input.service_id));
        const before = await repo.findMarkupByScope(tx, input.service_id, input.user_id);
        const after = await repo.upsertMarkup(
          tx,
          { serviceId: input.service_id, userId: input.user_id, percentBp: bpOf(input.percent), fixedCentavos: toCentavos(input.fixed_amount) },
          now,
        );
        const who = input.user_id === null ? 'todos los clientes' : `el cliente ${input.user_id}`;
        await audit(tx, now, actor, {
          entity: 'markup',
          entityId: after.id,
          action: before ? 'update' : 'create',
          summary: `Margen de ${serviceName} para ${who}: ${percentOf(after.percentBp)} % + ${fromCentavos(after.fixedCentavos).toFixed(2)} MXN`,
          before: before ? markupDto(before) : null,
          after: markupDto(after),
        });
        return markupDto(after);
      });
    },

    async deleteMarkup(actor: Actor, id: string): Promise<void> {
      await change(async (tx, now) => {
        const before = await repo.findMarkup(tx, id);
        if (!before) throw carrierErrors.markupNotFound();
        await repo.deleteMarkup(tx, id);
        await audit(tx, now, actor, {
          entity: 'markup',
          entityId: id,
          action: 'delete',
          summary: `Margen eliminado (${percentOf(before.percentBp)} % + ${fromCentavos(before.fixedCentavos).toFixed(2)} MXN)`,
          before: markupDto(before),
          after: null,
        });
      });
    },

    // ------------------------------------------------------------ admin: audit

    async listAudit(query: { entity?: AuditEntry['entity'] | undefined; entity_id?: string | undefined; page: number; limit: number }) {
      const { rows, total } = await repo.listAudit(db, {
        entity: query.entity,
        entityId: query.entity_id || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return toPage(rows.map(auditDto), total, query.page, query.limit);
    },
  };
}
