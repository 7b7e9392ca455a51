import { expect, test, type Browser, type Page } from '@playwright/test';
import { startExtraServer } from './support/extra-server';
import { openFromMenu, startAtMyShipments } from './support/navigation';
import { ADMIN, createShipments } from './support/shipments';

/**
 * Issue 27, what a seller sees, second pass: an open OXXO reference is never invisible, overweight
 * says what happened, periods accept an end after today, the statistics add up, help on every
 * page, the phone first, and the owner's launch checklist.
 */
const stamp = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, who: { email: string; password: string }, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

async function newSeller(browser: Browser, name: string, credit: number): Promise<{ email: string; password: string; id: string }> {
  const admin = await signedIn(browser, ADMIN, WIDE);
  const who = {
    firstName: name,
    lastName: `Prueba${stamp.slice(-4)}`,
    email: `${name.toLowerCase()}.${stamp}@correo.test`,
    phone: '3312345678',
    password: 'Clave123',
  };
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...who, rol: 'user' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { _id: string })._id;
  if (credit > 0) expect((await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { cantidadAbonar: credit, userId: id } })).ok()).toBeTruthy();
  await admin.context().close();
  return { email: who.email, password: who.password, id };
}

/** Today and tomorrow in Mexico City, as YYYY-MM-DD. */
function mexicoDays(): { today: string; tomorrow: string } {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(d);
  return { today: day(new Date()), tomorrow: day(new Date(Date.now() + 86_400_000)) };
}

const mxn = (pesos: number) => `MX$${pesos.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('1. an open OXXO reference shows in Mis Envíos, the detail and the payment page; choosing another method offers to cancel it', async ({ browser }) => {
  const seller = await newSeller(browser, 'Olga', 1000);
  const page = await signedIn(browser, seller);
  const [shipmentId] = await createShipments(page.request, `Olga Oxxo ${stamp}`, 1);
  const opened = await page.request.post(`/api/v1/payments/conekta/oxxo/${shipmentId}`, { data: {} });
  expect(opened.status(), await opened.text()).toBe(200);
  const { reference, amount } = (await opened.json()) as { reference: string; amount: number };

  // The admin's general report finds the shipment by its reference and shows it in «Referencia».
  const admin = await signedIn(browser, ADMIN, WIDE);
  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Reporte General');
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(reference);
  await admin.getByRole('textbox', { name: 'Buscar' }).press('Enter');
  const reportRow = admin.getByRole('table', { name: 'Reporte general de envíos' }).getByRole('row').filter({ hasText: seller.email });
  await expect(reportRow).toHaveCount(1);
  await expect(reportRow).toContainText(`Ref. ${reference}`);
  await admin.context().close();

  // Mis Envíos: the row says a reference is open, with its number, amount, slip and cancel.
  await startAtMyShipments(page);
  const card = page
    .getByRole('table', { name: 'Mis envíos' })
    .getByRole('row')
    .filter({ hasText: `Olga Oxxo ${stamp}` });
  await expect(card).toContainText('Referencia OXXO abierta');
  await expect(card).toContainText(reference);
  await expect(card).toContainText(mxn(amount));
  await expect(card.getByRole('link', { name: /Ver ficha/ })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancelar referencia' })).toBeVisible();

  // The detail says the same.
  await card.getByRole('link', { name: /^Olga Oxxo/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles del envío' })).toBeVisible();
  const detail = page.getByRole('region', { name: 'Pago abierto' });
  await expect(detail).toContainText(reference);
  await expect(detail).toContainText(mxn(amount));
  await expect(detail).toContainText(/Vence el /);
  await expect(detail.getByRole('link', { name: 'Ver ficha de pago' })).toHaveAttribute('href', `/shipping/cash_barcode?references=${reference}`);

  // The payment page: the reference first; another method asks to cancel it or to pay on purpose.
  await page.getByRole('link', { name: 'Pagar', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Pago abierto' })).toContainText(reference);
  await page.getByRole('radio', { name: /Monedero electrónico/ }).check();
  const warning = page.getByRole('alert').filter({ hasText: 'tiene una referencia OXXO abierta' });
  await expect(warning).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pagar con Monedero' });
  await expect(pay).toBeDisabled();
  await warning.getByRole('button', { name: 'Cancelar referencia' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancelar la referencia OXXO' });
  await confirm.getByRole('button', { name: 'Sí, cancelar la referencia' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cancelamos la referencia' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pago abierto' })).toHaveCount(0);
  await expect(pay).toBeEnabled();
  await page.context().close();
});

test('1b. paying with another method while a reference is open is a deliberate choice, and money that still arrives goes to the wallet', async ({
  browser,
}) => {
  const seller = await newSeller(browser, 'Paula', 1000);
  const page = await signedIn(browser, seller);
  const [shipmentId] = await createShipments(page.request, `Paula Doble ${stamp}`, 1);
  const opened = (await (await page.request.post(`/api/v1/payments/conekta/oxxo/${shipmentId}`, { data: {} })).json()) as {
    reference: string;
    payment_id: string;
  };
  await page.goto(`/payments/${shipmentId}`);
  await page.getByRole('radio', { name: /Monedero electrónico/ }).check();
  const pay = page.getByRole('button', { name: 'Pagar con Monedero' });
  await expect(pay).toBeDisabled();
  await page.getByRole('checkbox', { name: /Pagar de todos modos/ }).check();
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeVisible();

  // Paid, and the reference is still open: Mis Envíos keeps saying so, with the way to cancel it.
  await startAtMyShipments(page);
  const card = page
    .getByRole('table', { name: 'Mis envíos' })
    .getByRole('row')
    .filter({ hasText: `Paula Doble ${stamp}` });
  await expect(card).toContainText('Pagado');
  await expect(card).toContainText(opened.reference);
  await expect(card.getByRole('button', { name: 'Cancelar referencia' })).toBeVisible();

  // The reference is paid at the store anyway: the money goes to the wallet, with its reason.
  const admin = await signedIn(browser, ADMIN, WIDE);
  expect((await admin.request.post(`/api/v1/admin/payments/${opened.payment_id}/sandbox/paid`)).status()).toBe(200);
  await admin.context().close();
  await page.goto('/prepaids');
  await expect(page.getByText(/ya estaba pagado/i).first()).toBeVisible();
  await page.context().close();
});

test('2. an overweight says it was charged from the wallet and how to contest it, or that it waits for the next purchase', async ({ browser }) => {
  const covered = await newSeller(browser, 'Carla', 1000);
  const page = await signedIn(browser, covered);
  const [shipmentId] = await createShipments(page.request, `Carla Peso ${stamp}`, 1);
  expect((await page.request.post('/api/v1/payments/many/monedero', { data: { shipments: [shipmentId] } })).ok()).toBeTruthy();
  const admin = await signedIn(browser, ADMIN, WIDE);
  const recorded = await admin.request.put(`/api/v1/shipments/${shipmentId}`, { data: { overweight: 2, cost_overweight: 50 } });
  expect(recorded.status(), await recorded.text()).toBe(200);

  const charged = 'Se cobró MX$50.00 de tu Monedero por sobrepeso';
  const contest = 'si no estás de acuerdo, pide una aclaración y, si la aceptamos, te lo devolvemos';
  await page.goto(`/shipments/${shipmentId}`);
  const panel = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Sobrepeso', exact: true }) })
    .last();
  await expect(panel).toContainText(charged);
  await expect(panel).toContainText(contest);
  await page.goto('/overweight');
  await expect(page.getByText('mientras la revisamos no se cobra')).toHaveCount(0);

  // The e-mail says the same.
  const mail = (await (await admin.request.get(`/api/v1/outbox?recipient=${encodeURIComponent(covered.email)}`)).json()) as {
    docs: { subject: string; text: string }[];
  };
  const overweightMail = mail.docs.find((m) => m.subject.includes('sobrepeso'));
  expect(overweightMail?.text).toContain(charged);
  expect(overweightMail?.text).toContain(contest);

  // A client following the specification pays it again right after: 200 with the paid state.
  const again = await page.request.post(`/api/v1/prepaid/payOverWeight/${shipmentId}`);
  expect(again.status(), await again.text()).toBe(200);
  expect(await again.json()).toMatchObject({ message: 'ok', amount: 50, already_paid: true });

  // A wallet that does not cover it: the overweight waits for the next purchase, and says so.
  const short = await newSeller(browser, 'Sara', 0);
  const shortPage = await signedIn(browser, short);
  const [shortShipment] = await createShipments(shortPage.request, `Sara Peso ${stamp}`, 1);
  const total = ((await (await shortPage.request.get(`/api/v1/shipments/${shortShipment}`)).json()) as { selected_service: { total_amount: number } })
    .selected_service.total_amount;
  await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { cantidadAbonar: total, userId: short.id } });
  expect((await shortPage.request.post('/api/v1/payments/many/monedero', { data: { shipments: [shortShipment] } })).ok()).toBeTruthy();
  expect((await admin.request.put(`/api/v1/shipments/${shortShipment}`, { data: { overweight: 1, cost_overweight: 40 } })).status()).toBe(200);
  await shortPage.goto(`/shipments/${shortShipment}`);
  await expect(shortPage.getByText(/queda pendiente para tu siguiente compra/).first()).toBeVisible();
  await admin.context().close();
  await shortPage.context().close();
  await page.context().close();
});

test('3. the report periods accept an end date after today: the period simply ends now', async ({ browser }) => {
  const { today, tomorrow } = mexicoDays();
  const admin = await signedIn(browser, ADMIN, WIDE);
  const period = await admin.request.get(`/api/v1/shipments/period?date_ini=${today}&date_fin=${tomorrow}T23:59:59&limit=10&page=1`);
  expect(period.status(), await period.text()).toBe(200);
  expect(((await period.json()) as { count: number }).count).toBeGreaterThan(0);
  const overweight = await admin.request.get(`/api/v1/overweight/all?date_ini=${today}&date_fin=${tomorrow}`);
  expect(overweight.status(), await overweight.text()).toBe(200);

  // The report opened with that address lists today's shipments instead of an error.
  await admin.goto(`/general_report?date_ini=${today}&date_fin=${tomorrow}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Reporte General' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Reporte general de envíos' }).getByRole('row').nth(1)).toBeVisible();
  await expect(admin.getByText('no puede ser posterior a hoy')).toHaveCount(0);
  await admin.context().close();
});

test('4. «Envíos por paquetería» counts paid guides only, and every amount has 2 decimals', async ({ browser }) => {
  const seller = await newSeller(browser, 'Esteban', 1000);
  const page = await signedIn(browser, seller, WIDE);
  const ids = await createShipments(page.request, `Esteban Stats ${stamp}`, 3);
  expect((await page.request.post('/api/v1/payments/many/monedero', { data: { shipments: [ids[0]] } })).ok()).toBeTruthy();
  const paid = ((await (await page.request.get(`/api/v1/shipments/${ids[0]}`)).json()) as { selected_service: { total_amount: number } }).selected_service
    .total_amount;
  await page.goto('/dashboard');
  const carriers = page.getByRole('table', { name: 'Envíos por paquetería' });
  const money = mxn(paid).replace(/[$.]/g, '\\$&');
  await expect(carriers.getByRole('row').filter({ hasText: 'Total' })).toHaveText(new RegExp(`^Total\\s*1\\s*${money}$`));
  const texts = await page.locator('#contenido').innerText();
  expect(texts).not.toMatch(/MX\$[\d,]+\.\d{3}/);
  await page.context().close();
});

test('5. help is one tap away on the signed-in pages, and the signed-in contact form confirms on screen', async ({ browser }) => {
  const seller = await newSeller(browser, 'Hugo', 0);
  for (const viewport of [WIDE, PHONE]) {
    const page = await signedIn(browser, seller, viewport);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis estadísticas' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Escríbenos por WhatsApp/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Llámanos al/ })).toBeVisible();
    await page.context().close();
  }
  const page = await signedIn(browser, seller);
  await page.goto('/contactanos');
  // Name, e-mail and phone come from the account; the company and its site are asked (every field is required).
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(seller.email);
  await page.getByRole('textbox', { name: 'Empresa' }).fill('Papelería Hugo');
  await page.getByRole('textbox', { name: 'Sitio web o red social' }).fill('https://papeleria-hugo.mx');
  await page.getByRole('radio', { name: 'No, todavía no' }).check();
  await page.getByRole('textbox', { name: 'Comentarios' }).fill('Necesito ayuda para imprimir mi guía en el teléfono.');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByRole('status').filter({ hasText: 'Recibimos tu mensaje' })).toBeVisible();
  await page.context().close();
});

test('6. the phone first: the first price in view after Cotizar!, the list before the filters, the name in the drawer, no early errors, one postal-code box', async ({
  browser,
}) => {
  const seller = await newSeller(browser, 'Fernanda', 0);

  // The home: a box the visitor types into stays the same element (focus and screen readers stay on it).
  const visitor = await browser.newContext({ viewport: PHONE, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const home = await visitor.newPage();
  await home.goto('/');
  await home.waitForLoadState('networkidle');
  const origin = home.getByRole('combobox', { name: 'Código postal de origen' });
  await origin.evaluate((el) => el.setAttribute('data-e2e-mark', 'origin'));
  await origin.click();
  await home.keyboard.type('44100', { delay: 120 });
  await expect(home.locator('[data-e2e-mark="origin"]')).toHaveValue('44100');
  await expect(home.locator('[data-e2e-mark="origin"]')).toBeFocused();
  const destination = home.getByRole('combobox', { name: 'Código postal de destino' });
  await destination.evaluate((el) => el.setAttribute('data-e2e-mark', 'destination'));
  await destination.click();
  await home.keyboard.type('06700', { delay: 120 });
  await expect(home.locator('[data-e2e-mark="destination"]')).toHaveValue('06700');
  await home.getByRole('radio', { name: /Sobre/ }).check();
  // Insurance ticked: no error before the seller types, and the hint names the one missing field.
  await home.getByRole('checkbox', { name: 'Asegurar mi envío' }).check();
  await expect(home.getByRole('spinbutton', { name: /Valor a asegurar/ }).or(home.getByRole('textbox', { name: /Valor a asegurar/ }))).toBeVisible();
  await home.getByRole('textbox', { name: 'Peso (kg)' }).fill('0.5');
  await expect(home.locator('.mantine-InputWrapper-error')).toHaveCount(0);
  await expect(home.getByText('Para cotizar falta el valor a asegurar.')).toBeVisible();
  await home.getByRole('checkbox', { name: 'Asegurar mi envío' }).uncheck();
  await home.getByRole('button', { name: 'Cotizar!' }).click();
  await expect(home).toHaveURL(/\/service-providers$/);
  const firstPrice = home
    .getByRole('list', { name: 'Opciones de envío' })
    .getByRole('article')
    .first()
    .getByText(/^Total:/)
    .locator('..');
  await expect(firstPrice).toBeInViewport({ timeout: 20_000 });
  await visitor.close();

  // The wizard's quote too.
  const page = await signedIn(browser, seller);
  await page.goto('/dashboard/shipment/new');
  await page.getByRole('combobox', { name: 'Código postal de origen' }).pressSequentially('44100');
  await expect(page.getByText(/Guadalajara Centro/).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('06700');
  await expect(page.getByText(/Roma Norte/).first()).toBeVisible();
  await page.getByRole('radio', { name: 'Sobre' }).check();
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('0.5');
  await page.getByRole('button', { name: 'Cotizar!' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Opciones de envío' })
      .getByRole('article')
      .first()
      .getByText(/^Total:/)
      .locator('..'),
  ).toBeInViewport({ timeout: 20_000 });

  // Mis Envíos opens with the list; the filters fold behind one «Filtros» button that counts them.
  await createShipments(page.request, `Fernanda Lista ${stamp}`, 1);
  await page.goto('/shipments');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Envíos' })).toBeVisible();
  const filters = page.getByRole('button', { name: /^Filtros/ });
  await expect(filters).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Buscar' })).toBeHidden();
  await expect(
    page
      .getByRole('table', { name: 'Mis envíos' })
      .getByRole('row')
      .filter({ hasText: `Fernanda Lista ${stamp}` }),
  ).toBeInViewport();
  await filters.click();
  await page.getByRole('combobox', { name: 'Estatus de pago' }).selectOption({ label: 'Guía sin pago' });
  await expect(page.getByRole('button', { name: /^Filtros \(1\)/ })).toBeVisible();

  // The account menu in the drawer of the public pages shows the person's name.
  await page.goto('/preguntas-frecuentes');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('dialog').getByText(`Fernanda Prueba${stamp.slice(-4)}`)).toBeVisible();
  await page.context().close();
});

test('8. the admin sees what still runs on demo values, and the terms show the date the owner sets', async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN, WIDE);
  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Lanzamiento', 'Lista para el lanzamiento');
  const list = admin.getByRole('list', { name: 'Pendientes antes de vender' });
  for (const name of [
    'SUPPORT_PHONE',
    'WHATSAPP_NUMBER',
    'COMPANY_LEGAL_NAME',
    'COMPANY_ADDRESS',
    'COMPANY_RFC',
    'TERMS_DATE',
    'PAYPAL_CLIENT_ID',
    'CONEKTA_API_KEY',
    'SMTP_URL',
    'METRICS_TOKEN',
    'DHL_API_KEY',
    'FEDEX_CLIENT_ID',
  ]) {
    await expect(list.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }
  await expect(list.getByRole('listitem').filter({ hasText: 'SUPPORT_PHONE' })).toContainText('Cómo configurarlo');
  await admin.context().close();

  // A seller never reaches it.
  const seller = await newSeller(browser, 'Ines', 0);
  const page = await signedIn(browser, seller);
  expect((await page.request.get('/api/v1/admin/launch-checklist')).status()).toBe(403);
  await page.context().close();

  // With the owner's values the terms carry their date and the checklist no longer names them; with
  // the payments switched off (no keys, no sandbox) the footer promises none of them.
  const extra = await startExtraServer({ TERMS_DATE: '2026-03-15', SUPPORT_PHONE: '33 9876 5432', WHATSAPP_NUMBER: '5213398765432', PAYMENTS_SANDBOX: '0' });
  try {
    const context = await browser.newContext({ viewport: WIDE, locale: 'es-MX', baseURL: extra.baseURL });
    const terms = await context.newPage();
    await terms.goto('/terminos-de-servicio');
    await expect(terms.getByText('Última actualización: 15/03/2026')).toBeVisible();
    const footer = terms.getByRole('contentinfo');
    await expect(footer.getByText('Los pagos en línea aún no están disponibles.')).toBeVisible();
    await expect(footer.getByText('OXXO')).toHaveCount(0);
    await expect(footer.getByText('Números de demostración')).toHaveCount(0);
    const login = await terms.request.post('/api/v1/login', { data: ADMIN });
    expect(login.ok()).toBeTruthy();
    const checklist = (await (await terms.request.get('/api/v1/admin/launch-checklist')).json()) as { items: { setting: string }[] };
    const names = checklist.items.map((i) => i.setting).join(' ');
    expect(names).not.toContain('TERMS_DATE');
    expect(names).not.toContain('SUPPORT_PHONE');
    expect(names).toContain('SMTP_URL');
    await context.close();
  } finally {
    await extra.stop();
  }
});
