import { expect, test, type Page } from '@playwright/test';
import { createShipments, signInAsAdmin as signIn } from './support/shipments';

/**
 * Issue 5 "My shipments" and "Detail and edit": shipments made through the API, then found,
 * filtered, duplicated, deleted, opened and re-quoted in the browser.
 */
// Other journeys may leave shipments of the same admin: ours carry this tag in the recipient's name.
const tag = `E2E${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

async function filterBy(page: Page, keyword: string) {
  await page.goto('/shipments');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(keyword);
  await page.getByRole('textbox', { name: 'Buscar' }).press('Enter');
  await expect(page.getByRole('group', { name: 'Palabras clave' }).getByText(keyword)).toBeVisible();
}

function dataRows(page: Page) {
  return page
    .getByRole('table', { name: 'Mis envíos' })
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasNot: page.getByRole('columnheader') });
}

test('filter, bulk duplicate and bulk delete', async ({ page }) => {
  await signIn(page);
  await createShipments(page.request, `${tag} Lote`, 3);

  await filterBy(page, `${tag} Lote`);
  await expect(page).toHaveURL(/keywords=/);
  await expect(dataRows(page)).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Estatus de pago' }).selectOption({ label: 'Pagado' });
  await expect(page.getByText('Ningún envío coincide con tus filtros.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Estatus de pago' }).selectOption({ label: 'Guía sin pago' });
  await expect(dataRows(page)).toHaveCount(3);
  await expect(page.getByText('Sin número de guía')).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Seleccionar todos' }).check();
  await page.getByRole('button', { name: 'Duplicar' }).click();
  await expect(page.getByText('Envíos duplicados exitosamente.')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(6);

  // The newest first: the three copies lead the list.
  for (let i = 0; i < 3; i += 1) await dataRows(page).nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Está seguro?' });
  await expect(confirm.getByText('Está seguro de eliminar este registro?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('Envíos eliminados exitosamente.')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(3);
  // The message goes away after 5 seconds.
  await expect(page.getByText('Envíos eliminados exitosamente.')).toBeHidden({ timeout: 8_000 });
});

test('open a detail, change the destination postal code, re-quote and keep the new service', async ({ page }) => {
  await signIn(page);
  await createShipments(page.request, `${tag} Detalle`, 1);

  await filterBy(page, `${tag} Detalle`);
  await dataRows(page).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles del envío' })).toBeVisible();
  const service = page.getByRole('region', { name: 'Servicio seleccionado' });
  const before = (await service.getByRole('paragraph').first().textContent()) ?? '';
  await expect(page.getByRole('link', { name: 'Pagar' })).toBeVisible();

  await page.getByRole('link', { name: 'Editar destino' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A dónde envías?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aplicar Cambios' })).toBeVisible();
  const code = page.getByRole('combobox', { name: /Código postal/ });
  await code.fill('');
  await code.pressSequentially('06760');
  // The only suggestion is the code typed: it counts as chosen without a click.
  await expect(page.getByRole('textbox', { name: /Estado, Ciudad/ })).toHaveValue(/Ciudad de México/);
  await page.getByRole('button', { name: 'Seleccionar Paquetería' }).click();

  const options = page.getByRole('list', { name: 'Opciones de envío' });
  await expect(options).toBeVisible();
  // Another service than the current one: the new choice must show in the detail.
  const cards = options.getByRole('article');
  const names = (await cards.getByRole('heading', { level: 3 }).allTextContents()).map((n) => n.trim());
  const index = names.findIndex((n) => !n.endsWith(before.trim()));
  expect(index).toBeGreaterThanOrEqual(0);
  const chosen = names[index]!;
  await cards
    .nth(index)
    .getByRole('button', { name: /^Elegir con / })
    .click();
  // A new service is confirmed before it is saved.
  await page.getByRole('dialog', { name: 'Cambiar paquetería' }).getByRole('button', { name: 'Aplicar Cambios' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Detalles del envío' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Destino' }).getByText('Roma Sur, CP 06760')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Servicio seleccionado' })).toContainText(chosen.replace(/^\S+\s/, ''));
});
