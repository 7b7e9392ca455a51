import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * Issue 17 "Online stores": a new seller with no store connects the demo store from
 * Integraciones, an order placed in it reaches Mis Envíos › E-Commerce, 'Generar Guia' opens the
 * wizard pre-filled with it, the guide is paid with the wallet, and the demo store's order shows
 * the note with the carrier, guide number and tracking link.
 */
const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };
const stamp = Date.now().toString(36);
const person = { firstName: 'Tere', lastName: `Tienda${stamp.slice(-4)}`, email: `tienda.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };

test.describe.configure({ mode: 'serial' });

async function pageSignedInAs(browser: Browser, who: { email: string; password: string }, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

async function fillPerson(side: Locator, who: { name: string; email: string; phone: string; street: string; number: string }) {
  await side.getByRole('textbox', { name: 'Nombre completo' }).fill(who.name);
  await side.getByRole('textbox', { name: 'Correo electrónico' }).fill(who.email);
  await side.getByRole('textbox', { name: 'Teléfono' }).fill(who.phone);
  await side.getByRole('textbox', { name: 'Calle' }).fill(who.street);
  await side.getByRole('textbox', { name: 'Número exterior' }).fill(who.number);
}

let orderNumber = '';
let customer = '';

test('a new seller connects the demo store from Integraciones', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...person, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const userId = ((await created.json()) as { _id: string })._id;
  const credit = await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { userId, cantidadAbonar: 2000 } });
  expect(credit.ok(), await credit.text()).toBeTruthy();
  await admin.context().close();

  const page = await pageSignedInAs(browser, person);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Integraciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integraciones' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Desconectada', exact: true })).not.toBeChecked();
  await expect(page.getByText('no son tiendas reales y nada se vende')).toBeVisible();
  await page.getByRole('button', { name: 'Conectar la tienda demo de WooCommerce' }).click();

  // The demo store's consent page, labelled as a simulation.
  await expect(page).toHaveURL(/\/tienda-demo\/wc-auth\/v1\/authorize\?/);
  await expect(page.getByText('Simulación: no es una tienda real')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Envíos MX (Tienda demo) quiere conectarse a tu tienda' })).toBeVisible();
  await page.getByRole('button', { name: 'Aprobar' }).click();

  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByText('Tu tienda quedó conectada.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Conectada', exact: true })).toBeChecked();
  const store = page.getByRole('region', { name: 'Tienda demo' });
  await expect(store.getByText('Conectada', { exact: true })).toBeVisible();
  // Our webhooks get set up on the demo store in the background.
  await expect(store.getByText('Configurando los avisos de pedidos en tu tienda…')).toBeHidden({ timeout: 20_000 });
  await page.context().close();
});

test('an order placed in the demo store appears in Mis Envíos › E-Commerce within seconds', async ({ browser }) => {
  const page = await pageSignedInAs(browser, person);
  await page.goto('/tienda-demo');
  await expect(page.getByText('Tienda de demostración (sandbox)')).toBeVisible();
  await page.getByRole('button', { name: 'Hacer un pedido de prueba' }).click();
  const receipt = page.getByRole('status').filter({ hasText: 'recibido en la tienda' });
  await expect(receipt).toBeVisible();
  const [, number, name] = /Pedido #(\d+) de (.+) recibido en la tienda\./.exec((await receipt.textContent()) ?? '') ?? [];
  orderNumber = number!;
  customer = name!;

  await page.getByRole('link', { name: 'Ver pedidos en Envíos MX' }).click();
  await expect(page.getByRole('tab', { name: 'E-Commerce', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pedidos de tu tienda' });
  const row = table.getByRole('row').filter({ hasText: `Pedido #${orderNumber}` });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(customer);
  await expect(row).toContainText('Sin guía');

  // The name filter applies above two characters.
  await page.getByRole('textbox', { name: 'Buscar por nombre' }).fill(customer.slice(0, 4));
  await expect(row).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar por nombre' }).fill('zzzz');
  await expect(page.getByText('Ningún pedido coincide con ese nombre.')).toBeVisible();
  await page.context().close();
});

test("'Generar Guia' opens the wizard pre-filled; the guide is paid with the wallet and the note reaches the store's order", async ({ browser }) => {
  const page = await pageSignedInAs(browser, person);
  await page.goto('/shipments?tab=ecommerce');
  await page.getByRole('link', { name: new RegExp(`^Generar Guia del pedido ${orderNumber} `) }).click();

  await expect(page.getByText(`Guía para el pedido #${orderNumber} de Tienda demo`)).toBeVisible();
  // Destination and parcel come from the order; the origin is the seller's.
  await expect(page.getByRole('combobox', { name: 'Código postal de destino' })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Peso (kg)' })).not.toHaveValue('');
  const originCode = page.getByRole('combobox', { name: 'Código postal de origen' });
  await originCode.pressSequentially('44100');
  // The origin's own confirmation: the order's destination may be in Guadalajara too.
  await expect(originCode).toHaveAccessibleDescription(/Guadalajara Centro, Guadalajara, JAL/);
  // Leave the postal-code box (its list closes) before quoting, as a person would.
  await page.getByRole('combobox', { name: 'Código postal de origen' }).press('Tab');
  await page.getByRole('button', { name: 'Cotizar!' }).click();

  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible({ timeout: 20_000 });
  await options
    .getByRole('button', { name: /^Enviar con / })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: 'Ingresar direcciones' })).toBeVisible();
  const origin = page.getByRole('group', { name: 'Origen' });
  const destination = page.getByRole('group', { name: 'Destino' });
  await expect(destination.getByRole('textbox', { name: 'Nombre completo' })).toHaveValue(customer);
  await expect(page.getByRole('textbox', { name: 'Descripción del contenido' })).not.toHaveValue('');
  await fillPerson(origin, { name: 'Tere Tienda', email: person.email, phone: person.phone, street: 'Av. Juárez', number: '10' });
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByRole('heading', { name: 'Resumen de Compra' })).toBeVisible();
  // The payment method is chosen right in the summary.
  const methods = page.getByRole('region', { name: 'Método de pago' });
  await methods.getByRole('radio', { name: /Monedero electrónico/ }).check();
  await methods.getByRole('button', { name: 'Pagar con Monedero' }).click();
  await expect(page).toHaveURL(/\/payments\/result\/success\?.*monedero=true/);

  // From the result, the links a person follows: Mis Envíos, then its E-Commerce tab. The guide is
  // issued by a background job; the tab shows it once it is there, without a reload.
  await page.getByRole('link', { name: 'Mis Envíos' }).click();
  await page.getByRole('tab', { name: 'E-Commerce' }).click();
  const row = page
    .getByRole('table', { name: 'Pedidos de tu tienda' })
    .getByRole('row')
    .filter({ hasText: `Pedido #${orderNumber}` });
  const guideLink = row.getByRole('link', { name: /^Rastrear la guía / });
  await expect(guideLink).toBeVisible({ timeout: 30_000 });
  const guide = ((await guideLink.getAttribute('aria-label')) ?? '').replace('Rastrear la guía ', '');
  expect(guide).not.toBe('');

  // The store itself (another site): the note written back to the order names the guide.
  await page.goto('/tienda-demo');
  const order = page.getByRole('article', { name: new RegExp(`Pedido #${orderNumber} ·`) });
  await expect(order.getByText(/^Tu pedido ya tiene guía de envío con /)).toBeVisible({ timeout: 30_000 });
  const note = (await order.getByText(/^Tu pedido ya tiene guía de envío con /).textContent()) ?? '';
  expect(note).toContain(`Número de guía: ${guide}.`);
  expect(note).toContain(`/rastreo/${guide}`);
  await expect(order.getByText('Nota para el cliente')).toBeVisible();
  await expect(order.getByRole('link', { name: guide })).toBeVisible();
  await page.context().close();
});

test('on a phone the E-Commerce tab and Integraciones fit the screen', async ({ browser }) => {
  const page = await pageSignedInAs(browser, person, { width: 390, height: 844 });
  await page.goto('/shipments?tab=ecommerce');
  await expect(page.getByRole('article', { name: new RegExp(`Pedido ${orderNumber} de`) })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto('/integrations');
  await expect(page.getByRole('region', { name: 'Tienda demo' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.context().close();
});
