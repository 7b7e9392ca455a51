import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 5 item 2, 'Direcciones': a signed-in person opens /addresses from the sidebar, saves an
 * address by picking postal code 44100 from the suggestions, sees it in the table, edits it and
 * deletes it after the confirmation.
 */
const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };
const stamp = Date.now().toString(36).slice(-5);
const name = `Bodega ${stamp}`;
const renamed = `Bodega Norte ${stamp}`;

async function signIn(page: Page) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú del panel' })).toBeVisible();
}

test('saves an address picked by postal code, edits it and deletes it after confirming', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Direcciones' }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Direcciones' })).toBeVisible();

  // New address: the form says what is missing, then the postal pick fills colony and city.
  await page.getByRole('button', { name: 'Nueva dirección' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva dirección' });
  await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El nombre es obligatorio.')).toBeVisible();
  await expect(dialog.getByText('El código postal es obligatorio.')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('bodega@correo.test');
  await dialog.getByRole('textbox', { name: 'Teléfono' }).fill('3312345678');
  await dialog.getByRole('textbox', { name: 'Calle' }).fill('Av. Juárez');
  await dialog.getByRole('textbox', { name: 'Número exterior' }).fill('123');
  await dialog.getByRole('textbox', { name: 'Número interior' }).fill('4B');
  await dialog.getByRole('combobox', { name: 'Código postal' }).pressSequentially('441');
  await page.getByRole('option', { name: '44100 - Guadalajara Centro - Guadalajara' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Jalisco, Guadalajara');
  await expect(dialog.getByRole('combobox', { name: 'Colonia' })).toHaveValue('Guadalajara Centro');
  await dialog.getByRole('button', { name: 'Guardar' }).click();

  const notice = page.getByRole('status').filter({ hasText: 'Dirección guardada exitosamente.' });
  await expect(notice).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Direcciones guardadas' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Av. Juárez, 123, 4B');
  await expect(row).toContainText('Guadalajara Centro');
  await expect(row).toContainText('44100');
  await expect(row).toContainText('Jalisco, Guadalajara');
  // Success notices close by themselves after 5 seconds.
  await expect(notice).toBeHidden({ timeout: 8_000 });

  // Edit: the modal loads the address by id; saving reloads the list.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar dirección' });
  await expect(edit.getByRole('textbox', { name: 'Nombre' })).toHaveValue(name);
  await expect(edit.getByRole('combobox', { name: 'Código postal' })).toHaveValue('44100');
  await edit.getByRole('textbox', { name: 'Nombre' }).fill(renamed);
  await edit.getByRole('textbox', { name: 'Número interior' }).fill('');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Dirección actualizada exitosamente.')).toBeVisible();
  const renamedRow = table.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toContainText('Av. Juárez, 123');
  await expect(renamedRow).not.toContainText('4B');

  // Delete: 'Cancelar' keeps it; 'Sí' removes it.
  await renamedRow.getByRole('button', { name: `Eliminar ${renamed}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Está seguro?' });
  await expect(confirm.getByText('Está seguro de eliminar este registro?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamedRow).toBeVisible();

  await renamedRow.getByRole('button', { name: `Eliminar ${renamed}` }).click();
  confirm = page.getByRole('dialog', { name: 'Está seguro?' });
  await confirm.getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('Dirección eliminada exitosamente.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);

  // Still gone after a reload: it was deleted on the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Direcciones' })).toBeVisible();
  await expect(page.getByText(renamed)).toHaveCount(0);
});
