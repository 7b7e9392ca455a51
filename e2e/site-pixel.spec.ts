import { expect, test, type Page } from '@playwright/test';
import { startExtraServer } from './support/extra-server';

/**
 * With META_PIXEL_ID configured (a server of its own), the cookie banner asks first: nothing is
 * requested from Meta before consent; after it, ViewContent on the legal and FAQ pages and
 * InitiateCheckout on 'Resumen de Prepago'.
 */

let server: Awaited<ReturnType<typeof startExtraServer>>;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer({ META_PIXEL_ID: '123456789012345' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Meta is never reached from here: every request to it is recorded and answered with an empty script. */
async function watchMeta(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.route(/facebook\.(net|com)/, async (route) => {
    seen.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
  });
  return seen;
}

const queued = (page: Page) => page.evaluate(() => (window as unknown as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? null);

test('no pixel request before consent; accepting marketing loads it and sends ViewContent for the FAQ', async ({ page }) => {
  const meta = await watchMeta(page);
  await page.goto(`${server.baseURL}/preguntas-frecuentes`);
  const banner = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(banner).toBeVisible();
  await page.waitForTimeout(500);
  expect(meta).toEqual([]);
  expect(await queued(page)).toBeNull();

  await banner.getByRole('button', { name: 'Aceptar marketing' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => meta.some((u) => u.includes('connect.facebook.net'))).toBe(true);
  const events = await queued(page);
  expect(events).toContainEqual(['init', '123456789012345']);
  expect(events).toContainEqual(['track', 'ViewContent', { content_name: 'Preguntas frecuentes' }]);

  // The answer is remembered; the terms page sends its own ViewContent at once.
  await page.goto(`${server.baseURL}/terminos-de-servicio`);
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toHaveCount(0);
  await expect.poll(() => queued(page)).toContainEqual(['track', 'ViewContent', { content_name: 'Términos de servicio' }]);
});

test('refusing keeps Meta out entirely, on every page', async ({ page }) => {
  const meta = await watchMeta(page);
  await page.goto(`${server.baseURL}/politicas-de-privacidad`);
  await page.getByRole('region', { name: 'Aviso de cookies' }).getByRole('button', { name: 'Solo necesarias' }).click();
  await page.goto(`${server.baseURL}/preguntas-frecuentes`);
  await page.goto(`${server.baseURL}/`);
  await page.waitForTimeout(500);
  expect(meta).toEqual([]);
  // The footer's 'Cookies' link asks again.
  await page.getByRole('button', { name: 'Cookies' }).click();
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeVisible();
});

test("InitiateCheckout fires on 'Resumen de Prepago' once marketing is accepted", async ({ page }) => {
  await watchMeta(page);
  expect((await page.request.post(`${server.baseURL}/api/v1/login`, { data: { email: 'admin@envios.test', password: 'Admin1234' } })).ok()).toBeTruthy();
  await page.goto(`${server.baseURL}/prepaid/new`);
  await page.getByRole('region', { name: 'Aviso de cookies' }).getByRole('button', { name: 'Aceptar marketing' }).click();
  await page.getByRole('textbox', { name: /Monto a abonar/ }).fill('500');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('region', { name: 'Resumen de Prepago' })).toBeVisible();
  await expect.poll(() => queued(page)).toContainEqual(['track', 'InitiateCheckout', { value: 500, currency: 'MXN', content_category: 'Monedero' }]);
});

test('the CSP of this server allows the pixel, and only because it is configured', async ({ request }) => {
  const csp = (await request.get(`${server.baseURL}/`)).headers()['content-security-policy'] ?? '';
  expect(csp).toContain('https://connect.facebook.net');
  const plain = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(plain).not.toContain('facebook');
});
