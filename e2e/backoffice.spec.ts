import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openFromMenu, startAtMyShipments } from './support/navigation';
import { ADMIN, createShipments } from './support/shipments';

/**
 * Issue 15 "Overweight, reports and exports": the admin filters the general report and records an
 * overweight with the tariff's suggestion (the customer's wallet pays it); the customer sees why
 * and how much on /overweight and contests it with a photo; the admin accepts the clarification in
 * 'Reporte Sobrepesos' and the wallet shows the refund; an export downloads.
 */
const stamp = Date.now().toString(36);
const person = { firstName: 'Sofía', lastName: `Sobrepeso${stamp.slice(-4)}`, email: `sob.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const mxn = (pesos: number) => `MX$${pesos.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe.configure({ mode: 'serial' });

async function pageSignedInAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

let shipmentId = '';
let folio = 0;
let charged = 0;

test('the admin filters the general report and records an overweight with the suggested cost; the wallet pays it', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...person, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const userId = ((await created.json()) as { _id: string })._id;

  // The customer buys a guide with the wallet; the admin then leaves MX$1,000.00 in it.
  const user = await pageSignedInAs(browser, person);
  shipmentId = (await createShipments(user.request, `Luis ${stamp}`, 1))[0]!;
  const shipment = (await (await user.request.get(`/api/v1/shipments/${shipmentId}`)).json()) as {
    numberOfOrder: number;
    selected_service: { total_amount: number };
  };
  folio = shipment.numberOfOrder;
  await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { userId, cantidadAbonar: shipment.selected_service.total_amount } });
  expect((await user.request.post('/api/v1/payments/many/monedero', { data: { shipments: [shipmentId] } })).ok()).toBeTruthy();
  await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { userId, cantidadAbonar: 1000 } });

  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Reporte General');
  await admin.getByRole('combobox', { name: 'Estatus de pago' }).selectOption({ label: 'Pagado' });
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(person.email);
  await admin.getByRole('textbox', { name: 'Buscar' }).press('Enter');
  const table = admin.getByRole('table', { name: 'Reporte general de envíos' });
  const row = table.getByRole('row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(admin.getByText(`1 envío que coincide con «${person.email}»`)).toBeVisible();
  await expect(row).toContainText(`Folio ${folio}`);
  await expect(row).toContainText('Pagado');

  await row.getByRole('button', { name: `Sobrepeso del envío ${folio}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Editar sobrepeso' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El sobrepeso es obligatorio.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Peso (kg)', exact: true }).fill('9');
  const suggestion = dialog.getByRole('button', { name: /Usar sugerencia: 6 kg · MX\$/ });
  await expect(suggestion).toBeVisible();
  await expect(dialog.getByText(/por kg adicional/)).toBeVisible();
  await suggestion.click();
  charged = Number((await dialog.getByRole('textbox', { name: 'Costo (MX$)' }).inputValue()).replace(/[^\d.]/g, ''));
  expect(charged).toBeGreaterThan(0);
  await dialog.getByRole('textbox', { name: 'Nota para el cliente (opcional)' }).fill('Báscula certificada de la paquetería.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByText('Sobrepeso guardado y cobrado del monedero del cliente.')).toBeVisible();
  await expect(row).toContainText('Pagado');
  await expect(row).toContainText(`6 kg · ${mxn(charged)}`);

  // Double-click opens the shipment.
  await row.getByRole('cell').first().dblclick();
  await expect(admin).toHaveURL(new RegExp(`/shipments/${shipmentId}$`));
  await expect(admin.getByRole('heading', { name: 'Sobrepeso' })).toBeVisible();
  await user.context().close();
  await admin.context().close();
});

test('the customer sees why and how much on /overweight and contests it with a photo', async ({ browser }) => {
  const user = await pageSignedInAs(browser, person);
  await startAtMyShipments(user);
  await openFromMenu(user, 'Sobrepesos');
  const row = user
    .getByRole('table', { name: 'Mis sobrepesos' })
    .getByRole('row')
    .filter({ hasText: `Envío ${folio}` });
  await expect(row).toContainText('Pagado');
  await expect(row).toContainText(mxn(charged));
  await row.getByRole('button', { name: `Ver el sobrepeso del envío ${folio}` }).click();
  const detail = user.getByRole('dialog', { name: `Sobrepeso del envío ${folio}` });
  await expect(detail.getByText('Lo que declaraste')).toBeVisible();
  await expect(detail.getByText('Lo que midió la paquetería')).toBeVisible();
  await expect(detail.getByText('9 kg', { exact: true })).toBeVisible();
  await expect(detail.getByText(/por kg adicional/)).toBeVisible();
  await expect(detail.getByText('Nota del equipo: Báscula certificada de la paquetería.')).toBeVisible();

  await detail.getByRole('button', { name: 'Pedir aclaración' }).click();
  const form = user.getByRole('dialog', { name: 'Pedir una aclaración' });
  await form.getByRole('textbox', { name: 'Mensaje' }).fill('Mi paquete pesaba 3 kg; adjunto la foto en mi báscula.');
  await form.locator('input[type="file"]').setInputFiles({ name: 'bascula.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Enviar aclaración' }).click();
  await expect(user.getByText('Enviamos tu aclaración.', { exact: false })).toBeVisible();
  await expect(detail.getByText('Aclaración en revisión')).toBeVisible();
  // Already taken from the wallet: the notice says what happens if it is accepted, not that it is not charged.
  await expect(detail.getByText(`Estamos revisando tu aclaración; si la aceptamos, te devolvemos ${mxn(charged)} a tu monedero.`)).toBeVisible();
  await expect(detail.getByRole('img', { name: 'bascula.png' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Pedir aclaración' })).toHaveCount(0);
  await user.context().close();
});

test('the admin accepts the clarification and the wallet shows the refund', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Reporte Sobrepesos');
  await admin.getByRole('combobox', { name: 'Estatus del sobrepeso' }).selectOption({ label: 'En aclaración' });
  const row = admin.getByRole('table', { name: 'Reporte de sobrepesos' }).getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText('En aclaración');
  await row.getByRole('button', { name: `Ver el sobrepeso del envío ${folio}` }).click();
  const detail = admin.getByRole('dialog', { name: `Sobrepeso del envío ${folio}` });
  await expect(detail.getByText('Mi paquete pesaba 3 kg; adjunto la foto en mi báscula.')).toBeVisible();
  await detail.getByRole('button', { name: 'Resolver aclaración' }).click();
  const resolve = admin.getByRole('dialog', { name: 'Resolver la aclaración' });
  await expect(resolve.getByText(`Se cancela el sobrepeso y se devuelven ${mxn(charged)} al monedero del cliente.`)).toBeVisible();
  await resolve.getByRole('button', { name: 'Aceptar y cancelar' }).click();
  await expect(admin.getByText(`Aclaración aceptada: el sobrepeso se canceló y se devolvieron ${mxn(charged)} al monedero del cliente.`)).toBeVisible();
  await admin.context().close();

  const user = await pageSignedInAs(browser, person);
  await startAtMyShipments(user);
  await openFromMenu(user, 'Monedero');
  await expect(user.getByTestId('wallet-total')).toHaveText('MX$1,000.00');
  const movements = user.getByRole('table', { name: 'Movimientos del monedero' });
  await expect(movements.getByRole('row').filter({ hasText: 'Pago sobrepeso' })).toHaveCount(1);
  await expect(
    movements
      .getByRole('row')
      .filter({ hasText: 'Abono' })
      .filter({ hasText: mxn(charged) }),
  ).toHaveCount(1);
  await openFromMenu(user, 'Sobrepesos');
  await expect(
    user
      .getByRole('table', { name: 'Mis sobrepesos' })
      .getByRole('row')
      .filter({ hasText: `Envío ${folio}` }),
  ).toContainText('Cancelado');
  await user.context().close();
});

test('an export of the general report downloads as a workbook', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Reporte General');
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(person.email);
  await admin.getByRole('textbox', { name: 'Buscar' }).press('Enter');
  await expect(admin.getByRole('table', { name: 'Reporte general de envíos' }).getByRole('row').filter({ hasText: person.email })).toHaveCount(1);
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Exportar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('shipments.xlsx');
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await expect(admin.getByText(/Listo: shipments\.xlsx/)).toBeVisible();

  const csv = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'CSV' }).click();
  const text = readFileSync(await (await csv).path(), 'utf8');
  expect(text.split('\r\n')[1]).toContain(person.email);
  await admin.context().close();
});
