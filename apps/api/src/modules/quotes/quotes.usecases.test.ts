import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toCentavos } from '@envios/contracts/money';
import { billableWeightKg, quoteRequestSchema, type QuoteRequestInput, type QuoteResponse } from '@envios/contracts/quotes';
import type { CarrierCode } from '@envios/contracts/carriers';
import { manualClock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { answerCaching } from '../../shared/kept-answers.js';
import { demoCatalogueRows, demoSnapshot, fakeGeography } from '../../testing/catalogue.js';
import type { CarrierAdapter } from '../carriers/adapters/carrier-adapter.js';
import { createTariffAdapter } from '../carriers/adapters/tariff-adapter.js';
import type { CatalogueSnapshot } from '../carriers/catalogue-snapshot.js';
import type { CarrierSources } from '../carriers/carriers.usecases.js';
import { createQuoting, type OverweightProvider } from './quotes.usecases.js';

/** Thursday 15 January 2026, 11:00 in Mexico City: ships today. */
const clock = manualClock(new Date('2026-01-15T17:00:00Z'));

function quotingWith(
  opts: {
    snapshot?: CatalogueSnapshot;
    api?: Partial<Record<CarrierCode, CarrierAdapter>>;
    overweight?: OverweightProvider;
    timeoutMs?: number;
    caching?: boolean;
  } = {},
) {
  const snapshot = opts.snapshot ?? demoSnapshot();
  const carriers = {
    snapshot: () => snapshot,
    sourcesFor: (code: CarrierCode): CarrierSources => {
      const api = opts.api?.[code];
      return { tariffs: createTariffAdapter(code, () => snapshot), ...(api ? { api } : {}) };
    },
  };
  return createQuoting({
    carriers,
    geography: fakeGeography,
    clock,
    rateTimeoutMs: opts.timeoutMs ?? 1000,
    overweightOwed: opts.overweight,
    caching: answerCaching({ enabled: opts.caching ?? true }),
  });
}

const base: QuoteRequestInput = {
  origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Jalisco, Guadalajara' },
  destination_direction: { country_code: 'MX', postal_code: '06600' },
  parcels: [{ depth: 30, width: 20, height: 15, weight: 3 }],
  package_type: 'box',
  cantidadGuias: 1,
};

const request = (overrides: Partial<QuoteRequestInput> = {}) => quoteRequestSchema.parse({ ...base, ...overrides });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const cents = (v: number) => toCentavos(v);

describe('quoting 44100 Guadalajara → 06600 Ciudad de México, 1 box 30×20×15 cm, 3 kg', () => {
  it('answers every domestic service of the five carriers that carries a box, cheapest first', async () => {
    const answer = await quotingWith().quote(request(), null);
    expect(answer.unavailable_carriers).toEqual([]);
    expect(new Set(answer.options.map((o) => o.carrier_code))).toEqual(new Set(['dhl', 'redpack', 'fedex', 'ampm', 'estafeta']));
    // Sameday is local only; Worldwide and international FedEx are not domestic.
    const names = answer.options.map((o) => o.carrier_service_name);
    expect(names).not.toContain('SAMEDAY SPRINTLINE');
    expect(names).not.toContain('EXPRESS WORLDWIDE');
    expect(names).toContain('EXPRESS DOMESTIC');
    const totals = answer.options.map((o) => o.total_amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('prices EXPRESS DOMESTIC at its 1–5 kg tariff plus the 12 % margin, to the centavo', async () => {
    const answer = await quotingWith().quote(request(), null);
    const option = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(option).toMatchObject({
      carrier: 'DHL',
      carrier_code: 'dhl',
      carrier_logo_url: '/api/v1/carriers/dhl/logo.svg',
      carrier_logo_url_svg: '/api/v1/carriers/dhl/logo.svg',
      total_amount: 278.88,
      net_total_amount: 278.88,
      price_per_guide: 278.88,
      overweight_amount: 0,
      currency: 'MXN',
      guides: 1,
      date: '2026-01-15',
      estimated_delivery: '2026-01-16',
      total_transit_days: 1,
      transit_text: 'Día siguiente hábil',
      is_remote: false,
      billable_weight_kg: 3,
      source: 'tariffs',
      services: [{ code: 'base', service_name: 'Tarifa base (3 kg)', price: 278.88, quantity: 1, amount: 278.88 }],
    });
  });

  it('charges the same 1–5 kg price to any state (one price nationwide)', async () => {
    const quoting = quotingWith();
    const priceTo = async (postal: string) =>
      (await quoting.quote(request({ destination_direction: { country_code: 'MX', postal_code: postal } }), null)).options.find(
        (o) => o.carrier_service_name === 'EXPRESS DOMESTIC',
      )!.total_amount;
    expect(new Set([await priceTo('06600'), await priceTo('64000'), await priceTo('22000'), await priceTo('45100')]).size).toBe(1);
  });

  it('prices heavier parcels by zone: farther costs more', async () => {
    const quoting = quotingWith();
    const heavy = [{ depth: 30, width: 30, height: 30, weight: 12 }];
    const priceTo = async (postal: string) =>
      (await quoting.quote(request({ parcels: heavy, destination_direction: { country_code: 'MX', postal_code: postal } }), null)).options.find(
        (o) => o.carrier_service_name === 'EXPRESS DOMESTIC',
      )!.total_amount;
    const local = await priceTo('45100');
    const regional = await priceTo('06600');
    const extended = await priceTo('22000');
    expect(local).toBeLessThan(regional);
    expect(regional).toBeLessThan(extended);
  });

  it('offers SAMEDAY SPRINTLINE inside one state only, with delivery the same day', async () => {
    const answer = await quotingWith().quote(request({ destination_direction: { country_code: 'MX', postal_code: '45100' } }), null);
    expect(answer.options.find((o) => o.carrier_service_name === 'SAMEDAY SPRINTLINE')).toMatchObject({
      total_transit_days: 0,
      estimated_delivery: '2026-01-15',
    });
  });
});

describe('charges', () => {
  it('flags a remote destination and adds the carrier surcharge per guide', async () => {
    const answer = await quotingWith().quote(request({ destination_direction: { country_code: 'MX', postal_code: '77000' }, cantidadGuias: 2 }), null);
    const option = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(option.is_remote).toBe(true);
    expect(option.services).toContainEqual({ code: 'remote_area', service_name: 'Entrega en un área Remota', price: 199, quantity: 2, amount: 398 });
    expect(answer.options.every((o) => o.is_remote)).toBe(true);
  });

  it('insures the declared value at the carrier rate with its minimum', async () => {
    const answer = await quotingWith().quote(request({ insured_value: 5000, insured_value_currency: 'MXN' }), null);
    const dhl = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(dhl.services).toContainEqual({ code: 'insurance', service_name: 'Seguro (valor declarado MX$5,000.00)', price: 90, quantity: 1, amount: 90 });
    expect(dhl.total_amount).toBe(368.88);
    const small = await quotingWith().quote(request({ insured_value: 100, insured_value_currency: 'MXN' }), null);
    expect(small.options.find((o) => o.carrier_code === 'ampm')!.services.find((l) => l.code === 'insurance')!.price).toBe(30);
  });

  it('bills kilos above the last bracket start as an extra-kilo line', async () => {
    const answer = await quotingWith().quote(request({ parcels: [{ depth: 40, width: 40, height: 40, weight: 25 }] }), null);
    const option = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(option.services.map((l) => l.code)).toEqual(['base', 'extra_kg']);
    expect(option.services[1]!.service_name).toBe('Kilos adicionales (4 kg)');
  });

  it('adds the caller’s unpaid overweight once, after the guides', async () => {
    const answer = await quotingWith({ overweight: async () => 120_50 }).quote(request({ cantidadGuias: 3 }), {
      id: randomUUID(),
      rol: 'user',
      sessionId: randomUUID(),
    });
    const option = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(option).toMatchObject({ net_total_amount: 836.64, overweight_amount: 120.5, total_amount: 957.14, price_per_guide: 278.88 });
    expect(option.services.at(-1)).toEqual({ code: 'overweight', service_name: 'Sobrepeso de envíos anteriores', price: 120.5, quantity: 1, amount: 120.5 });
  });

  it('a visitor owes no overweight and the provider is not asked', async () => {
    let asked = false;
    const answer = await quotingWith({
      overweight: async () => {
        asked = true;
        return 100_00;
      },
    }).quote(request(), null);
    expect(asked).toBe(false);
    expect(answer.options.every((o) => o.overweight_amount === 0)).toBe(true);
  });

  it('gives a signed-in customer their own margin, for one service or all', async () => {
    const rows = demoCatalogueRows();
    const customer = randomUUID();
    const express = rows.services.find((s) => s.name === 'EXPRESS DOMESTIC')!;
    rows.markups.push(
      { id: randomUUID(), serviceId: null, userId: customer, percentBp: 500, fixedCentavos: 0, updatedAt: new Date() },
      { id: randomUUID(), serviceId: express.id, userId: customer, percentBp: 0, fixedCentavos: 1000, updatedAt: new Date() },
    );
    const quoting = quotingWith({ snapshot: demoSnapshot(rows) });
    const caller = { id: customer, rol: 'user' as const, sessionId: randomUUID() };
    const mine = await quoting.quote(request(), caller);
    const visitor = await quoting.quote(request(), null);
    const price = (a: QuoteResponse, name: string) => a.options.find((o) => o.carrier_service_name === name)!.total_amount;
    expect(price(mine, 'EXPRESS DOMESTIC')).toBe(259); // 249.00 + 10.00 fixed, no percentage
    expect(price(mine, 'ESTANDAR')).toBe(135.45); // 129.00 + 5 %
    expect(price(visitor, 'ESTANDAR')).toBe(144.48); // 129.00 + 12 %
  });
});

describe('package types', () => {
  it('a sobre up to 1 kg pays the flat document price of services that carry documents', async () => {
    const answer = await quotingWith().quote(request({ package_type: 'document', parcels: [{ depth: 1, width: 25, height: 1, weight: 0.5 }] }), null);
    const express = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(express.services[0]).toMatchObject({ service_name: 'Tarifa de sobre (1 kg)', price: 166.88 });
    expect(answer.options.map((o) => o.carrier_service_name)).not.toContain('ECONOMY SELECT DOMESTIC');
  });

  it('a pallet is quoted only by services that carry pallets', async () => {
    const answer = await quotingWith().quote(request({ package_type: 'pallet', parcels: [{ depth: 120, width: 100, height: 150, weight: 300 }] }), null);
    expect(answer.options.map((o) => o.carrier_service_name).sort()).toEqual(['FEDEX 2DAY FREIGHT', 'TERRESTRE']);
  });
});

describe('international', () => {
  it('quotes DHL and FedEx by zone to the United States', async () => {
    const answer = await quotingWith().quote(request({ destination_direction: { country_code: 'US', postal_code: '90210', city: 'Beverly Hills' } }), null);
    expect(answer.options.map((o) => o.carrier_service_name).sort()).toEqual([
      'EXPRESS WORLDWIDE',
      'FEDEX INTERNATIONAL ECONOMY',
      'FEDEX INTERNATIONAL PRIORITY',
    ]);
    expect(answer.options.every((o) => !o.is_remote)).toBe(true);
  });

  it('costs more to farther zones', async () => {
    const quoting = quotingWith();
    const to = async (country: string, postal: string) =>
      (await quoting.quote(request({ destination_direction: { country_code: country, postal_code: postal } }), null)).options.find(
        (o) => o.carrier_service_name === 'EXPRESS WORLDWIDE',
      )!.total_amount;
    expect(await to('US', '10001')).toBeLessThan(await to('ES', '28001'));
    expect(await to('ES', '28001')).toBeLessThan(await to('JP', '100-0001'));
  });

  it('needs no postal code where the country uses none, and offers nothing where we do not deliver', async () => {
    expect((await quotingWith().quote(request({ destination_direction: { country_code: 'HK', postal_code: '-' } }), null)).options.length).toBeGreaterThan(0);
    expect((await quotingWith().quote(request({ destination_direction: { country_code: 'AQ', postal_code: 'X1' } }), null)).options).toEqual([]);
  });
});

describe('bad inputs', () => {
  it('names an unknown, malformed or foreign-origin postal code', async () => {
    const unknown = await failure(quotingWith().quote(request({ destination_direction: { country_code: 'MX', postal_code: '99999' } }), null));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'quotes.unknown_postal_code', errors: [{ path: 'destination_direction.postal_code' }] });
    const letters = await failure(quotingWith().quote(request({ origin_direction: { country_code: 'MX', postal_code: '44a00' } }), null));
    expect(letters).toMatchObject({ code: 'quotes.invalid_postal_code', errors: [{ path: 'origin_direction.postal_code' }] });
    expect(letters.message).toBe('El código postal de origen «44a00» no es válido para México; por ejemplo: 44100.');
    const abroad = await failure(quotingWith().quote(request({ origin_direction: { country_code: 'US', postal_code: '90210' } }), null));
    expect(abroad.errors![0]!.path).toBe('origin_direction.country_code');
    const usBad = await failure(quotingWith().quote(request({ destination_direction: { country_code: 'US', postal_code: 'ABC' } }), null));
    expect(usBad.message).toContain('no es válido para Estados Unidos; por ejemplo: 90210');
    const country = await failure(quotingWith().quote(request({ destination_direction: { country_code: 'ZZ', postal_code: '12345' } }), null));
    expect(country.errors![0]!.path).toBe('destination_direction.country_code');
  });

  it('refuses a parcel heavier than every service can carry, naming it', async () => {
    const heavy = await failure(
      quotingWith().quote(request({ parcels: [base.parcels[0]!, { depth: 10, width: 10, height: 10, weight: 1500 }], cantidadGuias: 2 }), null),
    );
    expect(heavy).toMatchObject({ statusCode: 400, code: 'quotes.too_heavy', errors: [{ path: 'parcels.1.weight' }] });
    expect(heavy.message).toBe('El paquete 2 pesa 1500 kg y supera el máximo de 1000 kg que aceptan nuestros servicios para este tipo de envío.');
    const bulky = await failure(quotingWith().quote(request({ parcels: [{ depth: 300, width: 300, height: 100, weight: 5 }] }), null));
    expect(bulky.errors![0]!.path).toBe('parcels.0');
    expect(bulky.message).toContain('por sus medidas se cobra como 1800 kg (peso volumétrico)');
  });

  it('drops only the services a parcel is too heavy for', async () => {
    const answer = await quotingWith().quote(request({ parcels: [{ depth: 30, width: 30, height: 30, weight: 6 }] }), null);
    expect(answer.options.map((o) => o.carrier_service_name)).not.toContain('EXPRESS DOMESTIC FLAT');
    expect(answer.options.length).toBeGreaterThan(5);
  });

  it('refuses more parcels than guides (a guide carries one parcel)', async () => {
    const error = await failure(quotingWith().quote(request({ parcels: [base.parcels[0]!, base.parcels[0]!], cantidadGuias: 1 }), null));
    expect(error).toMatchObject({ code: 'quotes.too_many_parcels', errors: [{ path: 'cantidadGuias' }] });
  });
});

describe('carrier adapters in parallel', () => {
  const hanging: CarrierAdapter = { carrierCode: 'dhl', source: 'api', inMemory: false, rate: () => new Promise(() => undefined) };
  const failing: CarrierAdapter = {
    carrierCode: 'fedex',
    source: 'api',
    inMemory: false,
    rate: async () => {
      throw new Error('FedEx respondió 503');
    },
  };

  it('a hanging carrier API is cut at its time limit: the others answer and it is reported unavailable', async () => {
    const started = performance.now();
    const answer = await quotingWith({ api: { dhl: hanging, fedex: failing }, timeoutMs: 150 }).quote(request(), null);
    const elapsed = performance.now() - started;
    // Loose bound here; the bench measures the exact figure (timeout + 50 ms).
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(150 + 500);
    expect(answer.unavailable_carriers).toEqual([
      {
        carrier_code: 'dhl',
        carrier: 'DHL',
        reason: 'timeout',
        message: 'DHL no respondió a tiempo; intenta cotizar de nuevo en unos minutos para ver sus opciones.',
      },
      { carrier_code: 'fedex', carrier: 'FedEx', reason: 'error', message: expect.stringContaining('FedEx no está disponible en este momento') },
    ]);
    // DHL services without an API product code still come from our tariffs.
    const dhl = answer.options.filter((o) => o.carrier_code === 'dhl').map((o) => o.carrier_service_name);
    expect(dhl.sort()).toEqual(['EXPRESS DOMESTIC DINAMICA', 'EXPRESS DOMESTIC FLAT']);
    expect(answer.options.some((o) => o.carrier_code === 'estafeta')).toBe(true);
    expect(answer.options.filter((o) => o.carrier_code === 'fedex')).toEqual([]);
  });

  it('uses the carrier API’s price and transit days for the services it rates', async () => {
    const snapshot = demoSnapshot();
    const express = snapshot.services.find((s) => s.name === 'EXPRESS DOMESTIC')!;
    const api: CarrierAdapter = {
      carrierCode: 'dhl',
      source: 'api',
      inMemory: false,
      rate: async (req) =>
        req.services
          .filter((s) => s.id === express.id)
          .map((s) => ({
            serviceId: s.id,
            transitDays: 2,
            costs: req.parcels.map(() => ({ billableKg: 3, baseCentavos: 200_00, extraCentavos: 0, extraKg: 0, remoteCentavos: 0, isRemote: false })),
          })),
    };
    const answer = await quotingWith({ snapshot, api: { dhl: api } }).quote(request(), null);
    expect(answer.options.find((o) => o.service_id === express.id)).toMatchObject({
      source: 'api',
      total_amount: 224,
      total_transit_days: 2,
      estimated_delivery: '2026-01-19',
    });
  });
});

describe('properties of the price', () => {
  const quoting = quotingWith();
  const parcel = fc.record({
    depth: fc.integer({ min: 1, max: 120 }),
    width: fc.integer({ min: 1, max: 120 }),
    height: fc.integer({ min: 1, max: 120 }),
    weight: fc.integer({ min: 1, max: 700 }).map((w) => w / 10),
  });
  const destination = fc.constantFrom('06600', '45100', '64000', '77000', '22000', '97000');

  async function quoteOrNothing(input: Partial<QuoteRequestInput>): Promise<QuoteResponse['options']> {
    try {
      return (await quoting.quote(request(input), null)).options;
    } catch (error) {
      if (error instanceof AppError && error.code === 'quotes.too_heavy') return [];
      throw error;
    }
  }

  it('never falls for any service when the parcel grows in weight or in any measure', async () => {
    await fc.assert(
      fc.asyncProperty(
        parcel,
        destination,
        fc.constantFrom('depth', 'width', 'height', 'weight'),
        fc.integer({ min: 1, max: 60 }),
        async (p, to, field, grow) => {
          const bigger = { ...p, [field]: field === 'weight' ? Math.round((p.weight + grow / 10) * 10) / 10 : p[field] + grow };
          const destination_direction = { country_code: 'MX', postal_code: to };
          const small = await quoteOrNothing({ parcels: [p], destination_direction });
          const large = await quoteOrNothing({ parcels: [bigger], destination_direction });
          for (const option of large) {
            const before = small.find((o) => o.service_id === option.service_id);
            // A bigger parcel never opens a service the smaller one did not have.
            expect(before, option.carrier_service_name).toBeDefined();
            expect(cents(option.total_amount)).toBeGreaterThanOrEqual(cents(before!.total_amount));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('total = price per guide × guides + overweight, to the centavo, and the lines add up to it', async () => {
    await fc.assert(
      fc.asyncProperty(
        parcel,
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 5_000_00 }),
        fc.option(fc.integer({ min: 1, max: 100_000_00 })),
        async (p, guides, owed, insured) => {
          const q = quotingWith({ overweight: async () => owed });
          let answer: QuoteResponse;
          try {
            answer = await q.quote(
              request({
                parcels: [p],
                cantidadGuias: guides,
                ...(insured === null ? {} : { insured_value: insured / 100, insured_value_currency: 'MXN' as const }),
              }),
              { id: randomUUID(), rol: 'user', sessionId: randomUUID() },
            );
          } catch (error) {
            if (error instanceof AppError && error.code === 'quotes.too_heavy') return;
            throw error;
          }
          for (const o of answer.options) {
            expect(cents(o.total_amount)).toBe(cents(o.price_per_guide!) * guides + owed);
            expect(cents(o.net_total_amount)).toBe(cents(o.price_per_guide!) * guides);
            expect(o.services.reduce((sum, l) => sum + cents(l.amount), 0)).toBe(cents(o.total_amount));
            for (const l of o.services) expect(cents(l.amount)).toBe(cents(l.price) * l.quantity);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('bills the volumetric weight when it is larger than the real one', async () => {
    await fc.assert(
      fc.asyncProperty(parcel, fc.integer({ min: 1, max: 5 }), async (p, guides) => {
        const options = await quoteOrNothing({ parcels: [p], cantidadGuias: guides });
        for (const o of options) {
          expect(o.billable_weight_kg).toBe(billableWeightKg(p) * guides);
          expect(o.services[0]!.service_name).toBe(`Tarifa base (${billableWeightKg(p)} kg)`);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('orders the options by total, ascending, whatever the quote', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(parcel, { minLength: 1, maxLength: 3 }), destination, fc.integer({ min: 0, max: 5 }), async (parcels, to, extraGuides) => {
        const options = await quoteOrNothing({
          parcels,
          cantidadGuias: parcels.length + extraGuides,
          destination_direction: { country_code: 'MX', postal_code: to },
        });
        for (let i = 1; i < options.length; i++) expect(cents(options[i]!.total_amount)).toBeGreaterThanOrEqual(cents(options[i - 1]!.total_amount));
      }),
      { numRuns: 100 },
    );
  });

  it('guides of different parcels are priced each, and the breakdown says so', async () => {
    const answer = await quoting.quote(
      request({
        parcels: [
          { depth: 10, width: 10, height: 10, weight: 2 },
          { depth: 40, width: 40, height: 40, weight: 12 },
        ],
        cantidadGuias: 3,
      }),
      null,
    );
    const option = answer.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC')!;
    expect(option.price_per_guide).toBeNull();
    expect(option.billable_weight_kg).toBe(2 + 13 + 2);
    expect(option.services.filter((l) => l.code === 'base').map((l) => [l.service_name, l.quantity])).toEqual([
      ['Tarifa base (2 kg)', 2],
      ['Tarifa base (13 kg)', 1],
    ]);
  });
});

describe('kept answers', () => {
  it('a quote asked a second time within a minute is kept: the next ones get that same (frozen) answer; after the minute, a new one is computed', async () => {
    const quoting = quotingWith();
    const once = await quoting.quote(request(), null);
    expect(Object.isFrozen(once)).toBe(false);
    const first = await quoting.quote(request(), null);
    const again = await quoting.quote(request(), null);
    expect(again).toBe(first);
    expect(Object.isFrozen(first.options[0])).toBe(true);
    clock.advance(61_000);
    const later = await quoting.quote(request(), null);
    expect(later).not.toBe(first);
    expect(later.quoted_at).not.toBe(first.quoted_at);
    expect(later.options).toEqual(first.options);
  });

  it('with caching off, the same quote asked again is computed again, never kept nor frozen', async () => {
    const quoting = quotingWith({ caching: false });
    const answers = [await quoting.quote(request(), null), await quoting.quote(request(), null), await quoting.quote(request(), null)];
    expect(answers[2]).not.toBe(answers[1]);
    expect(answers.some((a) => Object.isFrozen(a))).toBe(false);
    expect(answers[2]!.options).toEqual(answers[0]!.options);
  });

  it('another caller, overweight, parcel or destination is another answer', async () => {
    let owed = 0;
    const quoting = quotingWith({ overweight: async () => owed });
    const caller = { id: randomUUID(), rol: 'user' as const, sessionId: randomUUID() };
    await quoting.quote(request(), null);
    const visitor = await quoting.quote(request(), null);
    // Kept: any quote that shared its key would get this very answer.
    expect(await quoting.quote(request(), null)).toBe(visitor);
    await quoting.quote(request(), caller);
    const signedIn = await quoting.quote(request(), caller);
    expect(signedIn).not.toBe(visitor);
    owed = cents(50);
    const owing = await quoting.quote(request(), caller);
    expect(owing.options[0]!.total_amount).toBe(signedIn.options[0]!.total_amount + 50);
    const heavier = await quoting.quote(request({ parcels: [{ depth: 30, width: 20, height: 15, weight: 8 }] }), null);
    expect(heavier).not.toBe(visitor);
    const elsewhere = await quoting.quote(request({ destination_direction: { country_code: 'MX', postal_code: '64000' } }), null);
    expect(elsewhere).not.toBe(visitor);
  });
});
