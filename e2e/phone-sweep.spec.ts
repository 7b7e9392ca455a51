import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, createShipments } from './support/shipments';

/**
 * Every signed-in page, user and admin, on a 390 px phone: the page never scrolls sideways, the
 * header folds the name into its menu, and every row of every table (as cards) keeps its amounts,
 * statuses and actions inside the screen and visible.
 */
const stamp = Date.now().toString(36);
const seller = { firstName: 'Paola', lastName: `Celular${stamp.slice(-4)}`, email: `cel.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** Cells, buttons, links and badges of table rows that stick out of the screen or cannot be seen. */
async function rowsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    document.querySelectorAll('table tbody tr').forEach((row, r) => {
      const table = row.closest('table')?.getAttribute('aria-label') ?? 'tabla';
      row.querySelectorAll('td, td button, td a, td .mantine-Badge-root').forEach((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return;
        const text = (el.textContent ?? '').trim().slice(0, 40);
        if (box.left < -1 || box.right > width + 1)
          problems.push(`${table} fila ${r + 1}: «${text}» sale de la pantalla (${Math.round(box.left)}–${Math.round(box.right)})`);
        // Something clipped by a scrolling box: its own visible area is narrower than it is.
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden') problems.push(`${table} fila ${r + 1}: «${text}» oculto`);
      });
    });
    return problems;
  });
}

async function checkPage(page: Page, path: string, heading: RegExp | string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({ timeout: 20_000 });
  // Lists load after the heading.
  await page.waitForLoadState('networkidle');
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(inner);
  expect(await rowsOffScreen(page), path).toEqual([]);
  // Accessible names are Spanish: none of a component library's English defaults.
  const english = await page
    .locator('[aria-label]')
    .evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label') ?? '').filter((name) => /^(Toggle|Close|Next|Previous|Scroll|Actions|Open|Clear|Remove)\b/.test(name)),
    );
  expect(english, `${path}: accessible names in English`).toEqual([]);
}

let paidId = '';
let unpaidIds: string[] = [];
let guide = '';

test('setup: a seller with paid and unpaid shipments, wallet movements, a saved address and a pickup', async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...seller, rol: 'user' } });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { _id: string })._id;
  expect((await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { cantidadAbonar: 5000, userId } })).ok()).toBeTruthy();

  const page = await signedIn(browser, seller);
  const ids = await createShipments(page.request, `Maximiliano Hernández ${stamp.slice(-4)}`, 3);
  paidId = ids[0]!;
  unpaidIds = ids.slice(1);
  const paid = await page.request.post('/api/v1/payments/many/monedero', { data: { shipments: [paidId], user: userId } });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  expect((await page.request.post('/api/v1/prepaid', { data: { amount: 150 } })).ok()).toBeTruthy();
  const saved = await page.request.post('/api/v1/locations-user', {
    data: {
      name: 'Bodega Poniente',
      email: 'bodega@correo.test',
      phone: '3312345678',
      address: 'Av. Vallarta, 1500, 12',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      country_code: 'MX',
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  // The guide is issued by a job: wait for it, then ask for a pickup of that guide.
  for (let i = 0; i < 30 && !guide; i += 1) {
    const s = (await (await page.request.get(`/api/v1/shipments/${paidId}`)).json()) as { number_guide: string | null };
    if (s.number_guide) guide = s.number_guide;
    else await page.waitForTimeout(1000);
  }
  expect(guide).not.toBe('');
  const pickup = await page.request.post('/api/v1/recolecciones/create', {
    data: { name: 'Paola Celular', email: seller.email, phone: seller.phone, service: 'Recolección en bodega', tracking_number: guide },
  });
  expect(pickup.status(), await pickup.text()).toBeLessThan(300);
  // The admin records an overweight on the paid shipment (the wallet pays it), and someone writes
  // through the contact form: the overweight lists and 'Mensajes' then have rows to check.
  const overweight = await admin.request.put(`/api/v1/shipments/${paidId}`, { data: { overweight: 2, cost_overweight: 120 } });
  expect(overweight.ok(), await overweight.text()).toBeTruthy();
  const contact = await page.request.post('/api/v1/contact', {
    data: {
      first_name: 'Paola',
      last_name: 'Celular',
      company_name: 'Tienda Celular',
      email: seller.email,
      phone: seller.phone,
      web: 'https://tienda.example.mx',
      message: 'Quiero saber cómo enviar más de cien paquetes al mes desde Guadalajara.',
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  await page.context().close();
  await admin.context().close();
});

test('every signed-in page of a seller fits a 390 px phone, rows as cards with amount, status and actions visible', async ({ browser }) => {
  const page = await signedIn(browser, seller);
  await page.goto('/dashboard');
  // The header folds the name into its menu.
  const menu = page.getByRole('button', { name: `Menú de ${seller.firstName} ${seller.lastName}` });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())!.x + (await menu.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  await expect(menu.getByText(`${seller.firstName} ${seller.lastName}`)).toBeHidden();

  await checkPage(page, '/dashboard', 'Mis estadísticas');
  await checkPage(page, '/shipments', 'Mis Envíos');
  const table = page.getByRole('table', { name: 'Mis envíos' });
  for (const row of await table.getByRole('row').filter({ hasText: 'Maximiliano Hernández' }).all()) {
    await expect(row.getByText(/^MX\$\d/)).toBeVisible();
    await expect(row.getByText(/^(Pagado|Guía sin pago)$/)).toBeVisible();
    await expect(row.getByRole('checkbox')).toBeVisible();
  }
  await checkPage(page, `/shipments/${paidId}`, 'Detalles del envío');
  await checkPage(page, `/shipments/${unpaidIds[0]}/edit/destination`, 'A dónde envías?');
  await checkPage(page, '/addresses', 'Direcciones');
  await expect(page.getByRole('row').filter({ hasText: 'Bodega Poniente' }).getByRole('button', { name: 'Eliminar Bodega Poniente' })).toBeVisible();
  await checkPage(page, '/prepaids', 'Monedero');
  const movements = page.getByRole('table', { name: 'Movimientos del monedero' });
  await expect(
    movements
      .getByRole('row')
      .filter({ hasText: 'Pendiente' })
      .getByRole('button', { name: /^Eliminar el abono MON-/ }),
  ).toBeVisible();
  await expect(
    movements
      .getByRole('row')
      .filter({ hasText: 'Cargo' })
      .getByText(/^-MX\$/),
  ).toBeVisible();
  await checkPage(page, '/prepaid/new', 'Nuevo abono');
  await checkPage(page, '/configuracion', /Configuración/);
  await checkPage(page, '/facturacion', 'Facturación');
  await checkPage(page, '/payments', 'Métodos de pago');
  await checkPage(page, '/overweight', 'Sobrepesos');
  const overweightCard = page.locator('.mantine-Card-root').filter({ hasText: '2 kg' }).first();
  await expect(overweightCard.getByText('MX$120.00', { exact: false })).toBeVisible();
  await expect(overweightCard.getByRole('button', { name: /^Ver el sobrepeso del envío/ })).toBeVisible();
  await checkPage(page, '/dashboard/shipment/new', 'Nuevo envío');
  await checkPage(page, `/payments/${unpaidIds[0]}`, 'Pagar envío');
  await checkPage(page, `/payment/shipments/many?shipments=${unpaidIds.join(',')}`, 'Pagar envíos');
  await checkPage(page, `/payments/result/success?monedero=true&shipments=${paidId}`, 'Pago exitoso');
  await checkPage(page, `/rastreo/${guide}`, 'Rastreo de envío');
  await page.context().close();
});

test('every admin page fits a 390 px phone too', async ({ browser }) => {
  const page = await signedIn(browser, ADMIN);
  await checkPage(page, '/users', 'Usuarios');
  const row = page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: seller.email });
  await expect(row.getByText('MX$', { exact: false })).toBeVisible();
  await expect(row.getByText('Activo')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Bloquear compras a / })).toBeVisible();
  await checkPage(page, '/recoleccion', 'Recolección');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: seller.email })
      .getByRole('button', { name: /^Actualizar estatus/ }),
  ).toBeVisible();
  await checkPage(page, '/admin/pagos', 'Pagos');
  await checkPage(page, '/admin/guias', 'Inventario de guías');
  await checkPage(page, '/admin/paqueterias', /Paqueterías/);
  await checkPage(page, '/outbox', /Bandeja de salida/);
  await checkPage(page, '/admin/mensajes', 'Mensajes');
  const message = page.getByRole('table', { name: 'Mensajes de contacto' }).getByRole('row').filter({ hasText: 'Tienda Celular' });
  await expect(message.getByRole('button', { name: 'Leer el mensaje de Paola Celular' })).toBeVisible();
  await expect(message.getByText('Nuevo', { exact: false })).toBeVisible();
  await checkPage(page, '/general_report', 'Reporte General');
  const reported = page.locator('.mantine-Card-root').filter({ hasText: seller.email }).first();
  await expect(reported.getByText(/^MX\$\d/).first()).toBeVisible();
  // The report speaks of a guide without carrier events as every other screen does.
  await expect(page.locator('.mantine-Card-root').filter({ hasText: guide }).getByText('Guía creada', { exact: true })).toBeVisible();
  await checkPage(page, '/overweight_report', 'Reporte Sobrepesos');
  await expect(
    page
      .locator('.mantine-Card-root')
      .filter({ hasText: seller.email })
      .getByRole('button', { name: /^Ver el sobrepeso del envío/ }),
  ).toBeVisible();
  await page.context().close();
});

test('admin tables fit 1366 px without clipping Acciones', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  expect((await page.request.post('/api/v1/login', { data: ADMIN })).ok()).toBeTruthy();
  for (const [path, heading] of [
    ['/users', 'Usuarios'],
    ['/admin/pagos', 'Pagos'],
    ['/recoleccion', 'Recolección'],
  ] as const) {
    await checkPage(page, path, heading);
    const acciones = page.getByRole('columnheader', { name: /^Acci[oó]n/ }).first();
    await expect(acciones).toBeVisible();
    const box = (await acciones.boundingBox())!;
    expect(box.x + box.width, `${path}: Acciones`).toBeLessThanOrEqual(1366);
  }
  // The general report has no actions column: its last column, the overweight, is what must fit.
  await checkPage(page, '/general_report', 'Reporte General');
  const last = page.getByRole('columnheader', { name: 'Sobrepeso' });
  await expect(last).toBeVisible();
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.x + lastBox.width, '/general_report: Sobrepeso').toBeLessThanOrEqual(1366);
  await context.close();
});
