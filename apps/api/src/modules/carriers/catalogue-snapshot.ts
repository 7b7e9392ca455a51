import type { CarrierCode, ServiceScope, TariffZone } from '@envios/contracts/carriers';
import type { PackageType } from '@envios/contracts/quotes';
import type { CarrierRow, CatalogueRows, MarkupRow, ServiceRow } from './carriers.repository.js';
import type { Bracket } from './tariff-rules.js';

/** The catalogue as quotes read it: immutable, built once per version, looked up without I/O. */
export interface CarrierEntry extends CarrierRow {
  remoteAreas: ReadonlySet<string>;
}

/**
 * The remote-area rule: a carrier charges its surcharge for delivering to a Mexican postal code
 * on its own remote-area list; destinations abroad are never remote areas.
 */
export function isRemoteArea(carrier: CarrierEntry, scope: ServiceScope, postalCode: string): boolean {
  return scope === 'domestic' && carrier.remoteAreas.has(postalCode);
}

export interface ServiceEntry extends ServiceRow {
  packageTypeSet: ReadonlySet<PackageType>;
  tariffRowCount: number;
}

export interface Markup {
  percentBp: number;
  fixedCentavos: number;
}

export const NO_MARKUP: Markup = { percentBp: 0, fixedCentavos: 0 };

export interface CatalogueSnapshot {
  version: number;
  carriers: readonly CarrierEntry[];
  carrierByCode: ReadonlyMap<CarrierCode, CarrierEntry>;
  services: readonly ServiceEntry[];
  serviceById: ReadonlyMap<string, ServiceEntry>;
  /** Sorted brackets by service and zone. */
  tariffs: ReadonlyMap<string, ReadonlyMap<TariffZone, readonly Bracket[]>>;
  markups: readonly MarkupRow[];
  /** The markup that applies: customer and service, customer, service, everyone (most specific first). */
  markupFor(serviceId: string, userId: string | null): Markup;
}

const key = (userId: string | null, serviceId: string | null) => `${userId ?? '*'}|${serviceId ?? '*'}`;

export const EMPTY_SNAPSHOT: CatalogueSnapshot = buildSnapshot({ version: 0, carriers: [], services: [], tariffs: [], remoteAreas: [], markups: [] });

export function buildSnapshot(rows: CatalogueRows): CatalogueSnapshot {
  const remote = new Map<CarrierCode, Set<string>>();
  for (const r of rows.remoteAreas) {
    let set = remote.get(r.carrierCode);
    if (!set) remote.set(r.carrierCode, (set = new Set()));
    set.add(r.postalCode);
  }
  const carriers = rows.carriers.map((c) => ({ ...c, remoteAreas: remote.get(c.code) ?? new Set<string>() }));

  const tariffs = new Map<string, Map<TariffZone, Bracket[]>>();
  const rowCount = new Map<string, number>();
  for (const t of rows.tariffs) {
    let byZone = tariffs.get(t.serviceId);
    if (!byZone) tariffs.set(t.serviceId, (byZone = new Map<TariffZone, Bracket[]>()));
    let list = byZone.get(t.zone);
    if (!list) byZone.set(t.zone, (list = []));
    list.push({ zone: t.zone, minKg: t.minKg, maxKg: t.maxKg, baseCentavos: t.baseCentavos, extraKgCentavos: t.extraKgCentavos });
    rowCount.set(t.serviceId, (rowCount.get(t.serviceId) ?? 0) + 1);
  }
  for (const byZone of tariffs.values()) for (const list of byZone.values()) list.sort((a, b) => a.minKg - b.minKg);

  const services = rows.services.map((s) => ({ ...s, packageTypeSet: new Set(s.packageTypes), tariffRowCount: rowCount.get(s.id) ?? 0 }));
  const markupByKey = new Map(rows.markups.map((m) => [key(m.userId, m.serviceId), { percentBp: m.percentBp, fixedCentavos: m.fixedCentavos }]));

  return {
    version: rows.version,
    carriers,
    carrierByCode: new Map(carriers.map((c) => [c.code, c])),
    services,
    serviceById: new Map(services.map((s) => [s.id, s])),
    tariffs,
    markups: rows.markups,
    markupFor(serviceId, userId) {
      return (
        (userId !== null ? (markupByKey.get(key(userId, serviceId)) ?? markupByKey.get(key(userId, null))) : undefined) ??
        markupByKey.get(key(null, serviceId)) ??
        markupByKey.get(key(null, null)) ??
        NO_MARKUP
      );
    },
  };
}
