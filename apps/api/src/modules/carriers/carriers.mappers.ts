import { transitTextForService, type AuditEntry, type Markup, type TariffRow } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import type { ServiceEntry } from './catalogue-snapshot.js';
import type * as repo from './carriers.repository.js';

// ---------------------------------------------------------------- wire mappers

export const percentOf = (bp: number) => bp / 100;
export const bpOf = (percent: number) => Math.round(percent * 100);

export function serviceDto(s: ServiceEntry) {
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

export function tariffRowDto(r: repo.TariffRecord): TariffRow {
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

export function markupDto(m: repo.MarkupRow): Markup {
  return {
    _id: m.id,
    service_id: m.serviceId,
    user_id: m.userId,
    percent: percentOf(m.percentBp),
    fixed_amount: fromCentavos(m.fixedCentavos),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function auditDto(r: repo.AuditRow): AuditEntry {
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
export function carrierAuditView(c: Pick<repo.CarrierRow, 'enabled' | 'remoteAreaSurchargeCentavos' | 'insuranceRateBp' | 'insuranceMinCentavos'>) {
  return {
    enabled: c.enabled,
    remote_area_surcharge: fromCentavos(c.remoteAreaSurchargeCentavos),
    insurance_rate_percent: percentOf(c.insuranceRateBp),
    insurance_min: fromCentavos(c.insuranceMinCentavos),
  };
}

export function serviceAuditView(s: repo.ServiceRow) {
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
