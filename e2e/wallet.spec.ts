import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { openFromMenu, startAtMyShipments } from './support/navigation';
import { ADMIN, createShipments } from './support/shipments';

/**
 * Issue 6 "Wallet": an admin credits a user's wallet from Usuarios ('Abonar'), the user sees the
 * balance in Monedero, creates a shipment, pays it from the wallet and downloads its label (PDF).
 * Then the admin screens: the payment in /admin/pagos, the reconciliation, and /admin/guias.
 */
const stamp = Date.now().toString(36);
const person = { firstName: 'Wendy', lastName: `Monedero${stamp.slice(-4)}`, email: `wal.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };

test.describe.configure({ mode: 'serial' });

async function pageSignedInAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** One shipment of the signed-in caller (the shared helper), with its total as the API keeps it. */
async function createShipment(request: APIRequestContext): Promise<{ id: string; total: number }> {
  const [id] = await createShipments(request, `Luis ${stamp}`, 1);
  const detail = await request.get(`/api/v1/shipments/${id}`);
  expect(detail.ok(), await detail.text()).toBeTruthy();
  return { id: id!, total: ((await detail.json()) as { selected_service: { total_amount: number } }).selected_service.total_amount };
}

/** What the browser tells the page when the person switches to another tab and comes back. */
async function leaveTabAndComeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }
  });
}

const mxn = (pesos: number) => `MX$${pesos.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

let userId = '';
let shipment = { id: '', total: 0 };

test('an admin credits a user from Usuarios and the user sees it in Monedero', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...person, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  userId = ((await created.json()) as { _id: string })._id;

  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Usuarios');
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(person.email);
  const table = admin.getByRole('table', { name: 'Usuarios' });
  const row = table.getByRole('row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole('columnheader', { name: 'Saldo' })).toBeVisible();
  await row.getByRole('button', { name: `Abonar a ${person.firstName} ${person.lastName}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Cantidad a abonar' });
  await dialog.getByRole('button', { name: 'Abonar' }).click();
  await expect(dialog.getByText('La cantidad a abonar es obligatoria.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Cantidad a abonar/ }).fill('1500');
  await dialog.getByRole('button', { name: 'Abonar' }).click();
  await expect(admin.getByText(`Se abonaron MX$1,500.00 al monedero de ${person.firstName} ${person.lastName}.`)).toBeVisible();
  await expect(row.getByText('MX$1,500.00')).toBeVisible();

  const user = await pageSignedInAs(browser, person);
  await startAtMyShipments(user);
  await openFromMenu(user, 'Monedero');
  await expect(user.getByTestId('wallet-total')).toHaveText('MX$1,500.00');
  const movements = user.getByRole('table', { name: 'Movimientos del monedero' });
  await expect(movements.getByRole('row').filter({ hasText: 'Abono' }).filter({ hasText: 'Pagado' })).toHaveCount(1);
  await user.context().close();
  await admin.context().close();
});

test('the user pays a shipment with the wallet; Mis Envíos and Monedero show it at once, without a reload', async ({ browser }) => {
  const user = await pageSignedInAs(browser, person);
  shipment = await createShipment(user.request);
  const menu = user.getByRole('navigation', { name: 'Menú del panel' });

  // Both screens are read before paying: after it, following the links must not show what they
  // read then (the shipment unpaid, the old balance).
  await startAtMyShipments(user);
  await openFromMenu(user, 'Monedero');
  await expect(user.getByTestId('wallet-total')).toHaveText('MX$1,500.00');
  await menu.getByRole('link', { name: 'Mis Envíos' }).click();
  const rowOf = () =>
    user
      .getByRole('table', { name: 'Mis envíos' })
      .getByRole('row')
      .filter({ hasText: `Luis ${stamp}` });
  await expect(rowOf().getByText('Guía sin pago')).toBeVisible();

  await rowOf()
    .getByRole('link', { name: new RegExp(`^Luis ${stamp}, ver envío`) })
    .click();
  await user.getByRole('link', { name: 'Pagar' }).click();
  await user.getByRole('radio', { name: /Monedero electrónico/ }).check();
  await user.getByRole('button', { name: 'Pagar con Monedero' }).click();
  await expect(user).toHaveURL(/\/payments\/result\/success\?.*monedero=true/);

  await user.getByRole('link', { name: 'Mis Envíos' }).click();
  await expect(rowOf().getByText('Pagado')).toBeVisible();
  await menu.getByRole('link', { name: 'Monedero' }).click();
  await expect(user.getByTestId('wallet-total')).toHaveText(mxn(1500 - shipment.total));
  await expect(user.getByRole('table', { name: 'Movimientos del monedero' }).getByRole('row').filter({ hasText: 'Cargo' })).toHaveCount(1);

  // The guide is issued by a background job: the label answers 409 until it is ready.
  let label = await user.request.get(`/api/v1/shipments/${shipment.id}/label`);
  for (let i = 0; i < 30 && label.status() === 409; i += 1) {
    await user.waitForTimeout(1_000);
    label = await user.request.get(`/api/v1/shipments/${shipment.id}/label`);
  }
  expect(label.status(), await label.text().catch(() => '')).toBe(200);
  expect(label.headers()['content-type']).toContain('application/pdf');
  expect((await label.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await user.context().close();
});

test('a pending top-up is created and deleted from Nuevo abono (Anterior)', async ({ browser }) => {
  const user = await pageSignedInAs(browser, person);
  const menu = user.getByRole('navigation', { name: 'Menú del panel' });
  await startAtMyShipments(user);
  await openFromMenu(user, 'Monedero');
  await user.getByRole('link', { name: 'Abonar' }).click();
  await expect(user.getByRole('heading', { level: 1, name: 'Nuevo abono' })).toBeVisible();
  await user.getByRole('textbox', { name: /Monto a abonar/ }).fill('200');
  await user.getByRole('button', { name: 'Continuar' }).click();
  await expect(user.getByRole('region', { name: 'Resumen de Prepago' })).toContainText('MX$200.00');
  await menu.getByRole('link', { name: 'Monedero' }).click();
  await expect(user.getByRole('button', { name: /^Eliminar el abono/ })).toHaveCount(1);
  await user.getByRole('link', { name: 'Abonar' }).click();
  await user.getByRole('textbox', { name: /Monto a abonar/ }).fill('300');
  await user.getByRole('button', { name: 'Continuar' }).click();
  await expect(user.getByRole('region', { name: 'Resumen de Prepago' })).toBeVisible();
  await user.getByRole('button', { name: 'Anterior' }).click();
  await expect(user.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await menu.getByRole('link', { name: 'Monedero' }).click();
  // The one left from the first visit is still there; the one undone with Anterior is gone.
  await expect(user.getByRole('button', { name: /^Eliminar el abono/ })).toHaveCount(1);
  await user.getByRole('button', { name: /^Eliminar el abono/ }).click();
  const confirm = user.getByRole('dialog', { name: 'Está seguro?' });
  await expect(confirm.getByText('Está seguro de eliminar este registro?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Sí' }).click();
  await expect(user.getByText('Abono eliminado.')).toBeVisible();
  await expect(user.getByRole('button', { name: /^Eliminar el abono/ })).toHaveCount(0);
  await user.context().close();
});

test('an OXXO top-up marked paid from Pagos (sandbox) raises the balance on the Monedero the seller left open', async ({ browser }) => {
  const user = await pageSignedInAs(browser, person);
  await startAtMyShipments(user);
  await openFromMenu(user, 'Monedero');
  const before = (await user.getByTestId('wallet-total').textContent()) ?? '';
  await user.getByRole('link', { name: 'Abonar' }).click();
  await user.getByRole('textbox', { name: /Monto a abonar/ }).fill('250.50');
  await user.getByRole('button', { name: 'Continuar' }).click();
  await user.getByRole('radio', { name: /OXXO/ }).check();
  await user.getByRole('button', { name: 'Pagar' }).click();
  await expect(user).toHaveURL(/\/payments\/result\/success\?.*oxxo=true/);
  const reference = new URL(user.url()).searchParams.get('reference') ?? '';
  expect(reference).not.toBe('');
  // The seller leaves Monedero open in this tab while paying at the store.
  await user.getByRole('link', { name: 'Ir al Monedero' }).click();
  await expect(user.getByTestId('wallet-total')).toHaveText(before);

  const admin = await pageSignedInAs(browser, ADMIN);
  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Pagos');
  const row = admin.getByRole('table', { name: 'Pagos' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  // The admin clicks while the search for the reference is still loading: its first read leaves
  // before the payment is marked paid and answers after it (a slow network, a busy server). The
  // list must still end up showing the payment paid, not what that read saw.
  const settled = admin.waitForResponse((r) => r.url().includes('/sandbox/paid'));
  let searchReads = 0;
  let searchLeft!: () => void;
  const firstSearchLeft = new Promise<void>((resolve) => (searchLeft = resolve));
  let readAgain!: () => void;
  const secondSearch = new Promise<void>((resolve) => (readAgain = resolve));
  await admin.route(/\/api\/v1\/admin\/payments\?.*q=/, async (route) => {
    searchReads += 1;
    if (searchReads > 1) {
      readAgain();
      return route.continue();
    }
    const response = await route.fetch();
    searchLeft();
    await Promise.race([secondSearch, settled.then(() => admin.waitForTimeout(1_500))]);
    // The app may have cancelled this read by now: then there is nobody to answer.
    await route.fulfill({ response }).catch(() => undefined);
  });
  await admin.getByRole('textbox', { name: /Buscar/ }).fill(reference);
  await firstSearchLeft;
  await expect(row).toContainText('Abono al monedero');
  await row.getByRole('button', { name: /^Marcar pagado \(sandbox\)/ }).click();
  // The status cell, not the button's «Marcar pagado» that was just clicked.
  await expect(row.getByText('Pagado', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /sandbox/ })).toHaveCount(0);
  await expect(admin.getByRole('region', { name: 'Conciliación de monederos' }).getByText('Cuadra al centavo')).toBeVisible();

  // Back in the seller's tab: the balance reads again by itself, no reload and no click.
  await leaveTabAndComeBack(user);
  const expected = Number(before.replace(/[^\d.]/g, '')) + 250.5;
  await expect(user.getByTestId('wallet-total')).toHaveText(mxn(expected));
  await admin.context().close();
  await user.context().close();
});

test('the admin sees the wallet payment in Pagos, the reconciliation and the guide inventory', async ({ browser }) => {
  const admin = await pageSignedInAs(browser, ADMIN);
  await startAtMyShipments(admin);
  await openFromMenu(admin, 'Pagos');
  await expect(admin.getByRole('region', { name: 'Conciliación de monederos' }).getByText('Cuadra al centavo')).toBeVisible();
  await admin.getByRole('textbox', { name: /Buscar/ }).fill(person.email);
  const payments = admin.getByRole('table', { name: 'Pagos' });
  // The wallet payment of the shipment (the OXXO top-up is the other row of this person).
  const walletRow = payments.getByRole('row').filter({ hasText: person.email }).filter({ hasText: 'Envíos' });
  await expect(walletRow).toHaveCount(1);
  await expect(walletRow).toContainText('Monedero');
  await expect(walletRow).toContainText(mxn(shipment.total));
  await expect(walletRow).toContainText('Pagado');

  await openFromMenu(admin, 'Inventario de guías');
  await expect(
    admin
      .getByRole('table', { name: 'Existencias por servicio' })
      .getByRole('button', { name: /^Subir CSV/ })
      .first(),
  ).toBeVisible();
  const csv = `guia\nE2E-${stamp}-1\nE2E-${stamp}-2\nE2E-${stamp}-1\nno valida!\n`;
  await admin
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'guias.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(admin.getByText('guias.csv: 2 guías agregadas, 1 duplicada, 1 línea no válida.')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Líneas no válidas' })).toContainText('no valida!');

  await openFromMenu(admin, 'Recolección');
  await admin.context().close();
  expect(userId).not.toBe('');
});
