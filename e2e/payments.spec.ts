import { expect, test, type APIRequestContext } from '@playwright/test';
import { payShipment, searchMyShipments, startAtMyShipments } from './support/navigation';
import { createShipments, signInAsAdmin as signIn } from './support/shipments';

/**
 * Issue 6 "Payments": two shipments paid together through the local PayPal sandbox (approve on
 * its page, capture on return, success page), and the OXXO slip that renders and prints.
 */
const tag = `E2EPAY${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

async function isPaid(request: APIRequestContext, id: string): Promise<boolean> {
  const response = await request.get(`/api/v1/shipments/${id}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { status: boolean }).status;
}

test('two shipments paid together with the PayPal sandbox: approve, capture, success', async ({ page }) => {
  await signIn(page);
  const ids = await createShipments(page.request, `${tag} PayPal`, 2);
  await startAtMyShipments(page);
  expect(ids).toHaveLength(2);

  // In Mis Envíos the seller finds both, ticks them and presses Pagar.
  await searchMyShipments(page, `${tag} PayPal`);
  const pick = page.getByRole('checkbox', { name: new RegExp(`^Seleccionar envío \\d+ a ${tag} PayPal$`) });
  await expect(pick).toHaveCount(2);
  for (const box of await pick.all()) await box.check();
  await page.getByRole('group', { name: 'Acciones con los envíos seleccionados' }).getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagar envíos' })).toBeVisible();
  const payPage = page.url();
  const summary = page.getByRole('table', { name: 'Envíos a pagar' });
  await expect(summary.getByText(`${tag} PayPal`)).toHaveCount(2);
  await expect(summary.getByRole('row').last()).toContainText(/Total a pagar\s*MX\$[\d,]+\.\d{2}/);

  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.getByRole('button', { name: 'Pagar con PayPal' }).click();

  // The local sandbox stands in for PayPal's approval page.
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);
  await expect(page.getByText('Entorno de pruebas — no se cobra dinero real')).toBeVisible();
  await expect(page.getByText(/^MX\$[\d,]+\.\d{2}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();

  await expect(page).toHaveURL(/\/payments\/result\/success\?home=true/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeVisible();
  for (const id of ids) expect(await isPaid(page.request, id)).toBe(true);

  // Paid shipments have nothing left to pay: the same payment address again, as from the history or a bookmark.
  await page.goto(payPage);
  await expect(page.getByText('Estos envíos ya están pagados')).toBeVisible();
});

test('a declined card at the sandbox asks to approve again; cancel returns to the payment page', async ({ page }) => {
  await signIn(page);
  const [id] = await createShipments(page.request, `${tag} Rechazo`, 1);
  await startAtMyShipments(page);

  await payShipment(page, `${tag} Rechazo`);
  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.getByRole('button', { name: 'Pagar con PayPal' }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);
  await page.getByRole('button', { name: 'Rechazar tarjeta' }).click();
  await expect(page.getByText('Tu banco rechazó el pago; elige otro método en PayPal.')).toBeVisible({ timeout: 20_000 });
  // Back at the approval page: this time the buyer cancels.
  await expect(page).toHaveURL(/\/sandbox\/paypal\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));
  await expect(page.getByText('Cancelaste el pago con PayPal')).toBeVisible();
  expect(await isPaid(page.request, id!)).toBe(false);
});

test('OXXO: a reference for one shipment, its slip renders and prints without the print button', async ({ page }) => {
  await signIn(page);
  await createShipments(page.request, `${tag} OXXO`, 1);
  await startAtMyShipments(page);

  await payShipment(page, `${tag} OXXO`);
  await expect(page.getByRole('region', { name: /Resumen del envío/ })).toContainText(`${tag} OXXO`);
  await page.getByRole('radio', { name: 'OXXO' }).check();
  await page.getByRole('button', { name: 'Generar referencia OXXO' }).click();

  await expect(page).toHaveURL(/\/payments\/result\/success\?.*oxxo=true/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pago Pendiente' })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get('reference');
  expect(reference).toBeTruthy();
  await page.getByRole('link', { name: 'Ver e imprimir la ficha de pago' }).click();

  await expect(page).toHaveURL(/\/shipping\/cash_barcode\?references=/);
  const slip = page.getByRole('article', { name: `Ficha de pago ${reference}` });
  await expect(slip).toBeVisible();
  await expect(slip.getByText(/MX\$[\d,]+\.\d{2} MXN/)).toBeVisible();
  await expect(slip.getByText(reference!, { exact: true })).toBeVisible();
  const barcode = slip.getByRole('img', { name: `Código de barras de la referencia ${reference}` });
  await expect(barcode).toBeVisible();
  expect(await barcode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(slip.getByText(`${tag} OXXO`)).toBeVisible();
  await expect(slip.getByText(/Dicta al cajero el número de referencia/)).toBeVisible();

  // The button prints; on paper it is gone.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  const print = page.getByRole('button', { name: 'Imprimir' });
  await print.click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  await expect(slip).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(print).toBeVisible();
});
