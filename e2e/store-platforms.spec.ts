import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Issue 29 "Every store a Mexican seller uses": a new seller connects the Shopify and the
 * Tiendanube demo stores from Integraciones (the platform's install page, approved), sets the
 * store's shipping rule to buy by itself, a customer pays an order in the demo store, the order
 * is shipped by the rule without a click (E-Commerce says so) and the demo store's own order
 * shows the guide and our tracking link.
 */
const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };
const stamp = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const response = await page.request.post('/api/v1/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

async function newSeller(browser: Browser, tag: string) {
  const person = { firstName: 'Lupe', lastName: `Regla${tag}`, email: `regla.${tag}.${stamp}@correo.test`, phone: '3312345678', password: 'Clave123' };
  const admin = await signedIn(browser, ADMIN);
  const created = await admin.request.post('/api/v1/users/createFromDashboard', { data: { ...person, rol: 'user' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const userId = ((await created.json()) as { _id: string })._id;
  const credit = await admin.request.post('/api/v1/prepaid/createPrepaid', { data: { userId, cantidadAbonar: 3000 } });
  expect(credit.ok(), await credit.text()).toBeTruthy();
  await admin.context().close();
  const page = await signedIn(browser, person);
  const address = await page.request.post('/api/v1/locations-user', {
    data: {
      name: 'Bodega Centro',
      email: 'bodega@correo.test',
      phone: '3312345678',
      address: 'Av. Juárez',
      number: '123',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      state_code: 'JAL',
    },
  });
  expect(address.ok(), await address.text()).toBeTruthy();
  return page;
}

for (const platform of [
  { id: 'shopify', name: 'Shopify', consent: /\/tienda-demo\/shopify\/admin\/oauth\/authorize\?/ },
  { id: 'tiendanube', name: 'Tiendanube', consent: /\/tienda-demo\/tiendanube\/apps\/[\w-]+\/authorize\?/ },
] as const) {
  test(`${platform.name}: connect the demo store, and a paid order is shipped by the rule with its tracking on the store's order`, async ({ browser }) => {
    const page = await newSeller(browser, platform.id.slice(0, 2));
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Integraciones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integraciones' })).toBeVisible();
    await page.getByRole('button', { name: `Conectar la tienda demo de ${platform.name}` }).click();

    // The demo store's install page, where the platform's would be, labelled as a simulation.
    await expect(page).toHaveURL(platform.consent);
    await expect(page.getByText('Simulación (sandbox): no es una tienda real')).toBeVisible();
    await page.getByRole('button', { name: 'Instalar aplicación' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByText('Tu tienda quedó conectada.')).toBeVisible();
    const store = page.getByRole('region', { name: `Tienda demo de ${platform.name}` });
    await expect(store.getByText(platform.name, { exact: true })).toBeVisible();
    await expect(store.getByText('Configurando los avisos de pedidos en tu tienda…')).toBeHidden({ timeout: 20_000 });

    // The rule: from the saved address, the cheapest service, bought by itself.
    await store.getByRole('button', { name: 'Regla de envío' }).click();
    const rule = page.getByRole('dialog', { name: `Regla de envío · Tienda demo de ${platform.name}` });
    await rule.getByRole('combobox', { name: 'Dirección de origen' }).click();
    await page.getByRole('option', { name: 'Bodega Centro · C.P. 44100' }).click();
    await rule.getByRole('switch', { name: 'Comprar las guías solas con mi monedero' }).check({ force: true });
    await rule.getByRole('button', { name: 'Guardar regla' }).click();
    await expect(rule).toBeHidden();

    // A customer pays in the demo store; nobody clicks anything in Envíos MX.
    await store.getByRole('link', { name: 'Abrir la tienda demo' }).click();
    await expect(page.getByText('Tienda de demostración (sandbox)')).toBeVisible();
    await page.getByRole('button', { name: 'Hacer un pedido de prueba' }).click();
    const receipt = page.getByRole('status').filter({ hasText: 'recibido en la tienda' });
    await expect(receipt).toBeVisible();
    const [, number, customer] = /Pedido (#\d+) de (.+) recibido en la tienda\./.exec((await receipt.textContent()) ?? '') ?? [];
    const order = page.getByRole('article', { name: `Pedido ${number!} · ${customer!}` });
    const guide = order.getByRole('link', { name: /^[A-Z0-9]+$/ });
    await expect(guide).toBeVisible({ timeout: 30_000 });
    const guideNumber = (await guide.textContent())!;
    await expect(order.getByText(`/rastreo/${guideNumber}`)).toBeVisible();

    // Mis Envíos › E-Commerce: the order with its guide, bought by the rule.
    await page.getByRole('link', { name: 'Ver pedidos en Envíos MX' }).click();
    const row = page.getByRole('row', { name: new RegExp(customer!) });
    await expect(row.getByText('Guía comprada por tu regla')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByRole('link', { name: guideNumber })).toBeVisible();
    await page.context().close();
  });
}
