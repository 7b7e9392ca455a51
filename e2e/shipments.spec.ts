import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Issue 5 "My shipments" and "Detail and edit": shipments made through the API, then found,
 * filtered, duplicated, deleted, opened and re-quoted in the browser.
 */
const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };
// Other journeys may leave shipments of the same admin: ours carry this tag in the recipient's name.
const tag = `E2E${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

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

async function signIn(page: Page) {
  const response = await page.request.post('/api/v1/login', { data: ADMIN });
  expect(response.ok()).toBeTruthy();
}

/** Quotes 44100 → 06700 and creates `guides` shipments (one each) with the cheapest option. */
async function createShipments(request: APIRequestContext, name: string, guides: number) {
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
}

async function filterBy(page: Page, keyword: string) {
  await page.goto('/shipments');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(keyword);
  await page.getByRole('textbox', { name: 'Buscar' }).press('Enter');
  await expect(page.getByRole('group', { name: 'Palabras clave' }).getByText(keyword)).toBeVisible();
}

function dataRows(page: Page) {
  return page.getByRole('table', { name: 'Mis envíos' }).getByRole('row').filter({ has: page.getByRole('checkbox') }).filter({ hasNot: page.getByRole('columnheader') });
}

test('filter, bulk duplicate and bulk delete', async ({ page }) => {
  await signIn(page);
  await createShipments(page.request, `${tag} Lote`, 3);

  await filterBy(page, `${tag} Lote`);
  await expect(page).toHaveURL(/keywords=/);
  await expect(dataRows(page)).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Estatus de pago' }).selectOption({ label: 'Pagado' });
  await expect(page.getByText('Ningún envío coincide con tus filtros.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Estatus de pago' }).selectOption({ label: 'Guía sin pago' });
  await expect(dataRows(page)).toHaveCount(3);
  await expect(page.getByText('Sin numero de guia')).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Seleccionar todos' }).check();
  await page.getByRole('button', { name: 'Duplicar' }).click();
  await expect(page.getByText('Envios duplicados exitosamente.')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(6);

  // The newest first: the three copies lead the list.
  for (let i = 0; i < 3; i += 1) await dataRows(page).nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Está seguro?' });
  await expect(confirm.getByText('Está seguro de eliminar este registro?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('Envios eliminados exitosamente.')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(3);
  // The message goes away after 5 seconds.
  await expect(page.getByText('Envios eliminados exitosamente.')).toBeHidden({ timeout: 8_000 });
});

test('open a detail, change the destination postal code, re-quote and keep the new service', async ({ page }) => {
  await signIn(page);
  await createShipments(page.request, `${tag} Detalle`, 1);

  await filterBy(page, `${tag} Detalle`);
  await dataRows(page).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles De Envio' })).toBeVisible();
  const service = page.getByRole('region', { name: 'Servicio seleccionado' });
  const before = (await service.getByRole('paragraph').first().textContent()) ?? '';
  await expect(page.getByRole('link', { name: 'Pagar' })).toBeVisible();

  await page.getByRole('link', { name: 'Editar destino' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A dónde envías?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aplicar Cambios' })).toBeVisible();
  const code = page.getByRole('combobox', { name: /Código postal/ });
  await code.fill('');
  await code.pressSequentially('06760');
  await page.getByRole('option', { name: /^06760 - Roma Sur/ }).click();
  await expect(page.getByRole('textbox', { name: /Estado, Ciudad/ })).toHaveValue(/Ciudad de México/);
  await page.getByRole('button', { name: 'Seleccionar Paquetería' }).click();

  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible();
  // Another service than the current one: the new choice must show in the detail.
  const cards = options.getByRole('article');
  const names = (await cards.getByRole('heading', { level: 3 }).allTextContents()).map((n) => n.trim());
  const index = names.findIndex((n) => !n.endsWith(before.trim()));
  expect(index).toBeGreaterThanOrEqual(0);
  const chosen = names[index]!;
  await cards.nth(index).getByRole('button', { name: /^Elegir con / }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Detalles De Envio' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Destino' }).getByText('Roma Sur, CP 06760')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Servicio seleccionado' })).toContainText(chosen.replace(/^\S+\s/, ''));
});
