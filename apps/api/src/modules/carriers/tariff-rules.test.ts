import { describe, expect, it } from 'vitest';
import { DOMESTIC_ZONES } from '@envios/contracts/carriers';
import { demoCatalogue } from './demo-catalogue.js';
import { freightCost, validateTariffTable, type Bracket } from './tariff-rules.js';

const path = (i: number) => `rows.${i}`;
const label = (i: number) => `Fila ${i + 1}`;
const b = (zone: Bracket['zone'], minKg: number, maxKg: number, base: number, extra = 0): Bracket => ({
  zone,
  minKg,
  maxKg,
  baseCentavos: base,
  extraKgCentavos: extra,
});

describe('tariff table rules', () => {
  it('accepts brackets from 1 kg, back to back, whose price never falls', () => {
    expect(validateTariffTable([b('local', 1, 5, 14900), b('local', 6, 10, 18900), b('local', 11, 70, 24900, 1200)], 'domestic', path, label)).toEqual([]);
  });

  it('names a zone that does not start at 1 kg, a gap and an overlap', () => {
    const problems = validateTariffTable(
      [b('local', 2, 5, 100), b('regional', 1, 5, 100), b('regional', 7, 9, 200), b('nacional', 1, 5, 100), b('nacional', 4, 9, 200)],
      'domestic',
      path,
      label,
    );
    expect(problems.map((p) => p.message)).toEqual([
      'Fila 1: la zona Local (mismo estado) debe empezar en 1 kg (empieza en 2 kg).',
      'Fila 3: en la zona Regional falta el rango 6–6 kg.',
      'Fila 5: el rango 4–9 kg de la zona Nacional se encima con 1–5 kg.',
    ]);
    expect(problems.map((p) => p.path)).toEqual(['rows.0.peso_desde_kg', 'rows.2.peso_desde_kg', 'rows.4.peso_desde_kg']);
  });

  it('refuses a next bracket cheaper than the last kilo of the one before', () => {
    // 11–20 kg ends at 200.00 + 9 × 10.00 = 290.00; the next bracket cannot start at 280.00.
    const problems = validateTariffTable([b('local', 1, 10, 10000), b('local', 11, 20, 20000, 1000), b('local', 21, 30, 28000)], 'domestic', path, label);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe('rows.2.precio_base');
    expect(problems[0]!.message).toContain('el precio bajaría al pasar de 20 a 21 kg');
    expect(problems[0]!.message).toContain('MX$290.00');
  });

  it('refuses zones of the other scope', () => {
    expect(validateTariffTable([b('int-1', 1, 5, 100)], 'domestic', path, label)[0]!.message).toContain('no corresponde a un servicio nacional');
    expect(validateTariffTable([b('local', 1, 5, 100)], 'international', path, label)[0]!.message).toContain('no corresponde a un servicio internacional');
  });

  it('prices a weight from its bracket: base plus the kilos above the bracket start', () => {
    const table = [b('local', 1, 5, 14900), b('local', 6, 20, 20000, 1000)];
    expect(freightCost(table, 3)).toEqual({ baseCentavos: 14900, extraCentavos: 0, extraKg: 0 });
    expect(freightCost(table, 6)).toEqual({ baseCentavos: 20000, extraCentavos: 0, extraKg: 0 });
    expect(freightCost(table, 9)).toEqual({ baseCentavos: 20000, extraCentavos: 3000, extraKg: 3 });
    expect(freightCost(table, 21)).toBeUndefined();
  });
});

describe('demo catalogue', () => {
  const seed = demoCatalogue();

  it('has the five carriers and each carrier’s own service names', () => {
    expect(seed.carriers.map((c) => c.code)).toEqual(['dhl', 'redpack', 'fedex', 'ampm', 'estafeta']);
    const names = (code: string) => seed.services.filter((s) => s.carrierCode === code).map((s) => s.name);
    expect(names('dhl')).toEqual(
      expect.arrayContaining([
        'EXPRESS DOMESTIC 10:30',
        'EXPRESS DOMESTIC',
        'EXPRESS DOMESTIC DINAMICA',
        'EXPRESS DOMESTIC 12:00',
        'ECONOMY SELECT DOMESTIC',
        'EXPRESS DOMESTIC FLAT',
        'SAMEDAY SPRINTLINE',
      ]),
    );
    expect(names('redpack')).toEqual(['ECOEXPRESS']);
    expect(names('ampm')).toEqual(['ESTANDAR', 'EXPRESS']);
    expect(names('estafeta')).toEqual(['Envío Económico', 'Envío Express', 'TERRESTRE', 'DIA SIG']);
    expect(names('fedex')).toEqual(expect.arrayContaining(['FEDEX EXPRESS SAVER', 'FEDEX STANDARD OVERNIGHT', 'FEDEX INTERNATIONAL PRIORITY']));
    expect(names('dhl')).toContain('EXPRESS WORLDWIDE');
  });

  it('every seeded table passes the rules an admin table must pass', () => {
    for (const s of seed.services) expect(validateTariffTable(s.tariff, s.scope, path, label), s.name).toEqual([]);
  });

  it('charges one price for 1–5 kg in every domestic zone a service serves', () => {
    for (const s of seed.services.filter((x) => x.scope === 'domestic')) {
      const first = s.tariff.filter((t) => t.minKg === 1);
      expect(new Set(first.map((t) => t.baseCentavos)).size, s.name).toBe(1);
      expect(
        first.every((t) => t.maxKg === Math.min(5, s.maxWeightKg)),
        s.name,
      ).toBe(true);
    }
  });

  it('covers each service up to its maximum weight in every zone it serves', () => {
    for (const s of seed.services) {
      for (const zone of new Set(s.tariff.map((t) => t.zone))) {
        expect(Math.max(...s.tariff.filter((t) => t.zone === zone).map((t) => t.maxKg)), `${s.name} ${zone}`).toBe(s.maxWeightKg);
      }
    }
    const sameDay = seed.services.find((s) => s.name === 'SAMEDAY SPRINTLINE')!;
    expect(new Set(sameDay.tariff.map((t) => t.zone))).toEqual(new Set(['local']));
    const ampm = seed.services.find((s) => s.name === 'ESTANDAR')!;
    expect(new Set(ampm.tariff.map((t) => t.zone))).toEqual(new Set(DOMESTIC_ZONES.filter((z) => z !== 'extendida')));
  });

  it('offers pallets only on services that carry them, and a flat sobre price where set', () => {
    expect(
      seed.services
        .filter((s) => s.packageTypes.includes('pallet'))
        .map((s) => s.name)
        .sort(),
    ).toEqual(['FEDEX 2DAY FREIGHT', 'TERRESTRE']);
    for (const s of seed.services) if (s.documentPriceCentavos !== null) expect(s.packageTypes).toContain('document');
  });
});
