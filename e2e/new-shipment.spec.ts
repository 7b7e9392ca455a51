import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Issue 5 item 1, 'Nuevo envío': the dashboard's four steps with a saved address and two guides
 * (44100 → 06600) up to 'Resumen de Compra', 'Anterior' deleting what was created; and the public
 * variant from the home quote through /service-providers to the purchase summary.
 */
const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };
const stamp = Date.now().toString(36).slice(-5);
const savedName = `Bodega ${stamp}`;

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page) {
  const response = await page.request.post('/api/v1/login', { data: ADMIN });
  expect(response.ok()).toBeTruthy();
}

async function fillPerson(side: Locator, who: { name: string; email: string; phone: string; street: string; number: string }) {
  await side.getByRole('textbox', { name: 'Nombre completo' }).fill(who.name);
  await side.getByRole('textbox', { name: 'Correo electrónico' }).fill(who.email);
  await side.getByRole('textbox', { name: 'Teléfono' }).fill(who.phone);
  await side.getByRole('textbox', { name: 'Calle' }).fill(who.street);
  await side.getByRole('textbox', { name: 'Número exterior' }).fill(who.number);
}

async function chooseCheapest(page: Page): Promise<string> {
  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible({ timeout: 20_000 });
  const send = options.getByRole('button', { name: /^Enviar con / }).first();
  const name = ((await send.getAttribute('aria-label')) ?? (await send.textContent()) ?? '').replace(/^Enviar con /, '');
  await send.click();
  return name;
}

test('dashboard: a saved origin, 06600 and two guides up to the purchase summary; Anterior deletes them', async ({ page }) => {
  await signIn(page);
  const saved = await page.request.post('/api/v1/locations-user', {
    data: {
      name: savedName,
      email: 'bodega@correo.test',
      phone: '3312345678',
      address: 'Av. Juárez',
      number: '100',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      country_code: 'MX',
    },
  });
  expect(saved.ok()).toBeTruthy();

  await page.goto('/dashboard/shipment/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo envío' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cotiza tu envío' })).toBeVisible();

  // Step 1: the origin from the saved addresses, the destination by postal code.
  await page.getByRole('combobox', { name: 'Dirección guardada de origen' }).click();
  await page.getByRole('option', { name: new RegExp(savedName) }).click();
  await expect(page.getByRole('combobox', { name: 'Código postal de origen' })).toHaveValue('44100');
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('06600');
  await expect(page.getByText('Juárez, Ciudad de México, CDMX')).toBeVisible();
  await page.getByRole('textbox', { name: 'Número de guías' }).fill('2');
  await page.getByRole('spinbutton', { name: 'Largo (cm)' }).fill('30');
  await page.getByRole('spinbutton', { name: 'Alto (cm)' }).fill('15');
  await page.getByRole('spinbutton', { name: 'Ancho (cm)' }).fill('20');
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('3');
  await page.getByRole('button', { name: 'Cotizar!' }).click();

  // Step 2: the provider selector, quoted for two guides.
  await expect(page.getByRole('heading', { name: 'Selecciona tu servicio de paquetería' })).toBeVisible();
  await expect(page.getByLabel('Tu cotización')).toContainText('2 guías');
  const service = await chooseCheapest(page);

  // Step 3: the saved address is already there; the postal codes come from the quote.
  await expect(page.getByRole('heading', { name: 'Ingresar direcciones' })).toBeVisible();
  const origin = page.getByRole('group', { name: 'Origen' });
  const destination = page.getByRole('group', { name: 'Destino' });
  await expect(origin.getByRole('textbox', { name: 'Nombre completo' })).toHaveValue(savedName);
  await expect(origin.getByRole('textbox', { name: 'Estado, Ciudad' })).toHaveValue('Jalisco, Guadalajara');
  await expect(origin.getByRole('checkbox', { name: /Solicitar recolección local/ })).toBeVisible();
  await expect(destination.getByRole('textbox', { name: 'Código postal' })).toHaveValue('06600');
  await fillPerson(destination, { name: 'Luis Pérez', email: 'luis@correo.test', phone: '5512345678', street: 'Calle Roma', number: '25' });
  await expect(destination.getByRole('combobox', { name: 'Colonia' })).toHaveValue('Juárez');
  await page.getByRole('textbox', { name: 'Descripción del contenido' }).fill('Ropa');
  const summary = page.getByRole('complementary', { name: 'Resumen del envío' });
  await expect(summary).toContainText('Número de envíos2');
  await expect(summary).toContainText('Peso total6 kg');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Step 4: two shipments with their folios, not yet paid.
  await expect(page.getByRole('heading', { name: 'Resumen de Compra' })).toBeVisible();
  const created = page.getByRole('list', { name: 'Envíos creados' });
  await expect(created.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(service, { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Luis Pérez')).toBeVisible();

  // 'Anterior' deletes both and goes back with everything kept.
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByRole('heading', { name: 'Ingresar direcciones' })).toBeVisible();
  await expect(destination.getByRole('textbox', { name: 'Nombre completo' })).toHaveValue('Luis Pérez');
  const mine = await page.request.get('/api/v1/me');
  const me = (await mine.json()) as { _id: string };
  const list = await page.request.get(`/api/v1/shipments/all/${me._id}`, { params: { keywords: 'Luis Pérez' } });
  expect(((await list.json()) as { count: number }).count).toBe(0);

  // A reload keeps the step and what was typed; then the purchase is made again and left.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ingresar direcciones' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Destino' }).getByRole('textbox', { name: 'Nombre completo' })).toHaveValue('Luis Pérez');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de Compra' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Envíos creados' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Pagar después en Mis Envíos' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
});

test('public: the home quote, /service-providers, Enviar, addresses and the purchase summary', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Código postal de origen' }).pressSequentially('44100');
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('06600');
  await page.getByRole('spinbutton', { name: 'Largo (cm)' }).fill('30');
  await page.getByRole('spinbutton', { name: 'Ancho (cm)' }).fill('20');
  await page.getByRole('spinbutton', { name: 'Alto (cm)' }).fill('15');
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('3');
  await page.getByRole('button', { name: 'Cotizar!' }).click();
  await expect(page).toHaveURL(/\/service-providers$/);
  await chooseCheapest(page);

  await expect(page).toHaveURL(/\/shipment\/new$/);
  await expect(page.getByRole('heading', { name: 'Ingresar direcciones' })).toBeVisible();
  const origin = page.getByRole('group', { name: 'Origen' });
  const destination = page.getByRole('group', { name: 'Destino' });
  await expect(origin.getByRole('textbox', { name: 'Código postal' })).toHaveValue('44100');
  await expect(origin.getByRole('textbox', { name: 'Estado, Ciudad' })).toHaveValue('Jalisco, Guadalajara');
  await fillPerson(origin, { name: 'Ana López', email: 'ana@correo.test', phone: '3312345678', street: 'Av. Juárez', number: '1' });
  await fillPerson(destination, { name: 'Marta Ruiz', email: 'marta@correo.test', phone: '5512345678', street: 'Calle Roma', number: '25' });
  await page.getByRole('textbox', { name: 'Descripción del contenido' }).fill('Libros');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByRole('heading', { name: 'Resumen de Compra' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Envíos creados' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Marta Ruiz')).toBeVisible();
  // The payment method is chosen right here, on 'Resumen de Compra'.
  const payment = page.getByRole('region', { name: 'Método de pago' });
  await expect(payment.getByRole('button', { name: 'Pagar' })).toBeDisabled();
  await payment.getByRole('radio', { name: /^OXXO/ }).check();
  await payment.getByRole('button', { name: 'Generar referencia OXXO' }).click();
  await expect(page).toHaveURL(/\/payments\/result\/success\?.*oxxo=true/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pago Pendiente' })).toBeVisible();
  // The purchase left the wizard: its draft is gone.
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('envios.newShipment.public')));
  expect(kept).toEqual([]);
});
