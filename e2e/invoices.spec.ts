import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { openFromMenu, startAtMyShipments } from './support/navigation';
import { ADMIN } from './support/shipments';

/**
 * Issue 28 "Invoices a Mexican business can deduct": a seller sets tax data that will stamp (the
 * form refuses the capital regime and a wrong check digit first), validates them, turns on
 * automatic invoicing, tops up at OXXO, and once the money arrives downloads the CFDI's PDF and
 * XML from Facturación, test invoices «sin validez fiscal» without a Facturapi key. The admin sees
 * the payment's invoice in Pagos and the invoice in Facturas.
 */
const stamp = Date.now().toString(36);
const seller = { firstName: 'Facunda', lastName: `Pérez${stamp.slice(-4)}`, email: `fac.${stamp}@correo.test`, phone: '5512345678', password: 'Clave123' };

test.describe.configure({ mode: 'serial' });

async function pageSignedInAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

test('a seller sets tax data, turns on automatic invoicing, tops up at OXXO and downloads the invoice’s PDF and XML', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...seller, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);

  const page = await pageSignedInAs(browser, seller);
  await startAtMyShipments(page);
  await openFromMenu(page, 'Facturación');
  await expect(page.getByText('Facturas de prueba: sin validez fiscal')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Facturación automática/ })).toBeDisabled();

  await page.getByRole('button', { name: 'Agregar datos fiscales' }).click();
  const tax = page.getByRole('dialog', { name: 'Información fiscal' });
  await tax.getByRole('textbox', { name: 'Nombre o razón social' }).fill('Escuela Kemper Urgate, S.A. de C.V.');
  await tax.getByRole('textbox', { name: 'RFC' }).fill('EKU9003173C8');
  await tax.getByRole('button', { name: 'Guardar' }).click();
  await expect(tax.getByText(/sin el régimen capital \(«S\.A\. DE C\.V\.»\)/)).toBeVisible();
  await expect(tax.getByText(/dígito verificador/)).toBeVisible();
  await tax.getByRole('textbox', { name: 'Nombre o razón social' }).fill('Escuela Kemper Urgate');
  await tax.getByRole('textbox', { name: 'RFC' }).fill('EKU9003173C9');
  // A company's RFC: the regímenes of companies; G03 comes chosen.
  await tax.getByRole('combobox', { name: 'Régimen fiscal' }).click();
  await expect(page.getByRole('option', { name: /^612 / })).toHaveCount(0);
  await page.getByRole('option', { name: '601 General de Ley Personas Morales' }).click();
  await expect(tax.getByRole('combobox', { name: 'Uso CFDI' })).toHaveValue('G03 Gastos en general');
  await tax.getByRole('textbox', { name: 'Correo para facturas' }).fill(`conta.${stamp}@correo.test`);
  await tax.getByRole('textbox', { name: 'Calle y número' }).fill('Calle Roma 45');
  await tax.getByRole('combobox', { name: 'Código postal fiscal' }).fill('06600');
  await expect(tax.getByRole('textbox', { name: 'Estado y ciudad' })).not.toHaveValue('', { timeout: 10_000 });
  await tax.getByRole('textbox', { name: 'Colonia' }).fill('Juárez');
  await tax.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  const data = page.getByRole('region', { name: 'Datos fiscales' });
  await expect(data.getByText('ESCUELA KEMPER URGATE')).toBeVisible();
  await expect(data.getByText('601 General de Ley Personas Morales')).toBeVisible();

  await page.getByRole('button', { name: 'Validar datos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Datos válidos' })).toBeVisible();
  const automatic = page.getByRole('checkbox', { name: /Facturación automática/ });
  await automatic.check();
  await expect(automatic).toBeChecked();

  // The top-up, paid at OXXO.
  await openFromMenu(page, 'Monedero');
  await page.getByRole('link', { name: 'Abonar' }).click();
  await page.getByRole('textbox', { name: /Monto a abonar/ }).fill('580');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('radio', { name: /OXXO/ }).check();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/payments\/result\/success\?.*oxxo=true/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  expect(reference).not.toBe('');

  // The store reports the payment (the sandbox's webhook, from the admin's Pagos).
  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Pagos');
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(reference);
  const row = admin.getByRole('table', { name: 'Pagos' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Marcar pagado \(sandbox\)/ }).click();
  await expect(row.getByText('Pagado', { exact: true })).toBeVisible();

  // Within a minute the invoice is in Facturación.
  await startAtMyShipments(page);
  await openFromMenu(page, 'Facturación');
  const mine = page.getByRole('table', { name: 'Mis facturas' });
  await expect(async () => {
    await page.reload();
    await expect(mine.getByText('Vigente')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(mine.getByText('Sin validez fiscal')).toBeVisible();
  await expect(mine.getByText('MX$580.00')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pagos de este mes' }).getByText('Facturado')).toBeVisible();

  const [pdf] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: /^Descargar PDF de la factura/ }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^factura-ENV-\d+-prueba\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [xml] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: /^Descargar XML de la factura/ }).click()]);
  const cfdi = await readFile(await xml.path(), 'utf8');
  expect(cfdi).toContain('SIN VALIDEZ FISCAL');
  expect(cfdi).toContain(
    '<cfdi:Receptor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="601" UsoCFDI="G03"/>',
  );
  expect(cfdi).toContain('FormaPago="01"');
  expect(cfdi).toContain('MetodoPago="PUE"');
  expect(cfdi).toContain('Total="580.00"');

  // Monedero links the top-up's invoice; the admin sees it in Facturas and in Pagos.
  await openFromMenu(page, 'Monedero');
  await expect(page.getByRole('table', { name: 'Movimientos del monedero' }).getByText('Facturado')).toBeVisible();
  await openFromMenu(admin, 'Facturas');
  await expect(
    admin
      .getByRole('table', { name: 'Todas las facturas' })
      .getByRole('row')
      .filter({ hasText: `${seller.firstName} ${seller.lastName}` }),
  ).toHaveCount(1);
  await openFromMenu(admin, 'Pagos');
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(reference);
  await expect(admin.getByRole('table', { name: 'Pagos' }).getByRole('row').filter({ hasText: reference }).getByText('Facturado')).toBeVisible();
  await page.context().close();
  await admin.context().close();
});
