import { describe, expect, it } from 'vitest';
import type { CarrierCode } from '@envios/contracts/carriers';
import { quoteRequestSchema, type QuoteRequestInput } from '@envios/contracts/quotes';
import { AppError } from '../../shared/errors.js';
import { demoSnapshot } from '../../testing/catalogue.js';
import type { CarrierAdapter } from '../carriers/adapters/carrier-adapter.js';
import { createTariffAdapter } from '../carriers/adapters/tariff-adapter.js';
import type { CarrierSources, RatePlace } from '../carriers/carriers.usecases.js';
import { groupGuides, planQuote } from './quote-plan.js';

const catalogue = demoSnapshot();
const place = (postalCode: string, stateShort: string): RatePlace => ({ countryCode: 'MX', postalCode, city: '', suburb: '', stateShort });
const guadalajara = place('44100', 'JAL');
const laPazRural = place('23880', 'BCS');
const shipPlan = { shipDate: '2026-01-15', shipDateTimeLocal: '2026-01-15T11:15:00' };
const liveDhl: CarrierAdapter = { carrierCode: 'dhl', source: 'api', inMemory: false, rate: async () => [] };

function sources(withLiveDhl = false) {
  return (code: CarrierCode): CarrierSources => ({
    tariffs: createTariffAdapter(code, () => catalogue),
    ...(withLiveDhl && code === 'dhl' ? { api: liveDhl } : {}),
  });
}

const request = (overrides: Partial<QuoteRequestInput> = {}) =>
  quoteRequestSchema.parse({
    origin_direction: { country_code: 'MX', postal_code: '44100' },
    destination_direction: { country_code: 'MX', postal_code: '23880' },
    parcels: [{ depth: 30, width: 20, height: 15, weight: 3 }],
    package_type: 'box',
    cantidadGuias: 1,
    ...overrides,
  });

describe('planning a quote', () => {
  it('asks each carrier once for its services that carry the parcels, from tariffs only', () => {
    const plan = planQuote({ request: request(), origin: guadalajara, destination: laPazRural, catalogue, shipPlan, sourcesFor: sources() })!;
    expect(plan.inMemoryOnly).toBe(true);
    expect(plan.tasks.map((t) => t.carrier.code)).toEqual([...new Set(plan.tasks.map((t) => t.carrier.code))]);
    for (const task of plan.tasks) {
      const services = task.request.services.map((s) => catalogue.serviceById.get(s.id)!);
      expect(services.every((s) => s.carrierCode === task.carrier.code && s.scope === 'domestic')).toBe(true);
    }
  });

  it('decides the remote-area rule once per carrier: 23880 is on the lists of DHL, FedEx and Estafeta only', () => {
    const plan = planQuote({ request: request(), origin: guadalajara, destination: laPazRural, catalogue, shipPlan, sourcesFor: sources() })!;
    const remote = Object.fromEntries(plan.tasks.map((t) => [t.carrier.code, t.request.destinationIsRemote]));
    expect(remote).toEqual({ dhl: true, fedex: true, estafeta: true, redpack: false, ampm: false });
    const abroad = planQuote({
      request: request({ destination_direction: { country_code: 'US', postal_code: '23880' } }),
      origin: guadalajara,
      destination: { countryCode: 'US', postalCode: '23880', city: '', suburb: '', stateShort: '' },
      catalogue,
      shipPlan,
      sourcesFor: sources(),
    })!;
    // The same digits abroad are never a remote area.
    expect(abroad.tasks.every((t) => !t.request.destinationIsRemote)).toBe(true);
  });

  it('sends a carrier’s API the services it knows and prices the rest from tariffs', () => {
    const plan = planQuote({ request: request(), origin: guadalajara, destination: laPazRural, catalogue, shipPlan, sourcesFor: sources(true) })!;
    const dhl = plan.tasks.filter((t) => t.carrier.code === 'dhl');
    expect(dhl.some((t) => t.adapter === liveDhl && t.request.services.every((s) => s.externalCode))).toBe(true);
    expect(dhl.filter((t) => t.adapter !== liveDhl).every((t) => t.request.services.every((s) => !s.externalCode))).toBe(true);
    expect(plan.inMemoryOnly).toBe(false);
  });

  it('plans nothing for a destination no carrier serves', () => {
    const antarctica = { countryCode: 'AQ', postalCode: '', city: '', suburb: '', stateShort: '' };
    expect(
      planQuote({
        request: request({ destination_direction: { country_code: 'AQ', postal_code: 'X1' } }),
        origin: guadalajara,
        destination: antarctica,
        catalogue,
        shipPlan,
        sourcesFor: sources(),
      }),
    ).toBeUndefined();
  });

  it('refuses parcels no service carries, naming the heaviest', () => {
    const heavy = request({
      parcels: [
        { depth: 10, width: 10, height: 10, weight: 2 },
        { depth: 10, width: 10, height: 10, weight: 1900 },
      ],
      cantidadGuias: 2,
    });
    let error: unknown;
    try {
      planQuote({ request: heavy, origin: guadalajara, destination: laPazRural, catalogue, shipPlan, sourcesFor: sources() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errors?.[0]?.path).toBe('parcels.1.weight');
  });

  it('prices equal guides once: the parcel list repeats until each guide has one', () => {
    const a = { depth: 10, width: 10, height: 10, weight: 1 };
    const b = { depth: 20, width: 10, height: 10, weight: 4 };
    expect(groupGuides([a], 5)).toEqual([{ parcel: a, guides: 5 }]);
    expect(groupGuides([a, b], 5)).toEqual([
      { parcel: a, guides: 3 },
      { parcel: b, guides: 2 },
    ]);
  });
});
