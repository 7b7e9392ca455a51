import { expect, test } from '@playwright/test';

test('a visitor picks the origin postal code from the suggestions with the keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Envía paquetes a todo México al mejor precio');

  const origin = page.getByRole('combobox', { name: 'Código postal de origen' });
  await origin.click();
  await origin.pressSequentially('441');
  const suggestions = page.getByRole('listbox', { name: 'Sugerencias de código postal de origen' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(suggestions.getByRole('option').first()).toContainText('Guadalajara');

  // The first suggestion reads 'postal code - colonia - city'.
  const first = (await suggestions.getByRole('option').first().textContent()) ?? '';
  const [code = '', colonia = '', city = ''] = first.split(' - ');
  expect(code).toMatch(/^441\d\d$/);

  await origin.press('ArrowDown');
  await origin.press('Enter');

  await expect(suggestions).toBeHidden();
  await expect(origin).toHaveAttribute('aria-expanded', 'false');
  await expect(origin).toHaveValue(code);
  expect(city).toBe('Guadalajara');
  await expect(page.getByRole('group', { name: 'Origen' }).getByText(`${colonia}, ${city}`, { exact: false })).toBeVisible();
});

test('Cotizar! stays disabled until the quote is complete, then stores it and goes to /service-providers', async ({ page }) => {
  await page.goto('/');
  const cotizar = page.getByRole('button', { name: 'Cotizar!' });
  await expect(cotizar).toBeDisabled();

  const origin = page.getByRole('combobox', { name: 'Código postal de origen' });
  await origin.pressSequentially('441');
  await page.getByRole('listbox', { name: 'Sugerencias de código postal de origen' }).getByRole('option').first().click();
  const destination = page.getByRole('combobox', { name: 'Código postal de destino' });
  await destination.pressSequentially('06');
  await destination.pressSequentially('7');
  await page.getByRole('listbox', { name: 'Sugerencias de código postal de destino' }).getByRole('option').first().click();

  await page.getByRole('radio', { name: /Sobre/ }).check();
  await expect(page.getByRole('spinbutton', { name: 'Largo (cm)' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('0.5');
  await expect(cotizar).toBeEnabled();
  await cotizar.click();

  await expect(page).toHaveURL(/\/service-providers$/);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('envios.quoteRequest') ?? 'null') as unknown);
  expect(stored).toMatchObject({
    package_type: 'document',
    parcels: [{ height: 1, width: 25, depth: 1, weight: 0.5 }],
    origin_direction: { country_code: 'MX', city: 'Guadalajara' },
    destination_direction: { country_code: 'MX' },
  });
});

test('the home arrives with the quote form as HTML and loads its code only when the visitor reaches for it', async ({ page }) => {
  const formCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(quote-form|postal-code-autocomplete|country-select)-[^/]*\.js$/.test(r.url())) formCode.push(r.url());
  });
  await page.goto('/');
  const origin = page.getByRole('combobox', { name: 'Código postal de origen' });
  // The form is there, labelled and styled, before any of its code has run.
  await expect(origin).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cotizar!' })).toBeDisabled();
  await page.waitForLoadState('load');
  await page.waitForTimeout(1_500);
  expect(formCode).toEqual([]);
  await origin.evaluate((el) => el.setAttribute('data-e2e-mark', 'servidor'));

  // A package type picked and a code typed before the live form took over are kept, in the same
  // box (the server's element, hydrated), which keeps the focus: the suggestions come once it is live.
  await page.getByRole('radio', { name: /Sobre/ }).check();
  await origin.pressSequentially('441');
  await expect.poll(() => formCode.length).toBeGreaterThan(0);
  await expect(page.locator('[data-e2e-mark="servidor"]')).toHaveValue('441');
  await expect(page.locator('[data-e2e-mark="servidor"]')).toBeFocused();
  await expect(page.getByRole('radio', { name: /Sobre/ })).toBeChecked();
  await expect(page.getByRole('listbox', { name: 'Sugerencias de código postal de origen' }).getByRole('option').first()).toContainText('Guadalajara');
});

test('a code typed while the page is still starting is kept, and the live form takes it over', async ({ page }) => {
  // Hold the app's code back, as a slow phone would, while the visitor already types.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: wait for the form itself instead.
  await page.goto('/', { waitUntil: 'commit' });
  const origin = page.getByRole('combobox', { name: 'Código postal de origen' });
  await origin.evaluate((el) => el.setAttribute('data-e2e-mark', 'servidor'));
  await origin.pressSequentially('441');
  await expect(origin).toHaveValue('441');
  release();

  await expect(page.locator('[data-e2e-mark="servidor"]')).toHaveValue('441');
  await expect(page.locator('[data-e2e-mark="servidor"]')).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'Sugerencias de código postal de origen' }).getByRole('option').first()).toContainText('Guadalajara');
});
