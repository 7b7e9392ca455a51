import { describe, expect, it } from 'vitest';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { describeItems, normalizePhone, orderWeightAndBox, parcelFor, productWeightKg, splitStreetLine, type PostalLookup } from './order-mapping.js';
import { mapWooOrder as mapOrder, type WooOrderInput } from './platforms/woocommerce/woocommerce-mapping.js';

const place = (postal_code: string, place_name: string, state: string, city: string, state_short: string): PostalSuggestion => ({
  postal_code,
  place_name,
  city,
  municipality: city,
  state,
  state_short,
  country_code: 'MX',
});

const catalogue: Record<string, PostalSuggestion[]> = {
  '44100': [place('44100', 'Guadalajara Centro', 'Jalisco', 'Guadalajara', 'JAL')],
  '44600': [place('44600', 'Ladrón de Guevara', 'Jalisco', 'Guadalajara', 'JAL'), place('44600', 'Santa Teresita', 'Jalisco', 'Guadalajara', 'JAL')],
};
const lookup: PostalLookup = (country, code) => {
  if (country !== 'MX') return country === 'ZZ' ? 'unknown_country' : [{ ...place(code, '', '', '', ''), country_code: country }];
  if (!/^\d{5}$/.test(code)) return 'invalid';
  return catalogue[code] ?? [];
};

function order(shipping: Partial<NonNullable<WooOrderInput['shipping']>> = {}, extra: Partial<WooOrderInput> = {}): WooOrderInput {
  return {
    id: 1201,
    number: '1201',
    status: 'processing',
    currency: 'MXN',
    date_created_gmt: '2025-03-01T18:00:00',
    date_modified_gmt: '2025-03-01T18:05:00',
    total: '549.00',
    customer_note: '',
    billing: { first_name: 'María José', last_name: 'Hernández', email: 'MJ@Correo.mx', phone: '+52 33 1234 5678' },
    shipping: {
      first_name: 'María José',
      last_name: 'Hernández',
      address_1: 'Av. Juárez #123',
      address_2: 'Int. 4',
      city: 'Guadalajara',
      state: 'JA',
      postcode: '44100',
      country: 'MX',
      phone: '',
      ...shipping,
    },
    line_items: [{ name: 'Taza de talavera', product_id: 11, variation_id: 0, quantity: 2, sku: 'TAZ-01' }],
    shipping_lines: [{ method_title: 'Envío estándar' }],
    ...extra,
  };
}

const now = new Date('2025-03-01T18:06:00Z');

describe('mapping a store order to our destination rules', () => {
  it('reads street, number and interior, takes state, city and colony from the postal code, and has no problem', () => {
    const mapped = mapOrder(order(), lookup, now);
    expect(mapped.destination).toEqual({
      full_name: 'María José Hernández',
      email: 'mj@correo.mx',
      phone: '3312345678',
      address: 'Av. Juárez',
      number: '123',
      intNumber: '4',
      reference_of_origin: '',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      state_code: 'JAL',
      state_short: 'JAL',
      country_code: 'MX',
    });
    expect(mapped.problems).toEqual([]);
    expect(mapped.totalCentavos).toBe(54_900);
    expect(mapped.createdAt.toISOString()).toBe('2025-03-01T18:00:00.000Z');
    expect(mapped.searchName).toBe('maria jose hernandez');
  });

  it('keeps an order whose postal code is not in the catalogue, with a blocking problem naming the code', () => {
    const mapped = mapOrder(order({ postcode: '99999' }), lookup, now);
    expect(mapped.destination.postal_code).toBe('99999');
    expect(mapped.problems).toContainEqual({
      field: 'postal_code',
      message: 'El código postal 99999 no existe en el catálogo: corrígelo en el asistente.',
      blocking: true,
    });
  });

  it('asks for the colony when the code has several and the address names none', () => {
    const mapped = mapOrder(order({ postcode: '44600', address_2: '' }), lookup, now);
    expect(mapped.destination.colony).toBe('');
    expect(mapped.problems.map((p) => p.field)).toContain('colony');
  });

  it('finds the colony written in the second line among the code’s settlements, accents and case aside', () => {
    const mapped = mapOrder(order({ postcode: '44600', address_2: 'col. ladron de guevara' }), lookup, now);
    expect(mapped.destination.colony).toBe('Ladrón de Guevara');
    expect(mapped.problems).toEqual([]);
  });

  it('flags a missing exterior number and a missing phone instead of dropping the order', () => {
    const mapped = mapOrder(order({ address_1: 'Calle Hidalgo', address_2: '' }, { billing: { first_name: 'Ana', email: 'ana@correo.mx' } }), lookup, now);
    expect(mapped.problems).toContainEqual({ field: 'number', message: 'Falta el número exterior en la dirección de la tienda.', blocking: true });
    expect(mapped.problems).toContainEqual({ field: 'phone', message: 'Falta el teléfono en la dirección de la tienda.', blocking: true });
  });

  it('uses the billing address when the store sent no shipping address', () => {
    const mapped = mapOrder(
      order(
        { address_1: '', postcode: '' },
        {
          billing: {
            first_name: 'Luis',
            last_name: 'Pérez',
            address_1: 'Morelos 45',
            postcode: '44100',
            country: 'MX',
            phone: '3311112222',
            email: 'l@correo.mx',
          },
        },
      ),
      lookup,
      now,
    );
    expect(mapped.destination).toMatchObject({ full_name: 'Luis Pérez', address: 'Morelos', number: '45', postal_code: '44100' });
  });

  it('notes, without blocking, a state that contradicts the postal code and a street cut to 25 characters', () => {
    const mapped = mapOrder(order({ state: 'NL', address_1: 'Calzada Independencia Sur Poniente 1500' }), lookup, now);
    expect(mapped.destination.address).toBe('Calz. Independencia Sur P');
    expect(mapped.problems.every((p) => !p.blocking)).toBe(true);
    expect(mapped.problems.map((p) => p.field).sort()).toEqual(['address', 'city']);
  });

  it('refuses a country we do not ship to, and a malformed code', () => {
    expect(mapOrder(order({ country: 'ZZ' }), lookup, now).problems[0]!.field).toBe('country_code');
    expect(mapOrder(order({ postcode: 'ABC' }), lookup, now).problems[0]).toMatchObject({ field: 'postal_code', blocking: true });
  });
});

describe('address parts', () => {
  it.each([
    ['Av. Juárez 123', { street: 'Av. Juárez', number: '123', interior: '' }],
    ['Calle 5 de Mayo 45', { street: 'Calle 5 de Mayo', number: '45', interior: '' }],
    ['Juárez No. 123-b, Depto 3', { street: 'Juárez', number: '123-B', interior: '3' }],
    ['Hidalgo s/n', { street: 'Hidalgo', number: 'S/N', interior: '' }],
    ['Av. Tintoreros', { street: 'Av. Tintoreros', number: '', interior: '' }],
  ])('%s', (line, expected) => {
    expect(splitStreetLine(line)).toEqual(expected);
  });

  it('keeps ten digits of a Mexican phone written with its country code', () => {
    expect(normalizePhone('+52 1 (33) 1234-5678')).toBe('3312345678');
    expect(normalizePhone('33 1234 5678')).toBe('3312345678');
  });

  it('describes the items within 35 characters', () => {
    expect(describeItems([{ name: 'Taza', productId: 1, quantity: 2, sku: '' }])).toBe('2 × Taza');
    expect(
      describeItems([
        { name: 'Un producto de nombre muy, muy largo', productId: 1, quantity: 1, sku: '' },
        { name: 'Otro', productId: 2, quantity: 1, sku: '' },
      ]),
    ).toHaveLength(35);
  });
});

describe('weight and parcel', () => {
  it('adds quantity × product weight in kg and stacks the products in one box', () => {
    const products = new Map([
      [11, { weightKg: 0.45, dimensionsCm: { length: 12, width: 10, height: 11 } }],
      [12, { weightKg: 0.25, dimensionsCm: { length: 30, width: 25, height: 3 } }],
    ]);
    const result = orderWeightAndBox(
      [
        { name: 'Taza', productId: 11, quantity: 2, sku: '' },
        { name: 'Playera', productId: 12, quantity: 1, sku: '' },
      ],
      products,
    );
    expect(result).toEqual({ weightKg: 1.15, box: { length: 30, width: 25, height: 23 } });
    expect(parcelFor(result.weightKg, result.box)).toEqual({ width: 30, depth: 25, height: 23, weight: 1.2 });
  });

  it('has no weight when a product has none, and then the parcel is the one-kilo estimate', () => {
    const result = orderWeightAndBox([{ name: 'Tarjeta', productId: 14, quantity: 1, sku: '' }], new Map([[14, { weightKg: null, dimensionsCm: null }]]));
    expect(result).toEqual({ weightKg: null, box: null });
    expect(parcelFor(null, null)).toEqual({ width: 20, depth: 20, height: 15, weight: 1 });
  });

  it('converts the store’s weight unit', () => {
    expect(productWeightKg('450', 'g')).toBe(0.45);
    expect(productWeightKg('2', 'lbs')).toBe(0.907);
    expect(productWeightKg('', 'kg')).toBeNull();
  });
});
