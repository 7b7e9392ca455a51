import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { QUICK_START_NODE, SIGNATURE_RECIPE_NODE } from '@envios/contracts/developers';
import { TEST_TLS } from '../apps/api/src/testing/test-tls';
import { startExtraServer } from './support/extra-server';
import { openFromMenu, startAtMyShipments } from './support/navigation';
import { ADMIN } from './support/shipments';

/**
 * Issue 31, as a developer: on «Desarrolladores» a seller creates an API key (shown once) and a
 * webhook endpoint (a local https receiver, the only local address this server may reach), sends
 * a test delivery, runs the page's quick start with the key (quote, create, pay with the wallet and
 * retry the payment safely, download the label) and sees `guide.issued` arrive signed, verified
 * with the page's recipe; then revokes the key. Its own server: the receiver's port is in its
 * configuration.
 */

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const stamp = Date.now().toString(36);
const seller = {
  firstName: 'Diana',
  lastName: `Desarrolladora${stamp.slice(-4)}`,
  email: `dev.${stamp}@correo.test`,
  phone: '3312345678',
  password: 'Clave123',
};
const received: Received[] = [];
let receiver: https.Server;
let receiverPort = 0;
let server: { baseURL: string; stop: () => Promise<void> };

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  receiver = https.createServer({ key: TEST_TLS.key, cert: TEST_TLS.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"recibido":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  server = await startExtraServer({ TEST_OUTBOUND_ALLOW: `127.0.0.1:${receiverPort}` });
});

test.afterAll(async () => {
  await server?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function signedIn(browser: Browser, who: { email: string; password: string }, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(inner);
}

test('a seller makes a key and an endpoint, buys a guide with the key and receives guide.issued signed', async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN, { width: 1366, height: 900 });
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...seller, rol: 'user' } });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { _id: string })._id;
  expect((await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { cantidadAbonar: 2000, userId } })).ok()).toBeTruthy();
  await admin.context().close();

  const page = await signedIn(browser, seller, { width: 1366, height: 900 });
  await startAtMyShipments(page);
  await openFromMenu(page, 'Desarrolladores');

  // A key, shown once.
  await page.getByRole('button', { name: 'Crear llave' }).click();
  const keyForm = page.getByRole('form', { name: 'Nueva llave de API' });
  await keyForm.getByRole('button', { name: 'Crear llave' }).click();
  await expect(keyForm.getByText('El nombre es obligatorio.')).toBeVisible();
  await keyForm.getByRole('textbox', { name: 'Nombre' }).fill('ERP de la bodega');
  await expect(keyForm.getByRole('radio', { name: 'Lectura y escritura' })).toBeChecked();
  await expect(keyForm.getByRole('radio', { name: 'Producción' })).toBeChecked();
  await keyForm.getByRole('button', { name: 'Crear llave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tu llave nueva' });
  await expect(dialog.getByText('Cópiala ahora')).toBeVisible();
  const key = (await dialog.getByTestId('secret-value').textContent())!.trim();
  expect(key).toMatch(/^emx_live_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Ya la guardé' }).click();
  const keys = page.getByRole('table', { name: 'Llaves de API' });
  await expect(keys.getByRole('row', { name: /ERP de la bodega/ })).toContainText('Nunca');
  await expect(page.getByText(key)).toHaveCount(0);

  // An endpoint: a private address is refused under the URL box, the local receiver is taken.
  await page.getByRole('button', { name: 'Agregar destino' }).click();
  const hookForm = page.getByRole('form', { name: 'Nuevo destino de webhooks' });
  await hookForm.getByRole('textbox', { name: 'URL' }).fill('https://10.0.0.8/avisos');
  await hookForm.getByRole('button', { name: 'Agregar destino' }).click();
  await expect(hookForm.getByText('La dirección no es pública: los avisos solo se envían a servidores en internet.')).toBeVisible();
  await hookForm.getByRole('textbox', { name: 'URL' }).fill(`https://127.0.0.1:${receiverPort}/avisos`);
  await expect(hookForm.getByRole('checkbox', { name: /Guía emitida/ })).toBeChecked();
  await expect(hookForm.getByRole('checkbox', { name: /Rastreo actualizado/ })).toBeChecked();
  await hookForm.getByRole('button', { name: 'Agregar destino' }).click();
  const added = page.getByRole('dialog', { name: 'Destino agregado' });
  const secret = (await added.getByTestId('secret-value').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await added.getByRole('button', { name: 'Listo' }).click();

  const endpoint = page.getByRole('article', { name: `Destino https://127.0.0.1:${receiverPort}/avisos` });
  await endpoint.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect(endpoint.getByRole('status')).toContainText('Tu servidor respondió 200');
  expect(received.map((r) => r.headers['x-envios-event-type'])).toEqual(['webhook.test']);

  // The page's quick start, run as the developer would, with the key.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inicio-rapido-'));
  writeFileSync(path.join(dir, 'inicio-rapido.mjs'), QUICK_START_NODE);
  writeFileSync(path.join(dir, 'verificar.mjs'), SIGNATURE_RECIPE_NODE);
  const run = await promisify(execFile)(process.execPath, ['inicio-rapido.mjs'], {
    cwd: dir,
    env: { ...process.env, ENVIOS_URL: server.baseURL, ENVIOS_LLAVE: key },
    timeout: 60_000,
  });
  expect(run.stdout).toContain('2. Envío');
  expect(run.stdout).toContain('repetido: true');
  expect(run.stdout).toMatch(/4\. Guía \S+: etiqueta guardada/);
  expect(readdirSync(dir).some((f) => f.startsWith('guia-') && f.endsWith('.pdf'))).toBe(true);

  // guide.issued arrives signed; the page's recipe verifies it.
  await expect.poll(() => received.filter((r) => r.headers['x-envios-event-type'] === 'guide.issued').length, { timeout: 30_000 }).toBe(1);
  const issued = received.find((r) => r.headers['x-envios-event-type'] === 'guide.issued')!;
  const { verificarFirma } = (await import(pathToFileURL(path.join(dir, 'verificar.mjs')).href)) as {
    verificarFirma: (body: string, header: string, secret: string) => boolean;
  };
  expect(verificarFirma(issued.body, String(issued.headers['x-envios-signature']), secret)).toBe(true);
  expect(verificarFirma(issued.body, String(issued.headers['x-envios-signature']), 'whsec_otro')).toBe(false);
  expect(JSON.parse(issued.body)).toMatchObject({ id: issued.headers['x-envios-event-id'], type: 'guide.issued' });

  // The delivery log shows it; the key's last use is recorded.
  const log = endpoint.getByRole('table', { name: 'Registro de entregas' });
  await expect(log.getByRole('row', { name: /Guía emitida/ })).toContainText('Entregado', { timeout: 15_000 });
  await page.reload();
  await expect(keys.getByRole('row', { name: /ERP de la bodega/ })).not.toContainText('Nunca');
  await page.screenshot({ path: '.tmp/playwright-output/desarrolladores-1366.png', fullPage: true });

  // Revoked: the key stops at once.
  await keys.getByRole('button', { name: 'Revocar ERP de la bodega' }).click();
  await page.getByRole('dialog', { name: '¿Revocar la llave?' }).getByRole('button', { name: 'Revocar' }).click();
  await expect(keys.getByRole('row', { name: /ERP de la bodega/ })).toContainText('Revocada');
  const refused = await fetch(`${server.baseURL}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
  expect(existsSync(dir)).toBe(true);
  await page.context().close();
});

test('the page fits a phone', async ({ browser }) => {
  const page = await signedIn(browser, seller, { width: 390, height: 844 });
  await page.goto('/desarrolladores');
  await expect(page.getByRole('heading', { level: 1, name: 'Desarrolladores' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registro de entregas' }).or(page.getByText('Registro de entregas')).first()).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: '.tmp/playwright-output/desarrolladores-390.png', fullPage: true });
  await page.context().close();
});
