import { expect, test } from '@playwright/test';
import { createShipments, signInAsAdmin as signIn } from './support/shipments';

/**
 * A shipment is paid only at the price its payment opened with: while a PayPal payment is open,
 * changing the parcels is refused with the reason, the seller cancels that payment from the same
 * screen and the change goes through. Every page says payments are a sandbox.
 */
const tag = `E2EINT${Date.now().toString(36)}`;

test('while a payment is open the parcels cannot change; cancelling it from the edit screen lets the change through', async ({ page }) => {
  await signIn(page);
  const [id] = await createShipments(page.request, `${tag} Abierto`, 1);

  // Open a PayPal payment and leave it at the sandbox approval page, as a buyer who walked away.
  await page.goto(`/payments/${id}`);
  await expect(page.getByRole('note', { name: 'Modo de pruebas' })).toContainText('no cobran dinero real');
  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.getByRole('button', { name: 'Pagar con PayPal' }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);

  await page.goto(`/shipments/${id}/edit/parcels`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo es el paquete que envías?' })).toBeVisible();
  const weight = page.getByLabel('Peso (kg)').first();
  await weight.fill('12');
  await page.getByRole('button', { name: 'Seleccionar Paquetería' }).click();
  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible();
  await options.getByRole('article').first().getByRole('button', { name: /^Elegir con / }).click();

  const refusal = page.getByRole('alert').filter({ hasText: 'Este envío tiene un pago en curso' });
  await expect(refusal).toContainText('PayPal');
  await refusal.getByRole('button', { name: 'Cancelar el pago en curso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pago cancelado' })).toBeVisible();

  await options.getByRole('article').first().getByRole('button', { name: /^Elegir con / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles De Envio' })).toBeVisible();
  const detail = await page.request.get(`/api/v1/shipments/${id}`);
  expect(((await detail.json()) as { parcels: { weight: number }[] }).parcels[0]!.weight).toBe(12);
});
