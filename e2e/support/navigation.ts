import { expect, type Page } from '@playwright/test';

/**
 * How a signed-in person moves around: the side menu and Mis Envíos. Journeys start at one
 * address (the page a person lands on or types) and follow these links from there.
 */

/**
 * The journey's one typed address for a person signed in through the API (to save time): Mis
 * Envíos, where signing in lands. Call it after any set-up through the API, so the screens read
 * what the set-up made.
 */
export async function startAtMyShipments(page: Page): Promise<void> {
  await page.goto('/shipments');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Envíos' })).toBeVisible();
}

/** Clicks an entry of the side menu ('Menú del panel') and waits for its page's title. */
export async function openFromMenu(page: Page, entry: string, heading: string | RegExp = entry): Promise<void> {
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: entry, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Mis Envíos filtered by a keyword badge (a recipient's name), as the seller searches it. */
export async function searchMyShipments(page: Page, keyword: string): Promise<void> {
  await openFromMenu(page, 'Mis Envíos');
  const box = page.getByRole('textbox', { name: 'Buscar' });
  await box.fill(keyword);
  await box.press('Enter');
  await expect(page.getByRole('group', { name: 'Palabras clave' }).getByText(keyword)).toBeVisible();
}

/** From Mis Envíos, opens the shipment sent to `recipient` (its row's link) and waits for its detail. */
export async function openShipment(page: Page, recipient: string): Promise<void> {
  await searchMyShipments(page, recipient);
  await page.getByRole('link', { name: new RegExp(`^${recipient}, ver envío \\d+$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles del envío' })).toBeVisible();
}

/** From the shipment's detail, 'Pagar' opens its payment page. */
export async function payShipment(page: Page, recipient: string): Promise<void> {
  await openShipment(page, recipient);
  await page.getByRole('link', { name: 'Pagar', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'PayPal', exact: true })).toBeVisible();
}
