import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The admin the e2e server seeds (scripts/e2e.ts, playwright.config.ts). */
export const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };

export async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/v1/login', { data: ADMIN });
  expect(response.ok()).toBeTruthy();
}

const origin = {
  full_name: 'Ana López',
  email: 'ana@correo.test',
  phone: '3312345678',
  address: 'Av. Juárez',
  number: '100',
  colony: 'Guadalajara Centro',
  postal_code: '44100',
  city: 'Jalisco, Guadalajara',
};
const parcel = { depth: 20, width: 30, height: 15, weight: 3 };

/**
 * Quotes 44100 → 06700 and creates `guides` shipments (one each) for the signed-in caller with the
 * cheapest option; the recipient is called `name`. Answers the created shipments' ids.
 */
export async function createShipments(request: APIRequestContext, name: string, guides: number): Promise<string[]> {
  const quote = await request.post('/api/v1/quoting', {
    data: {
      origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
      destination_direction: { country_code: 'MX', postal_code: '06700', city: 'Ciudad de México', suburb: 'Roma Norte', state_short: 'CDMX' },
      parcels: [parcel],
      package_type: 'box',
      cantidadGuias: guides,
    },
  });
  expect(quote.ok()).toBeTruthy();
  const cheapest = ((await quote.json()) as { options: { service_id: string; net_total_amount: number }[] }).options[0]!;
  const created = await request.post('/api/v1/shipments', {
    data: {
      selected_service: { service_id: cheapest.service_id, net_total_amount: cheapest.net_total_amount },
      shipment_type: 'box',
      parcels: [parcel],
      cantidadGuias: guides,
      origin_direction: origin,
      destination_direction: {
        full_name: name,
        email: 'luis@correo.test',
        phone: '5512345678',
        address: 'Calle Roma',
        number: '25',
        colony: 'Roma Norte',
        postal_code: '06700',
        city: 'Ciudad de México, Ciudad de México',
        state_short: 'CDMX',
      },
      description_of_the_content: 'Ropa',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { shipments: { _id: string }[] }).shipments.map((s) => s._id);
}
