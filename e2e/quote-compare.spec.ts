import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Issue 4 "Done when": a visitor quotes 44100 → 06600 from the home page and compares correctly
 * priced, filterable, explained options; an admin changes a tariff and the next quote shows it.
 */
const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };

test.describe.configure({ mode: 'serial' });

async function quoteFromHome(page: Page) {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Código postal de origen' }).pressSequentially('44100');
  await page.getByRole('combobox', { name: 'Código postal de destino' }).pressSequentially('06600');
  await page.getByRole('spinbutton', { name: 'Largo (cm)' }).fill('30');
  await page.getByRole('spinbutton', { name: 'Ancho (cm)' }).fill('20');
  await page.getByRole('spinbutton', { name: 'Alto (cm)' }).fill('15');
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('3');
  await page.getByRole('button', { name: 'Cotizar!' }).click();
  await expect(page).toHaveURL(/\/service-providers$/);
  await expect(page.getByRole('list', { name: 'Opciones de envío' })).toBeVisible();
}

function pesos(text: string): number {
  const match = /MX\$([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`Sin importe en «${text}»`);
  return Number(match[1]!.replace(/,/g, ''));
}

async function totals(cards: Locator): Promise<number[]> {
  const texts = await cards.getByText(/^Total: MX\$/).allTextContents();
  return texts.map(pesos);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

test('a visitor compares 44100 → 06600: sorted by price, filtered by carrier and speed, with the breakdown', async ({ page }) => {
  await quoteFromHome(page);
  const cards = page.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(5);
  const all = await totals(cards);
  expect(all).toEqual([...all].sort((a, b) => a - b));
  expect(all.every((v) => v > 0)).toBe(true);

  // Provider filter: only DHL's services remain, still cheapest first.
  await page.getByRole('group', { name: 'Paquetería' }).getByText('DHL').click();
  const dhl = await totals(cards);
  expect(dhl.length).toBeGreaterThan(0);
  expect(dhl.length).toBeLessThan(all.length);
  for (const name of await cards.getByRole('heading', { level: 3 }).allTextContents()) expect(name).toMatch(/^DHL /);
  expect(dhl).toEqual([...dhl].sort((a, b) => a - b));

  // Speed filter on top: next day only.
  await page.getByRole('group', { name: 'Tiempo de entrega' }).getByText('Día siguiente').click();
  const fast = await cards.count();
  expect(fast).toBeGreaterThan(0);
  for (const text of await cards.allTextContents()) expect(text).toMatch(/Día siguiente hábil|Mismo día/);

  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(cards).toHaveCount(all.length);

  // The breakdown of the cheapest option: its charges, the quantity and the same total.
  await cards
    .first()
    .getByRole('button', { name: /^Ver desglose de / })
    .click();
  const breakdown = page.getByRole('dialog', { name: 'Desglose del precio' });
  await expect(breakdown).toBeVisible();
  await expect(breakdown.getByText(/^Tarifa base/)).toBeVisible();
  await expect(breakdown.getByRole('row', { name: /Cantidad de guías/ })).toContainText('1');
  expect(pesos((await breakdown.getByRole('row', { name: /^Total/ }).textContent()) ?? '')).toBe(all[0]);
  await page.keyboard.press('Escape');
  await expect(breakdown).toBeHidden();

  // 'Regresar' goes home with the form still filled, ready to quote again.
  await page.getByRole('link', { name: 'Regresar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('combobox', { name: 'Código postal de origen' })).toHaveValue('44100');
  await expect(page.getByRole('combobox', { name: 'Código postal de destino' })).toHaveValue('06600');
  await expect(page.getByRole('textbox', { name: 'Peso (kg)' })).toHaveValue('3');
  await expect(page.getByRole('button', { name: 'Cotizar!' })).toBeEnabled();
});

test('an admin changes a tariff and the next quote shows it', async ({ page, browser }) => {
  await quoteFromHome(page);
  const before = pesos(
    (await card(page, 'AM/PM ESTANDAR')
      .getByText(/^Total: MX\$/)
      .textContent()) ?? '',
  );

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/signin');
  await admin.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(ADMIN.email);
  await admin.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(admin).toHaveURL(/\/shipments$/);
  await admin.getByRole('link', { name: 'Paqueterías y tarifas' }).click();
  await admin.getByRole('button', { name: 'Editar tarifa de AM/PM ESTANDAR' }).click();

  // MX$100.00 more on every bracket of every zone keeps the table valid (the price still never falls).
  const prices = admin.getByRole('spinbutton', { name: /^Precio base de la fila \d+$/ });
  await expect(prices.first()).toBeVisible();
  const count = await prices.count();
  for (let i = 0; i < count; i++) {
    const input = prices.nth(i);
    const value = Number(await input.inputValue());
    await input.fill((value + 100).toFixed(2));
  }
  await admin.getByRole('button', { name: 'Guardar tarifa' }).click();
  await expect(admin.getByText(/^Tarifa guardada/)).toBeVisible();

  // The visitor's price moves by the MX$100.00 of cost plus the margin that applies to it.
  const services = (await (await admin.request.get('/api/v1/carriers/all')).json()) as {
    carriers: { code: string; services: { _id: string; name: string }[] }[];
  };
  const serviceId = services.carriers.find((c) => c.code === 'ampm')!.services.find((s) => s.name === 'ESTANDAR')!._id;
  const { markups } = (await (await admin.request.get('/api/v1/markups')).json()) as {
    markups: { service_id: string | null; user_id: string | null; percent: number }[];
  };
  const margin = markups.find((m) => m.user_id === null && m.service_id === serviceId) ?? markups.find((m) => m.user_id === null && m.service_id === null);
  const expected = Math.round((before + 100 * (1 + (margin?.percent ?? 0) / 100)) * 100) / 100;

  // The audit log says who changed it.
  await admin.getByRole('tab', { name: 'Bitácora' }).click();
  await expect(
    admin
      .getByRole('table', { name: 'Bitácora de cambios' })
      .getByText(/Tarifa de .*ESTANDAR.* reemplazada/)
      .first(),
  ).toBeVisible();
  await adminContext.close();

  await page.reload();
  const after = card(page, 'AM/PM ESTANDAR').getByText(/^Total: MX\$/);
  await expect(after).toBeVisible();
  expect(pesos((await after.textContent()) ?? '')).toBe(expected);
  expect(expected).toBeGreaterThan(before);
});
