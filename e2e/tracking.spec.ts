import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, createShipments } from './support/shipments';

/**
 * Issue 7 "Tracking": a parcel bought in the app (paid with the wallet) is followed from the home
 * page's Rastrear ('Resultado del Envío'), from the dashboard's top bar and Mis Envíos, and through
 * the shareable /rastreo/{guide} page on a phone; an unknown guide is "no localizado".
 */
const stamp = Date.now().toString(36);
const person = { firstName: 'Rita', lastName: `Rastreo${stamp.slice(-4)}`, email: `ras.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };

interface Tracked {
  type: 'dhl' | 'redpack' | 'fedex' | 'ampm' | 'estafeta';
  guide: string;
  headline: string;
  shipper: { city: string };
  consignee: { city: string };
  shipment_event: { status: string; occurred_at: string }[];
}

test.describe.configure({ mode: 'serial' });

let guide = '';
let tracked: Tracked;

async function pageSignedInAs(browser: Browser, who: { email: string; password: string }, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** One tracking truth: the modal shows the guide's headline, the same as the page and Mis Envíos. */
function modalStatus(t: Tracked): string {
  return t.headline;
}

async function searchFromTopBar(page: Page, navigation: string, text: string) {
  await page.getByRole('navigation', { name: navigation }).getByRole('button', { name: 'Rastrear' }).click();
  await page.getByPlaceholder('N° de guía').fill(text);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

test('a shipment paid with the wallet gets a guide that tracking knows', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...person, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const userId = ((await created.json()) as { _id: string })._id;
  const credit = await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { userId, cantidadAbonar: 2000 } });
  expect(credit.ok(), await credit.text()).toBeTruthy();
  await admin.context().close();

  const user = await pageSignedInAs(browser, person);
  const [id] = await createShipments(user.request, `Tomás ${stamp}`, 1);
  const paid = await user.request.post('/api/v1/payments/many/monedero', { data: { email: person.email, shipments: [id] } });
  expect(paid.ok(), await paid.text()).toBeTruthy();

  // The guide is issued by a background job.
  for (let i = 0; i < 30 && guide === ''; i += 1) {
    const detail = await user.request.get(`/api/v1/shipments/${id}`);
    guide = ((await detail.json()) as { number_guide: string | null }).number_guide ?? '';
    if (guide === '') await user.waitForTimeout(1_000);
  }
  expect(guide).not.toBe('');
  const answer = await user.request.post('/api/v1/tracking', { data: { guide_number: guide } });
  expect(answer.status(), await answer.text()).toBe(200);
  tracked = (await answer.json()) as Tracked;
  expect(tracked.guide).toBe(guide);
  await user.context().close();
});

test("the home page's Rastrear shows 'Resultado del Envío' for the guide, and not-found for an unknown one", async ({ page }) => {
  await page.goto('/');
  await searchFromTopBar(page, 'Principal', guide);
  const dialog = page.getByRole('dialog', { name: 'Resultado del Envío' });
  await expect(dialog.getByTestId('tracking-status')).toHaveText(modalStatus(tracked));
  await expect(dialog.getByText(guide, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Enviado desde')).toBeVisible();
  await expect(dialog.getByText(tracked.shipper.city, { exact: true })).toBeVisible();
  await expect(dialog.getByText(tracked.consignee.city, { exact: true })).toBeVisible();
  // Dates are written in Spanish: weekday, day, month and year.
  await expect(dialog.getByText(/^(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo), \d{1,2} de [a-z]+ de \d{4}, \d\d:\d\d$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const unknown = `ZZ${stamp}`.toUpperCase().padEnd(10, '0');
  await searchFromTopBar(page, 'Principal', unknown);
  await expect(dialog.getByText(`El N° de guía ${unknown} no ha sido localizado.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  // From the modal, the shareable page.
  await searchFromTopBar(page, 'Principal', guide);
  await dialog.getByRole('link', { name: 'Ver y compartir el seguimiento' }).click();
  await expect(page).toHaveURL(new RegExp(`/rastreo/${guide}$`));
  await expect(page.getByTestId('tracking-headline')).toHaveText(tracked.headline);
});

test("the dashboard's top bar and Mis Envíos lead to the guide's tracking", async ({ browser }) => {
  const user = await pageSignedInAs(browser, person);
  await user.goto('/shipments');
  const row = user.getByRole('table', { name: 'Mis envíos' }).getByRole('row').filter({ hasText: guide });
  await expect(row).toHaveCount(1);

  await user.getByRole('banner').getByRole('button', { name: 'Rastrear' }).click();
  await user.getByPlaceholder('N° de guía').fill(guide);
  await user.getByRole('button', { name: 'Buscar' }).click();
  const dialog = user.getByRole('dialog', { name: 'Resultado del Envío' });
  await expect(dialog.getByTestId('tracking-status')).toHaveText(modalStatus(tracked));
  await user.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('link', { name: new RegExp(`rastrear la guía ${guide}$`) }).click();
  await expect(user).toHaveURL(new RegExp(`/rastreo/${guide}$`));
  await expect(user.getByTestId('tracking-headline')).toHaveText(tracked.headline);
  await user.context().close();
});

test('the shareable page reads well on a phone, for anyone with the link', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // The page arrives drawn with the guide's answer (a recipient on a slow phone reads it at the
  // first paint), and the browser takes it over without asking the API again or moving anything.
  const tracking: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/tracking')) tracking.push(r.url());
  });
  await page.addInitScript(() => {
    (window as unknown as { shifted: number }).shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { shifted: number }).shifted += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // (The first visit after the rendering thread stopped may get the app shell while it starts.)
  await expect
    .poll(async () => (await page.request.get(`/rastreo/${guide}`)).text(), { timeout: 30_000, intervals: [500, 1_000, 2_000] })
    .toContain(`data-testid="tracking-headline">${tracked.headline}<`);
  await page.goto(`/rastreo/${guide}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rastreo de envío' })).toBeVisible();
  await page.getByRole('button', { name: 'Compartir seguimiento' }).hover();
  expect(tracking).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  await expect(page.getByTestId('tracking-headline')).toHaveText(tracked.headline);
  const steps = page.getByRole('list', { name: 'Progreso del envío' }).getByRole('listitem');
  await expect(steps).toHaveText(['Guía creada', 'Recolectado', 'En tránsito', 'En reparto', 'Entregado']);
  await expect(page.getByRole('button', { name: 'Compartir seguimiento' })).toBeVisible();
  // Nothing sticks out sideways on a 390 px screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  mkdirSync('.tmp', { recursive: true });
  await page.screenshot({ path: '.tmp/tracking-phone.png', fullPage: true });

  await page.goto('/rastreo/NOEXISTE123');
  await expect(page.getByText('El N° de guía NOEXISTE123 no ha sido localizado.')).toBeVisible();
  await context.close();
});
