import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openFromMenu, startAtMyShipments } from './support/navigation';
import { ADMIN } from './support/shipments';

/**
 * Issue 30 "Shipping at volume": a seller downloads the bulk template, fills it with three orders
 * (one with a colonia that does not belong to its postal code), uploads it, fixes that row in
 * place, creates the three shipments, pays them in one wallet payment and downloads every label at
 * once as PDF (4 × 6) and as ZPL.
 */
const stamp = Date.now().toString(36);
const seller = { firstName: 'Sara', lastName: `Masivo${stamp.slice(-4)}`, email: `bulk.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

const order = (n: number, colonia: string) => ({
  'Origen: nombre': 'Sara Ventas',
  'Origen: correo': 'ventas@correo.test',
  'Origen: teléfono': '3312345678',
  'Origen: calle': 'Av. Juárez',
  'Origen: número exterior': '123',
  'Origen: colonia': 'Guadalajara Centro',
  'Origen: código postal': '44100',
  'Destino: nombre': `Cliente ${stamp} ${n}`,
  'Destino: correo': `cliente${n}@correo.test`,
  'Destino: teléfono': '5512345678',
  'Destino: calle': 'Calle Roma',
  'Destino: número exterior': `${40 + n}`,
  'Destino: colonia': colonia,
  'Destino: código postal': '06600',
  Tipo: 'paquete',
  'Largo (cm)': 30,
  'Ancho (cm)': 20,
  'Alto (cm)': 15,
  'Peso (kg)': 2.5,
  Contenido: 'Ropa',
  Servicio: 'DHL EXPRESS DOMESTIC',
});

test('download the template, upload it filled with a bad row, fix it in place, create, pay once and download the labels as PDF and ZPL', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...seller, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const userId = ((await created.json()) as { _id: string })._id;
  const credit = await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { userId, cantidadAbonar: 5000 } });
  expect(credit.ok(), await credit.text()).toBeTruthy();
  await admin.context().close();

  const page = await signedIn(browser, seller);
  await startAtMyShipments(page);
  await openFromMenu(page, 'Envíos masivos');

  // The template, as the seller downloads it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Plantilla de Excel (.xlsx)' }).click()]);
  expect(download.suggestedFilename()).toBe('plantilla-envios-masivos.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  expect(book.worksheets.map((w) => w.name)).toEqual(['Envíos', 'Valores aceptados']);
  const sheet = book.getWorksheet('Envíos')!;
  const headers = (sheet.getRow(1).values as (string | undefined)[]).slice(1) as string[];
  for (const [n, colonia] of [
    [1, 'Juárez'],
    [2, 'Polanco'],
    [3, 'juarez'],
  ] as const) {
    const values = order(n, colonia) as Record<string, string | number>;
    sheet.addRow(headers.map((h) => values[h] ?? ''));
  }
  const filled = Buffer.from(await book.xlsx.writeBuffer());

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'pedidos-lunes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
  await page.getByRole('button', { name: 'Subir y revisar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'pedidos-lunes.xlsx' })).toBeVisible();
  await expect(page.getByText('Listas: 2')).toBeVisible();
  await expect(page.getByText('Con errores: 1')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Filas del archivo' });
  await expect(rows.getByText('La colonia «Polanco» no pertenece al código postal 06600. Colonias de ese código: Juárez.')).toBeVisible();

  // Fixed in place, without uploading again.
  await rows.getByRole('button', { name: 'Corregir la fila 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Corregir la fila 4' });
  const colonia = dialog.getByRole('group', { name: 'Destino' }).getByRole('textbox', { name: 'Colonia' });
  await expect(colonia).toHaveValue('Polanco');
  await colonia.fill('Juárez');
  await dialog.getByRole('button', { name: 'Guardar y revisar' }).click();
  await expect(page.getByText('La fila 4 quedó lista.')).toBeVisible();
  await expect(page.getByText('Listas: 3')).toBeVisible();

  await page.getByRole('button', { name: /^Crear 3 envíos/ }).click();
  await expect(page.getByText('Creamos 3 envíos')).toBeVisible();

  // One payment for the three, through the usual checkout.
  await page.getByRole('link', { name: 'Pagar 3 envíos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagar envíos' })).toBeVisible();
  await page.getByRole('radio', { name: /Monedero electrónico/ }).check();
  await page.getByRole('button', { name: 'Pagar con Monedero' }).click();
  await expect(page).toHaveURL(/\/payments\/result\/success\?.*monedero=true/);
  await expect(page.getByText('Pago exitoso')).toBeVisible();

  // Back to the upload: every label at once.
  await page.goto('/shipments');
  await openFromMenu(page, 'Envíos masivos');
  await page.getByRole('button', { name: 'pedidos-lunes.xlsx' }).click();
  const labels = page.getByRole('button', { name: 'Descargar 3 etiquetas' });
  await expect(labels).toBeVisible();
  // The guides are issued by a job right after the payment: until then the server says so.
  let pdf: Buffer | undefined;
  for (let attempt = 0; attempt < 20 && !pdf; attempt++) {
    const waiting = page.waitForEvent('download', { timeout: 5_000 }).catch(() => undefined);
    await labels.click();
    const file = await waiting;
    if (file) pdf = await readFile(await file.path());
    else await page.waitForTimeout(500);
  }
  expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf!.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)).toHaveLength(3);

  await page.getByRole('button', { name: 'Elegir otro formato de etiquetas' }).click();
  const [zplFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /ZPL para impresoras Zebra/ }).click()]);
  expect(zplFile.suggestedFilename()).toMatch(/^guias-\d{4}-\d{2}-\d{2}\.zpl$/);
  const zpl = (await readFile(await zplFile.path())).toString('utf8');
  expect(zpl.match(/\^XA/g)).toHaveLength(3);
  expect(zpl.match(/\^BCN/g)).toHaveLength(3);
  expect(zpl).toContain(`Cliente ${stamp} 2`);

  // Mis Envíos marks them printed and filters them.
  await openFromMenu(page, 'Mis Envíos');
  await page.goto('/shipments?printed=yes');
  await expect(page.getByRole('link', { name: new RegExp(`^Cliente ${stamp} 1, ver envío`) })).toBeVisible();
  await page.context().close();
});
