import { expect, test } from '@playwright/test';
import { openFromMenu, openShipment, payShipment, startAtMyShipments } from './support/navigation';
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
  await startAtMyShipments(page);
  await payShipment(page, `${tag} Abierto`);
  await expect(page.getByRole('note', { name: 'Modo de pruebas' })).toContainText('no cobran dinero real');
  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.getByRole('button', { name: 'Pagar con PayPal' }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);

  // Back in the app (its address typed again), the seller opens the shipment and edits its parcels.
  await startAtMyShipments(page);
  await openShipment(page, `${tag} Abierto`);
  await page.getByRole('link', { name: 'Editar paquetes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo es el paquete que envías?' })).toBeVisible();
  const weight = page.getByLabel('Peso (kg)').first();
  await weight.fill('12');
  await page.getByRole('button', { name: 'Seleccionar Paquetería' }).click();
  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible();
  await options
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Elegir con / })
    .click();
  await page.getByRole('dialog', { name: 'Cambiar paquetería' }).getByRole('button', { name: 'Aplicar Cambios' }).click();

  const refusal = page.getByRole('alert').filter({ hasText: 'Este envío tiene un pago en curso' });
  await expect(refusal).toContainText('PayPal');
  await refusal.getByRole('button', { name: 'Cancelar el pago en curso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pago cancelado' })).toBeVisible();

  await options
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Elegir con / })
    .click();
  await page.getByRole('dialog', { name: 'Cambiar paquetería' }).getByRole('button', { name: 'Aplicar Cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles del envío' })).toBeVisible();
  const detail = await page.request.get(`/api/v1/shipments/${id}`);
  expect(((await detail.json()) as { parcels: { weight: number }[] }).parcels[0]!.weight).toBe(12);
});

test('an overweight the wallet could not cover is on the next payment page, paid with it once, and the overweight page says so', async ({ browser }) => {
  const adminPage = await browser.newPage();
  await signIn(adminPage);
  const person = {
    firstName: 'Olga',
    lastName: `Sobrepeso${tag.slice(-4)}`,
    email: `olga.${tag.toLowerCase()}@correo.test`,
    phone: '3312345678',
    password: 'Clave123',
  };
  const created = await adminPage.request.post('/api/v1/users/createFromDashboard', { data: { ...person, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const userId = ((await created.json()) as { _id: string })._id;

  const page = await (await browser.newContext()).newPage();
  expect((await page.request.post('/api/v1/login', { data: { email: person.email, password: person.password } })).ok()).toBeTruthy();
  // A first guide paid from the wallet, then an overweight of MX$50.00 the empty wallet cannot pay.
  const [first] = await createShipments(page.request, `${tag} Primero`, 1);
  const firstShipment = (await (await page.request.get(`/api/v1/shipments/${first}`)).json()) as {
    numberOfOrder: number;
    selected_service: { total_amount: number };
  };
  await adminPage.request.post('/api/v1/prepaid/createPrepaid', { data: { userId, cantidadAbonar: firstShipment.selected_service.total_amount } });
  expect((await page.request.post('/api/v1/payments/many/monedero', { data: { shipments: [first] } })).ok()).toBeTruthy();
  const recorded = await adminPage.request.put(`/api/v1/shipments/${first}`, { data: { overweight: 2, cost_overweight: 50 } });
  expect(recorded.ok(), await recorded.text()).toBeTruthy();

  const [next] = await createShipments(page.request, `${tag} Siguiente`, 1);
  const nextShipment = (await (await page.request.get(`/api/v1/shipments/${next}`)).json()) as { selected_service: { total_amount: number } };
  await startAtMyShipments(page);
  await payShipment(page, `${tag} Siguiente`);
  const summary = page.getByRole('region', { name: /^Resumen del envío/ });
  await expect(summary.getByText('Sobrepeso de envíos anteriores')).toBeVisible();
  await expect(summary.getByText(`MX$50.00 (envío ${firstShipment.numberOfOrder})`)).toBeVisible();
  const total = (Math.round(nextShipment.selected_service.total_amount * 100) + 5000) / 100;
  const totalText = `MX$${total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByText(`Total a pagar: ${totalText}`)).toBeVisible();

  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.getByRole('button', { name: 'Pagar con PayPal' }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);
  await expect(page.getByText(totalText, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pago exitoso' })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('link', { name: 'Mis Envíos' }).click();
  await openFromMenu(page, 'Sobrepesos');
  const row = page
    .getByRole('table', { name: 'Mis sobrepesos' })
    .getByRole('row')
    .filter({ hasText: `Envío ${firstShipment.numberOfOrder}` });
  await expect(row).toContainText('Pagado');
  await page.context().close();
  await adminPage.close();
});
