import { FORMA_PAGO_ROWS } from './forma-pago.data.js';
import { REGIMEN_FISCAL_ROWS } from './regimen-fiscal.data.js';
import type { RfcKind } from './rfc.js';
import { USO_CFDI_ROWS } from './uso-cfdi.data.js';

/**
 * The SAT catalogues CFDI 4.0 checks a receptor against (data in the *.data.ts files beside this
 * one, with their source and date in README.md) and the rules the tax-data form and the API share.
 */

export type RegimenFiscal = (typeof REGIMEN_FISCAL_ROWS)[number];
export type RegimenFiscalKey = RegimenFiscal['key'];
export type UsoCfdi = (typeof USO_CFDI_ROWS)[number];
export type UsoCfdiKey = UsoCfdi['key'];
export type FormaPagoKey = (typeof FORMA_PAGO_ROWS)[number]['key'];

export const REGIMENES_FISCALES: readonly RegimenFiscal[] = REGIMEN_FISCAL_ROWS;
export const USOS_CFDI: readonly UsoCfdi[] = USO_CFDI_ROWS;
export const FORMAS_PAGO: readonly { key: FormaPagoKey; label: string }[] = FORMA_PAGO_ROWS;

export const REGIMEN_FISCAL_KEYS = REGIMEN_FISCAL_ROWS.map((r) => r.key) as [RegimenFiscalKey, ...RegimenFiscalKey[]];
export const USO_CFDI_KEYS = USO_CFDI_ROWS.map((u) => u.key) as [UsoCfdiKey, ...UsoCfdiKey[]];
export const FORMA_PAGO_KEYS = FORMA_PAGO_ROWS.map((f) => f.key) as [FormaPagoKey, ...FormaPagoKey[]];

/** A business buyer deducts shipping as «Gastos en general». */
export const DEFAULT_USO_CFDI: UsoCfdiKey = 'G03';

const regimenByKey = new Map<string, RegimenFiscal>(REGIMEN_FISCAL_ROWS.map((r) => [r.key, r]));
const usoByKey = new Map<string, UsoCfdi>(USO_CFDI_ROWS.map((u) => [u.key, u]));
const formaByKey = new Map<string, string>(FORMA_PAGO_ROWS.map((f) => [f.key, f.label]));

export function regimenFiscal(key: string): RegimenFiscal | undefined {
  return regimenByKey.get(key);
}

export function usoCfdi(key: string): UsoCfdi | undefined {
  return usoByKey.get(key);
}

/** «601 General de Ley Personas Morales». */
export function regimenLabel(key: string): string {
  const r = regimenByKey.get(key);
  return r ? `${r.key} ${r.label}` : key;
}

export function usoLabel(key: string): string {
  const u = usoByKey.get(key);
  return u ? `${u.key} ${u.label}` : key;
}

export function formaPagoLabel(key: string): string {
  const label = formaByKey.get(key);
  return label ? `${key} ${label}` : key;
}

/** The regímenes a person (RFC of 13) or a company (RFC of 12) may have. */
export function regimenesFor(kind: RfcKind): RegimenFiscal[] {
  return REGIMEN_FISCAL_ROWS.filter((r) => (kind === 'fisica' ? r.fisica : r.moral));
}

export function regimenAppliesTo(key: string, kind: RfcKind): boolean {
  const r = regimenByKey.get(key);
  return Boolean(r && (kind === 'fisica' ? r.fisica : r.moral));
}

/** The uses the SAT allows a receptor of this régimen (and kind, when known). */
export function usosFor(regimen: string, kind?: RfcKind): UsoCfdi[] {
  return USO_CFDI_ROWS.filter((u) => (u.regimenes as readonly string[]).includes(regimen) && (kind === undefined || (kind === 'fisica' ? u.fisica : u.moral)));
}

export function usoAllowedFor(uso: string, regimen: string, kind?: RfcKind): boolean {
  return usosFor(regimen, kind).some((u) => u.key === uso);
}
