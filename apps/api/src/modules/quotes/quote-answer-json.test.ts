import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARRIER_CODES } from '@envios/contracts/carriers';
import { CHARGE_CODES, quoteResponseSchema, type QuoteResponse } from '@envios/contracts/quotes';
import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';
import { quoteAnswerJson } from './quote-answer-json.js';

/** The contract's own serializer: what the hand-written one must agree with. */
const contract = compiledSerializerCompiler({ schema: quoteResponseSchema });

const text = fc.string({ unit: 'binary', maxLength: 40 });
const money = fc.oneof(
  fc.integer({ min: -100_000, max: 100_000_000 }).map((c) => c / 100),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const day = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const line = fc.record({ code: fc.constantFrom(...CHARGE_CODES), service_name: text, price: money, quantity: fc.integer({ min: 1, max: 100 }), amount: money });
const option = fc.record({
  carrier: text,
  carrier_code: fc.constantFrom(...CARRIER_CODES),
  carrier_service_name: text,
  service_id: fc.uuid(),
  carrier_logo_url: text,
  carrier_logo_url_svg: text,
  total_amount: money,
  net_total_amount: money,
  price_per_guide: fc.option(money, { nil: null }),
  overweight_amount: money,
  guides: fc.integer({ min: 1, max: 100 }),
  currency: fc.constant('MXN' as const),
  date: day,
  estimated_delivery: day,
  total_transit_days: fc.integer({ min: 0, max: 30 }),
  transit_text: text,
  is_remote: fc.boolean(),
  billable_weight_kg: fc.integer({ min: 1, max: 70_000 }),
  source: fc.constantFrom('tariffs' as const, 'api' as const),
  services: fc.array(line, { maxLength: 5 }),
});
const unavailable = fc.record({
  carrier_code: fc.constantFrom(...CARRIER_CODES),
  carrier: text,
  reason: fc.constantFrom('timeout' as const, 'error' as const),
  message: text,
});
const answer: fc.Arbitrary<QuoteResponse> = fc.record({
  options: fc.array(option, { maxLength: 20 }),
  unavailable_carriers: fc.array(unavailable, { maxLength: 5 }),
  guides: fc.integer({ min: 1, max: 100 }),
  quoted_at: fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2099-12-31') }).map((d) => d.toISOString()),
});

describe("the quote's answer written by hand", () => {
  it("says exactly what the contract's serializer says, on any answer", () => {
    fc.assert(
      fc.property(answer, (a) => {
        const bytes = quoteAnswerJson(a);
        expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(contract(a)));
      }),
      { numRuns: 500 },
    );
  });

  it('writes only ASCII, so its bytes are its characters', () => {
    fc.assert(
      fc.property(answer, (a) => {
        expect(quoteAnswerJson(a).every((byte) => byte < 0x80)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('lets no field outside the contract leave, on the answer or its options', () => {
    const sample = fc.sample(
      answer.filter((a) => a.options.length > 0 && a.options[0]!.services.length > 0),
      { numRuns: 1, seed: 7 },
    )[0]!;
    const withExtras = {
      ...sample,
      internal: 'secreto',
      options: sample.options.map((o) => ({ ...o, cost_centavos: 123, services: o.services.map((s) => ({ ...s, margin: 1 })) })),
    } as QuoteResponse;
    const parsed = JSON.parse(quoteAnswerJson(withExtras).toString('utf8')) as Record<string, unknown>;
    expect(parsed).toEqual(JSON.parse(contract(sample)));
  });

  it('writes a service again when the catalogue renamed it', () => {
    const sample = fc.sample(
      answer.filter((a) => a.options.length > 0),
      { numRuns: 1, seed: 11 },
    )[0]!;
    quoteAnswerJson(sample);
    const renamed = {
      ...sample,
      options: sample.options.map((o) => ({ ...o, carrier_service_name: `${o.carrier_service_name} PLUS`, transit_text: 'Al día siguiente' })),
    };
    expect(JSON.parse(quoteAnswerJson(renamed).toString('utf8'))).toEqual(JSON.parse(contract(renamed)));
  });
});
