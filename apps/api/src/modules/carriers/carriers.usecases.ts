import { carrierLogoUrl, type CarrierAdmin, type CarrierCatalogueResponse, type CarrierCode, type CarrierServiceAdmin } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import type { Executor } from '../../db/client.js';
import { createTariffAdapter } from './adapters/tariff-adapter.js';
import { createApiAdapters } from './carrier-adapters.js';
import { createCatalogueAdmin } from './carriers.admin.js';
import { buildSnapshot, EMPTY_SNAPSHOT, type CarrierEntry, type CatalogueSnapshot, type ServiceEntry } from './catalogue-snapshot.js';
import type { Actor, AuditInput, CarrierSources, CarriersDeps, CatalogueContext } from './carriers.deps.js';
import { carrierErrors } from './carriers.errors.js';
import { percentOf, serviceDto } from './carriers.mappers.js';
import * as repo from './carriers.repository.js';
import { createTariffAdmin } from './carriers.tariffs.js';
import { demoCatalogue } from './demo-catalogue.js';
import { carrierLogoSvg } from './logos.js';

// What quoting uses of this module: the catalogue in memory, the adapters' contract and the zones.
export { isRemoteArea, type CarrierEntry, type CatalogueSnapshot, type ServiceEntry } from './catalogue-snapshot.js';
export type { CarrierAdapter, ParcelGroup, RatePlace, RateRequest, ServiceRate } from './adapters/carrier-adapter.js';
export { domesticZone, internationalZone } from './zones.js';
// What overweight uses: a tariff's cost at a weight (the extra kilos the carrier measured).
export { freightCost, type Bracket } from './tariff-rules.js';

export const DEFAULT_REFRESH_INTERVAL_MS = 5_000;

export type { Actor, CarrierSources, CarriersDeps, CatalogueContext } from './carriers.deps.js';
// What app-modules.ts wires from the carrier list: live APIs for quoting, guide issuers, trackers.
export { carrierApisFromConfig, guideIssuersFromConfig, trackingAdaptersFromConfig, type CarrierApis } from './carrier-adapters.js';
// What the guides module seeds its demo inventory with: each carrier's guide number format.
export { sandboxGuideFormat } from './sandbox/sandbox-guide-issuer.js';

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

  const apiAdapters = createApiAdapters(deps.apis);
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
  async function audit(tx: Executor, now: Date, actor: Actor, entry: AuditInput): Promise<void> {
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

  const ctx: CatalogueContext = {
    db,
    deps,
    snapshot: () => snapshot,
    refresh,
    change,
    audit,
    requireCarrier,
    requireService,
    serviceLabel,
    carrierAdminDto,
    serviceAdminAfterChange,
  };

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

    ...createCatalogueAdmin(ctx),

    ...createTariffAdmin(ctx),
  };
}
