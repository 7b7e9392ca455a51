import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, createShipments } from './support/shipments';

/**
 * Issue 14, what a seller sees, in Chromium: the spec's API as its tables name it, a purchase
 * paid from 'Resumen de Compra' on a phone, one tracking state everywhere, the wallet results,
 * the quote form's three error cases and 'Bloquear compras'.
 */
const stamp = Date.now().toString(36);
const seller = { firstName: 'Valeria', lastName: `Vendedora${stamp.slice(-4)}`, email: `val.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, who: { email: string; password: string }, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(inner);
}

let userId = '';
let guide = '';

test('setup: an admin creates and credits the seller', async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN, { width: 1366, height: 900 });
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...seller, rol: 'user' } });
  expect(created.status(), await created.text()).toBe(201);
  userId = ((await created.json()) as { _id: string })._id;
  expect((await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { cantidadAbonar: 3000, userId } })).ok()).toBeTruthy();
  await admin.context().close();
});

test("the spec's API as written: a saved address with the joined `address` and a document quoted with its weight alone", async ({ browser }) => {
  const page = await signedIn(browser, seller);
  const saved = await page.request.post('/api/v1/locations-user', {
    data: {
      name: 'Bodega Centro',
      email: 'bodega@correo.test',
      phone: '3312345678',
      address: 'Av. Juárez, 100, 4B',
      colony: 'Guadalajara Centro',
      reference_of_origin: 'Portón azul',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      user: userId,
      country_code: 'MX',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(await saved.json()).toMatchObject({ address: 'Av. Juárez, 100, 4B', street: 'Av. Juárez', number: '100', intNumber: '4B' });

  const quote = await page.request.post('/api/v1/quoting', {
    data: {
      origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
      destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Ciudad de México', suburb: 'Juárez', state_short: 'CDMX' },
      parcels: [{ weight: 0.5 }],
      package_type: 'document',
      cantidadGuias: 1,
      user: userId,
    },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  expect(((await quote.json()) as { options: unknown[] }).options.length).toBeGreaterThan(0);

  // The address book shows it on a phone, as a card with its actions.
  await page.goto('/addresses');
  const card = page.getByRole('table', { name: 'Direcciones guardadas' }).getByRole('row').filter({ hasText: 'Bodega Centro' });
  await expect(card.getByText('Av. Juárez, 100, 4B')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Editar Bodega Centro' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.context().close();
});

test("a phone purchase paid from 'Resumen de Compra' ends on 'Pago exitoso' naming the guide, then one tracking state everywhere", async ({ browser }) => {
  const page = await signedIn(browser, seller);
  await page.goto('/dashboard/shipment/new');
  await page.getByRole('combobox', { name: 'Dirección guardada de origen' }).click();
  await page.getByRole('option', { name: /Bodega Centro/ }).click();
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('06600');
  await expect(page.getByText('Juárez, Ciudad de México, CDMX')).toBeVisible();
  await page.getByRole('radio', { name: 'Sobre' }).check();
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('0.5');
  await page.getByRole('button', { name: 'Cotizar!' }).click();

  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible({ timeout: 20_000 });
  // Redpack (a guide from the inventory): its guide is issued within seconds in the sandbox.
  await options.getByRole('button', { name: /^Enviar con Redpack/ }).click();

  await expect(page.getByRole('heading', { name: 'Ingresar direcciones' })).toBeVisible();
  const destination = page.getByRole('group', { name: 'Destino' });
  await destination.getByRole('textbox', { name: 'Nombre completo' }).fill('Luis Pérez');
  await destination.getByRole('textbox', { name: 'Correo electrónico' }).fill('luis@correo.test');
  await destination.getByRole('textbox', { name: 'Teléfono' }).fill('5512345678');
  await destination.getByRole('textbox', { name: 'Calle' }).fill('Calle Roma');
  await destination.getByRole('textbox', { name: 'Número exterior' }).fill('25');
  await page.getByRole('textbox', { name: 'Descripción del contenido' }).fill('Contratos');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // The summary step: destination, service, total and the payment method choice, all here.
  await expect(page.getByRole('heading', { name: 'Resumen de Compra' })).toBeVisible();
  await expect(page.getByText('Paso 4 de 4 · Pago')).toBeVisible();
  await expect(page.getByText('Luis Pérez')).toBeVisible();
  await expect(page.getByTestId('purchase-total')).toHaveText(/^MX\$\d{1,3}(,\d{3})*\.\d{2}$/);
  const methods = page.getByRole('region', { name: 'Método de pago' });
  await expect(methods.getByRole('radio', { name: /Monedero electrónico/ })).toBeVisible();
  await noSidewaysScroll(page);
  // The draft survives a reload until it is paid.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Resumen de Compra' })).toBeVisible();
  await methods.getByRole('radio', { name: /Monedero electrónico/ }).check();
  await methods.getByRole('button', { name: 'Pagar con Monedero' }).click();

  await expect(page).toHaveURL(/\/payments\/result\/success\?.*monedero=true/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeVisible();
  await expect(page.getByText('Pago Pendiente')).toHaveCount(0);
  const guides = page.getByRole('list', { name: 'Guías en proceso' });
  await expect(guides.getByText(/^Folio \d+ · Luis Pérez$/)).toBeVisible();
  const guideLink = guides.getByRole('link', { name: /^Guía / });
  await expect(guideLink).toBeVisible({ timeout: 30_000 });
  guide = ((await guideLink.textContent()) ?? '').replace('Guía ', '').trim();
  expect(guide).not.toBe('');
  await noSidewaysScroll(page);
  // One tracking state: Mis Envíos, the public page and the modal say the same.
  await page.getByRole('link', { name: 'Mis Envíos' }).click();
  const row = page.getByRole('table', { name: 'Mis envíos' }).getByRole('row').filter({ hasText: guide });
  await expect(row.getByText('Sin movimientos')).toBeVisible();
  await row.getByRole('link', { name: `Guía creada, rastrear la guía ${guide}` }).click();
  await expect(page).toHaveURL(new RegExp(`/rastreo/${guide}$`));
  await expect(page.getByTestId('tracking-headline')).toHaveText('Guía creada');
  await expect(page.getByTestId('tracking-no-events')).toContainText('Sin movimientos');
  await noSidewaysScroll(page);
  await page.goBack();

  await page.getByRole('button', { name: 'Rastrear' }).click();
  await page.getByRole('textbox', { name: 'Rastrea tu envío' }).fill(guide);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Resultado del Envío' });
  await expect(modal.getByTestId('tracking-status')).toHaveText('Guía creada');
  await expect(modal.getByTestId('tracking-no-events')).toContainText('Sin movimientos');
  await expect(modal.getByText(/ENTREGADO|tránsito/i)).toHaveCount(0);
  // Paid: the wizard forgot its draft (a fresh visit starts at the quote).
  await page.goto('/dashboard/shipment/new');
  await expect(page.getByRole('heading', { name: 'Cotiza tu envío' })).toBeVisible();
  await page.context().close();
});

test('a top-up paid with PayPal (sandbox) speaks of the credited balance, and its movement has its own folio', async ({ browser }) => {
  const page = await signedIn(browser, seller, { width: 1366, height: 900 });
  await page.goto('/prepaid/new');
  await page.getByRole('textbox', { name: /Monto a abonar/ }).fill('250.50');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('top-up-total')).toHaveText('MX$250.50');
  await page.getByRole('radio', { name: /^PayPal/ }).check();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.getByRole('button', { name: /Aprobar/ }).click();
  await expect(page).toHaveURL(/\/payments\/result\/success/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeVisible();
  await expect(page.getByText('Abonamos MX$250.50 a tu Monedero electrónico.')).toBeVisible();
  await expect(page.getByTestId('wallet-balance-after')).toContainText('Tu saldo disponible: MX$');
  await expect(page.getByRole('main').getByText(/guía/i)).toHaveCount(0);

  await page.getByRole('link', { name: 'Ir al Monedero' }).click();
  const movements = page.getByRole('table', { name: 'Movimientos del monedero' });
  await expect(
    movements
      .getByRole('row')
      .filter({ hasText: 'MX$250.50' })
      .getByText(/^MON-\d+$/),
  ).toBeVisible();
  // The charge of the purchase above names the shipment it paid.
  await expect(
    movements
      .getByRole('row')
      .filter({ hasText: 'Cargo' })
      .getByRole('link', { name: /^Envío \d+$/ }),
  ).toBeVisible();
  await page.context().close();
});

test('the quote form never fails silently: no service, the real weight limit, and no error before typing for Sobre', async ({ page }) => {
  await page.goto('/');
  const origin = page.getByRole('combobox', { name: 'Código postal de origen' });
  await origin.pressSequentially('441');
  const originList = page.getByRole('listbox', { name: 'Sugerencias de código postal de origen' });
  await originList.getByRole('option').first().click();
  // Focusing the box again shows its suggestions again.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(originList).toBeHidden();
  await origin.click();
  await expect(originList.getByRole('option').first()).toBeVisible();
  await origin.press('Escape');

  // Sobre: only the weight is asked, and nothing is red before it is typed.
  await page.getByRole('radio', { name: /Sobre/ }).check();
  await expect(page.getByText('El peso es obligatorio.')).toHaveCount(0);

  // A pallet abroad: no service covers it, and the page says so with the support phone.
  await page.getByLabel('País de destino').selectOption('US');
  const lookedUp = page.waitForResponse((r) => r.url().includes('/api/v1/postalcodes?search=90210'));
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('90210');
  await lookedUp;
  // The code typed is the only suggestion: it counts as chosen and the list gets out of the way.
  await expect(page.getByRole('listbox', { name: 'Sugerencias de código postal de destino' })).toBeHidden();
  await page.getByRole('radio', { name: /Tarima/ }).check();
  await page.getByRole('spinbutton', { name: 'Largo (cm)' }).fill('120');
  await page.getByRole('spinbutton', { name: 'Ancho (cm)' }).fill('100');
  await page.getByRole('spinbutton', { name: 'Alto (cm)' }).fill('100');
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('300');
  await page.getByRole('button', { name: 'Cotizar!' }).click();
  await expect(page).toHaveURL(/\/service-providers$/);
  await expect(page.getByText(/No tenemos el servicio disponible para mas informacion llamar al/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: /\d{2} \d{4} \d{4}/ }).first()).toBeVisible();

  // 1,500 kg, as Mexico writes it: quoted, and refused with the services' real limit.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('combobox', { name: 'Código postal de origen' }).pressSequentially('44100');
  const destinationLookedUp = page.waitForResponse((r) => r.url().includes('/api/v1/postalcodes?search=06600'));
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('06600');
  await destinationLookedUp;
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: /Tarima/ }).check();
  await page.getByRole('spinbutton', { name: 'Largo (cm)' }).fill('120');
  await page.getByRole('spinbutton', { name: 'Ancho (cm)' }).fill('100');
  await page.getByRole('spinbutton', { name: 'Alto (cm)' }).fill('100');
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('1,500');
  await expect(page.getByText('El peso es obligatorio.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cotizar!' }).click();
  await expect(page).toHaveURL(/\/service-providers$/);
  await expect(page.getByText(/pesa 1500 kg y supera el máximo de 1000 kg/)).toBeVisible({ timeout: 20_000 });
});

test("'Bloquear compras' lets the person sign in and quote, and refuses buying saying why; the whole-account lock is apart", async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN, { width: 1366, height: 900 });
  await admin.goto('/users');
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(seller.email);
  const row = admin.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: seller.email });
  await row.getByRole('button', { name: `Bloquear compras a ${seller.firstName} ${seller.lastName}` }).click();
  await expect(row.getByText('Compras bloqueadas')).toBeVisible();
  await expect(row.getByText('Activo')).toBeVisible();
  await expect(row.getByRole('button', { name: `Bloquear la cuenta de ${seller.firstName} ${seller.lastName}` })).toBeVisible();

  // Signing in through the form still works.
  const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX' });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(seller.email);
  await page.getByLabel(/^Contraseña/).fill(seller.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/(shipments|dashboard)/);

  // Quoting works; picking a service explains the block.
  await page.goto('/dashboard/shipment/new');
  await page.getByRole('combobox', { name: 'Código postal de origen' }).pressSequentially('44100');
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('06600');
  await page.getByRole('radio', { name: 'Sobre' }).check();
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('1');
  await page.getByRole('button', { name: 'Cotizar!' }).click();
  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible({ timeout: 20_000 });
  await options
    .getByRole('button', { name: /^Enviar con / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Tu cuenta tiene las compras bloqueadas' });
  await expect(dialog.getByText(/puedes cotizar y consultar tus envíos, pero no comprar guías/)).toBeVisible();

  // The server refuses it too, with the same reason.
  const refused = await page.request.post('/api/v1/prepaid', { data: { amount: 100 } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'accounts.purchases_blocked' });

  await row.getByRole('button', { name: `Permitir compras a ${seller.firstName} ${seller.lastName}` }).click();
  await expect(row.getByText('Compras bloqueadas')).toHaveCount(0);
  await context.close();
  await admin.context().close();
});

test('GET /shipments/references/{reference}: the shipments of an OXXO slip, for its owner and an admin, 404 for anyone else', async ({ browser }) => {
  const page = await signedIn(browser, seller);
  const ids = await createShipments(page.request, 'Marta Ruiz', 1);
  const oxxo = await page.request.post(`/api/v1/payments/conekta/oxxo/${ids[0]}`, { data: {} });
  expect(oxxo.status(), await oxxo.text()).toBe(200);
  const { reference } = (await oxxo.json()) as { reference: string };
  const mine = await page.request.get(`/api/v1/shipments/references/${reference}`);
  expect(mine.status()).toBe(200);
  expect(((await mine.json()) as { _id: string }[]).map((s) => s._id)).toEqual(ids);

  const admin = await signedIn(browser, ADMIN, { width: 1366, height: 900 });
  expect((await admin.request.get(`/api/v1/shipments/references/${reference}`)).status()).toBe(200);
  const other = { firstName: 'Otro', lastName: 'Usuario', email: `otro.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };
  expect((await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...other, rol: 'user' } })).status()).toBe(201);
  const stranger = await signedIn(browser, other);
  expect((await stranger.request.get(`/api/v1/shipments/references/${reference}`)).status()).toBe(404);
  await Promise.all([page.context().close(), admin.context().close(), stranger.context().close()]);
});
