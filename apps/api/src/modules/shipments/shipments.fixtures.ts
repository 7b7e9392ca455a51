import { expect } from 'vitest';
import { cityOnly } from '@envios/contracts/addresses';
import type { QuoteResponse, ShippingOption } from '@envios/contracts/quotes';
import type { Shipment } from '@envios/contracts/shipments';
import type { TestApp } from '../../testing/test-app.js';
import type { SignedIn } from '../../testing/accounts.js';

/** Test data and calls shared by the shipments route tests. */

export const origin = {
  full_name: 'Ana López',
  email: 'ana@correo.test',
  phone: '3312345678',
  address: 'Av. Juárez',
  number: '123',
  intNumber: '',
  reference_of_origin: '',
  colony: 'Guadalajara Centro',
  postal_code: '44100',
  city: 'Jalisco, Guadalajara',
  state_code: 'JAL',
  country_code: 'MX',
};

export const destination = {
  full_name: 'Bruno Díaz',
  email: 'bruno@correo.test',
  phone: '5512345678',
  address: 'Calle Roma',
  number: '45',
  intNumber: '2B',
  reference_of_origin: '',
  colony: 'Juárez',
  postal_code: '06600',
  city: 'Ciudad de México, Cuauhtémoc',
  state_code: 'CDMX',
  country_code: 'MX',
  state_short: 'CDMX',
};

export const box = { depth: 15, width: 30, height: 20, weight: 3 };
export const smallBox = { depth: 10, width: 10, height: 10, weight: 1 };

export type Body = Record<string, unknown> & {
  parcels: (typeof box)[];
  cantidadGuias: number;
  origin_direction: Record<string, unknown>;
  destination_direction: Record<string, unknown>;
  shipment_type: string;
};

export function baseBody(overrides: Partial<Body> = {}): Body {
  return {
    shipment_type: 'box',
    parcels: [box],
    cantidadGuias: 1,
    origin_direction: origin,
    destination_direction: destination,
    description_of_the_content: 'Ropa',
    ...overrides,
  };
}

/** The quote the wizard asks for the same body (city after its comma, colony as suburb). */
export async function quoteFor(t: TestApp, body: Body, who?: SignedIn, insured?: number): Promise<QuoteResponse> {
  const side = (a: Record<string, unknown>) => ({
    country_code: a.country_code,
    postal_code: a.postal_code,
    city: cityOnly(String(a.city)),
    suburb: a.colony,
    ...(a.state_short === undefined ? {} : { state_short: a.state_short }),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/quoting',
    headers: who?.headers ?? {},
    payload: {
      origin_direction: side(body.origin_direction),
      destination_direction: side(body.destination_direction),
      parcels: body.parcels,
      package_type: body.shipment_type,
      cantidadGuias: body.cantidadGuias,
      ...(insured === undefined ? {} : { insured_value: insured, insured_value_currency: 'MXN' }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteResponse>();
}

export function optionNamed(answer: QuoteResponse, name = 'EXPRESS DOMESTIC'): ShippingOption {
  const option = answer.options.find((o) => o.carrier_service_name === name);
  expect(option, `no option ${name}`).toBeDefined();
  return option!;
}

/** A creation body with the service as the quote priced it for this caller. */
export async function pricedBody(
  t: TestApp,
  who: SignedIn,
  overrides: Partial<Body> = {},
  service = 'EXPRESS DOMESTIC',
): Promise<{ body: Body; option: ShippingOption }> {
  const body = baseBody(overrides);
  const insured = body.package_insurance ? (body.insurance_information as { package_value: number }).package_value : undefined;
  const option = optionNamed(await quoteFor(t, body, who, insured), service);
  return { body: { ...body, selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount } }, option };
}

export async function createShipments(t: TestApp, who: SignedIn, body: Body, headers: Record<string, string> = {}): Promise<Shipment[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/shipments', headers: { ...who.headers, ...headers }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ shipments: Shipment[] }>().shipments;
}

export async function createOne(t: TestApp, who: SignedIn, overrides: Partial<Body> = {}, service?: string): Promise<Shipment> {
  const { body } = await pricedBody(t, who, overrides, service);
  const [created] = await createShipments(t, who, body);
  return created!;
}

export const cents = (mxn: number) => Math.round(mxn * 100);
