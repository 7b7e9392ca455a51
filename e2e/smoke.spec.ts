import { expect, test } from '@playwright/test';

test('the home page answers in Spanish and an unknown page shows the Spanish 404', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Envíos MX/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
});

test('an unknown API path answers a JSON 404 instead of the app', async ({ request }) => {
  const response = await request.get('/api/v1/no-existe');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'route.not_found' });
});
