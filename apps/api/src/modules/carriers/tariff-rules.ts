import { DOMESTIC_ZONES, INTERNATIONAL_ZONES, ZONE_LABELS, type ServiceScope, type TariffZone } from '@envios/contracts/carriers';
import { formatMXN } from '@envios/contracts/money';

/** One bracket of a tariff, in centavos: cost(w) = base + (w − minKg) × extraKg, minKg ≤ w ≤ maxKg. */
export interface Bracket {
  zone: TariffZone;
  minKg: number;
  maxKg: number;
  baseCentavos: number;
  extraKgCentavos: number;
}

export interface TariffProblem {
  path: string;
  message: string;
}

export function zonesForScope(scope: ServiceScope): readonly TariffZone[] {
  return scope === 'domestic' ? DOMESTIC_ZONES : INTERNATIONAL_ZONES;
}

/** The cost at the last kilo of a bracket: what the next bracket must not go below. */
export function bracketEndCost(b: Bracket): number {
  return b.baseCentavos + (b.maxKg - b.minKg) * b.extraKgCentavos;
}

/**
 * Checks a whole tariff table: zones of the service's scope, brackets of each zone starting at
 * 1 kg without gaps or overlaps, and a price that never falls when the weight grows. `pathOf`
 * names a row in the messages (a CSV line, a JSON index). No problems: the table is sound.
 */
export function validateTariffTable(
  rows: readonly Bracket[],
  scope: ServiceScope,
  pathOf: (index: number) => string,
  rowLabel: (index: number) => string,
): TariffProblem[] {
  const problems: TariffProblem[] = [];
  const allowed = new Set<TariffZone>(zonesForScope(scope));
  const byZone = new Map<TariffZone, { row: Bracket; index: number }[]>();
  rows.forEach((row, index) => {
    if (!allowed.has(row.zone)) {
      problems.push({
        path: `${pathOf(index)}.zona`,
        message: `${rowLabel(index)}: la zona «${row.zone}» no corresponde a un servicio ${scope === 'domestic' ? 'nacional' : 'internacional'}; usa ${[...allowed].join(', ')}.`,
      });
      return;
    }
    if (row.maxKg < row.minKg) {
      problems.push({ path: `${pathOf(index)}.peso_hasta_kg`, message: `${rowLabel(index)}: el peso final debe ser mayor o igual al peso inicial.` });
      return;
    }
    let list = byZone.get(row.zone);
    if (!list) byZone.set(row.zone, (list = []));
    list.push({ row, index });
  });
  for (const [zone, list] of byZone) {
    list.sort((a, b) => a.row.minKg - b.row.minKg);
    const label = ZONE_LABELS[zone];
    const first = list[0]!;
    if (first.row.minKg !== 1) {
      problems.push({
        path: `${pathOf(first.index)}.peso_desde_kg`,
        message: `${rowLabel(first.index)}: la zona ${label} debe empezar en 1 kg (empieza en ${first.row.minKg} kg).`,
      });
    }
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (cur.row.minKg <= prev.row.maxKg) {
        problems.push({
          path: `${pathOf(cur.index)}.peso_desde_kg`,
          message: `${rowLabel(cur.index)}: el rango ${cur.row.minKg}–${cur.row.maxKg} kg de la zona ${label} se encima con ${prev.row.minKg}–${prev.row.maxKg} kg.`,
        });
      } else if (cur.row.minKg !== prev.row.maxKg + 1) {
        problems.push({
          path: `${pathOf(cur.index)}.peso_desde_kg`,
          message: `${rowLabel(cur.index)}: en la zona ${label} falta el rango ${prev.row.maxKg + 1}–${cur.row.minKg - 1} kg.`,
        });
      } else if (cur.row.baseCentavos < bracketEndCost(prev.row)) {
        problems.push({
          path: `${pathOf(cur.index)}.precio_base`,
          message: `${rowLabel(cur.index)}: en la zona ${label} el precio bajaría al pasar de ${prev.row.maxKg} a ${cur.row.minKg} kg (${formatMXN(bracketEndCost(prev.row))} → ${formatMXN(cur.row.baseCentavos)}); el precio base debe ser al menos ${formatMXN(bracketEndCost(prev.row))}.`,
        });
      }
    }
  }
  return problems;
}

/** The carrier cost of `kg` (whole kg) in a zone's sorted brackets; undefined when no bracket covers it. */
export function freightCost(brackets: readonly Bracket[], kg: number): { baseCentavos: number; extraCentavos: number; extraKg: number } | undefined {
  for (const b of brackets) {
    if (kg >= b.minKg && kg <= b.maxKg) {
      // Kilos above the bracket start count as "extra" only when the bracket charges for them.
      const extraKg = b.extraKgCentavos > 0 ? kg - b.minKg : 0;
      return { baseCentavos: b.baseCentavos, extraCentavos: extraKg * b.extraKgCentavos, extraKg };
    }
  }
  return undefined;
}
