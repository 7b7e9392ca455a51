import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openFromMenu, startAtMyShipments } from './support/navigation';
import { ADMIN, signInAsAdmin } from './support/shipments';

/**
 * The public site as a visitor meets it on a phone: content pages (readable without JavaScript),
 * the volumetric calculator, the contact form with its acknowledgement e-mail, and an admin
 * answering from Mensajes.
 */

const stamp = Date.now().toString(36);

const contentPages = [
  { path: '/servicios', heading: 'Envíos a todo México y al mundo' },
  { path: '/quienes-somos', heading: 'Hacemos que enviar sea fácil para los negocios de México' },
  { path: '/preguntas-frecuentes', heading: 'Preguntas frecuentes' },
  { path: '/terminos-de-servicio', heading: 'Términos de servicio' },
  { path: '/politicas-de-privacidad', heading: 'Aviso de privacidad' },
  { path: '/guia-de-inicio', heading: 'Tu primer envío, paso a paso' },
  { path: '/contactanos', heading: 'Ponte en contacto con nosotros' },
  { path: '/thank-page', heading: 'Gracias, tu mensaje llegó a su destino' },
];

async function outbox(request: APIRequestContext, recipient: string) {
  const r = await request.get('/api/v1/outbox', { params: { recipient } });
  expect(r.ok()).toBeTruthy();
  return ((await r.json()) as { docs: { subject: string; text: string }[] }).docs;
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, 'sin desplazamiento lateral').toBeLessThanOrEqual(widths.client);
}

test('each content page answers with its own title, description and canonical address, and fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const titles = new Set<string>();
  // Each address is asked directly, as a search result or a shared link opens it: the server's answer is what is checked.
  for (const p of contentPages) {
    const response = await page.goto(p.path);
    expect(response?.status(), p.path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.heading);
    const title = await page.title();
    expect(title).toContain('Envíos MX');
    titles.add(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    if (p.path === '/thank-page') await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    else await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${p.path}$`));
    await noSidewaysScroll(page);
  }
  expect(titles.size).toBe(contentPages.length);
});

test('the pages read without JavaScript: prerendered HTML with the 22 clauses, sections I to XIII and the 5000 divisor', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Without JavaScript each page is its own request, as a search engine reads it.
  await page.goto('/terminos-de-servicio');
  await expect(page.getByTestId('clausula')).toHaveCount(22);
  await expect(page.getByRole('heading', { name: '22. Cambios, ley aplicable y jurisdicción' })).toBeVisible();
  await expect(page.getByText('Última actualización: 01/04/2017')).toBeVisible();

  await page.goto('/politicas-de-privacidad');
  const numerals = await page.getByTestId('seccion-privacidad').getByRole('heading', { level: 2 }).allTextContents();
  expect(numerals.map((t) => t.split('.')[0])).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII']);
  // Not configured here: said plainly, never invented.
  await expect(page.getByText('Razón social pendiente de publicar')).toBeVisible();

  await page.goto('/preguntas-frecuentes');
  await expect(page.getByText('Peso volumétrico (kg) = largo × ancho × alto (cm) / 5000')).toBeVisible();
  await expect(page.getByText('¿Quién recoge y entrega mi paquete?')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Envía paquetes a todo México al mejor precio');
  await expect(page.getByText('Mismo precio de 1 a 5 kg a todo México')).toBeVisible();
  await context.close();
});

test('a visitor from a search lands on the FAQ, computes a volumetric weight and reads the services', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/preguntas-frecuentes');
  const result = page.getByTestId('resultado-volumetrico');
  await expect(result).toContainText('40 × 30 × 20 / 5000 = 4.8 kg');
  await page.getByLabel('Largo (cm)').fill('60');
  await page.getByLabel('Ancho (cm)').fill('40');
  await page.getByLabel('Alto (cm)').fill('40');
  await page.getByLabel('Peso real (kg)').fill('7.5');
  await expect(result).toContainText('60 × 40 × 40 / 5000 = 19.2 kg');
  await expect(result).toContainText('Se cobra como 20 kg (manda el volumétrico).');

  const company = page.getByRole('navigation', { name: 'Empresa' });
  await company.getByRole('link', { name: 'Servicios', exact: true }).click();
  await expect(page).toHaveURL(/\/servicios$/);
  await expect(page.getByRole('heading', { name: 'Paquetería internacional' })).toBeVisible();
  await expect(page.getByText('más de 220 países', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Carga consolidada (LTL)' })).toBeVisible();
  await page.getByRole('link', { name: 'REGÍSTRATE' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // Back to the services, then the footer's 'Quiénes somos'.
  await page.goBack();
  await company.getByRole('link', { name: 'Quiénes somos', exact: true }).click();
  await expect(page).toHaveURL(/\/quienes-somos$/);
  await page.getByRole('link', { name: 'Registrarme' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('sitemap.xml lists the public pages and robots.txt points at it', async ({ request, baseURL }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const p of ['/', '/servicios', '/preguntas-frecuentes', '/terminos-de-servicio', '/politicas-de-privacidad'])
    expect(sitemap).toContain(`<loc>${baseURL}${p}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test.describe('the contact form', () => {
  test.describe.configure({ mode: 'serial' });

  test('a visitor sends a question: the monthly field appears only when they ship, then the thank-you page and an acknowledgement e-mail', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The visitor comes from an advert that links the contact page.
    await page.goto('/contactanos');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Lucía');
    await page.getByRole('textbox', { name: 'Apellidos' }).fill('Hernández');
    await page.getByRole('textbox', { name: 'Empresa' }).fill(`Dulces ${stamp}`);
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(`lucia.${stamp}@correo.test`);
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('33 1234 5678');
    await page.getByRole('textbox', { name: 'Sitio web o red social' }).fill('dulces.mx');
    await expect(page.getByLabel(/Cuántos envíos haces al mes/)).toHaveCount(0);
    await page.getByRole('radio', { name: 'Sí' }).check();
    await expect(page.getByLabel(/Cuántos envíos haces al mes/)).toBeVisible();
    await page.getByRole('radio', { name: 'No, todavía no' }).check();
    await expect(page.getByLabel(/Cuántos envíos haces al mes/)).toHaveCount(0);
    await page.getByRole('radio', { name: 'Sí' }).check();
    await page.getByLabel(/Cuántos envíos haces al mes/).fill('120');
    await page.getByRole('textbox', { name: 'Comentarios' }).fill('¿Tienen tarifa preferente para 120 envíos al mes a Monterrey?');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page).toHaveURL(/\/thank-page$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gracias, tu mensaje llegó a su destino');

    await signInAsAdmin(page);
    await expect
      .poll(async () => (await outbox(page.request, `lucia.${stamp}@correo.test`)).map((m) => m.subject), { timeout: 15_000 })
      .toContain('Recibimos tu mensaje');
    const toSupport = await outbox(page.request, ADMIN.email);
    expect(toSupport.some((m) => m.subject === `Nuevo mensaje de contacto: Lucía Hernández (Dulces ${stamp})` && m.text.includes('Envíos al mes: 120'))).toBe(
      true,
    );
  });

  test('an admin reads it in Mensajes, answers by e-mail and closes it', async ({ page }) => {
    await signInAsAdmin(page);
    await startAtMyShipments(page);
    await openFromMenu(page, 'Mensajes');
    await page.getByRole('button', { name: 'Leer el mensaje de Lucía Hernández' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Mensaje de contacto' });
    await expect(dialog.getByText('120 envíos al mes', { exact: true })).toBeVisible();
    await dialog
      .getByLabel(`Responder a lucia.${stamp}@correo.test`)
      .fill('Hola Lucía: sí, con 120 envíos al mes te damos tarifa preferente. Te llamamos hoy.');
    await dialog.getByRole('button', { name: 'Responder por correo' }).click();
    await expect(dialog.getByText(`Respuesta enviada a lucia.${stamp}@correo.test.`)).toBeVisible();
    await expect(dialog.getByText('Respuestas enviadas')).toBeVisible();
    await expect
      .poll(async () => (await outbox(page.request, `lucia.${stamp}@correo.test`)).map((m) => m.subject), { timeout: 15_000 })
      .toContain('Respuesta a tu mensaje');
    await dialog.getByRole('button', { name: 'Cerrar mensaje' }).click();
    await expect(dialog.getByText('Mensaje cerrado.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Abrir de nuevo' })).toBeVisible();
  });

  test('a signed-in seller finds the form filled with their profile and goes back to Mis Envíos after sending', async ({ page }) => {
    await signInAsAdmin(page);
    const email = `beto.${stamp}@correo.test`;
    const created = await page.request.post('/api/v1/users/createFromDashboard', {
      data: { firstName: 'Beto', lastName: 'Ruiz', email, phone: '5512345678', password: 'Clave123' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.request.post('/api/v1/logout');
    await page.context().clearCookies();
    expect((await page.request.post('/api/v1/login', { data: { email, password: 'Clave123' } })).ok()).toBeTruthy();

    // From Mis Envíos, the help group of the name menu leads to Contáctanos.
    await startAtMyShipments(page);
    await page.getByRole('button', { name: 'Menú de Beto Ruiz' }).click();
    await page.getByRole('menuitem', { name: 'Contáctanos' }).click();
    await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Beto');
    await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(email);
    await page.getByRole('textbox', { name: 'Empresa' }).fill('Ferretería Ruiz');
    await page.getByRole('textbox', { name: 'Sitio web o red social' }).fill('facebook.com/ferreteriaruiz');
    await page.getByRole('radio', { name: 'No, todavía no' }).check();
    await page.getByRole('textbox', { name: 'Comentarios' }).fill('Quiero saber cómo pedir factura de mis guías.');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page).toHaveURL(/\/shipments$/);
  });
});
