import { expect, test, type Browser, type Page } from '@playwright/test';
import { openFromMenu } from './support/navigation';

/**
 * A new person's whole way in, as the issue asks: sign up, see the pending notice, get approved
 * by the admin, sign in, change settings and password, recover the password through the mailed
 * link (read from the outbox, as no SMTP is configured here), sign out.
 */
const ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };
const stamp = Date.now().toString(36);
const person = {
  firstName: 'Lucía',
  lastName: 'Hernández',
  email: `lucia.${stamp}@correo.test`,
  phone: '3312345678',
  password: 'Clave123',
};

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, email: string, password: string, { stay = false } = {}) {
  // The sign-in page is where a journey starts (the address a person types or bookmarks).
  if (!stay) await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/shipments$/);
  return page;
}

/** Opens 'Bandeja de salida' from the menu, then the newest kept mail to `to` with that subject; answers its plain text. */
async function readMail(admin: Page, to: string, subject: string): Promise<string> {
  await openFromMenu(admin, 'Bandeja de salida');
  await admin.getByRole('textbox', { name: 'Destinatario', exact: true }).fill(to);
  const link = admin.getByRole('button', { name: subject }).first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  await link.click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByTitle('Vista previa del correo')).toBeVisible();
  const text = (await dialog.getByTestId('outbox-text').textContent()) ?? '';
  await admin.keyboard.press('Escape');
  return text;
}

test('sign-up leads to the pending-approval notice, and a pending account cannot sign in', async ({ page }) => {
  // A visitor arrives at the home page and follows 'Regístrate' in the top bar.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Regístrate' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Apellidos', exact: true }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Teléfono', exact: true }).fill(person.phone);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(person.password);
  await page.getByRole('textbox', { name: 'Confirmar contraseña', exact: true }).fill('otra');
  await page.getByRole('textbox', { name: 'Confirmar contraseña', exact: true }).blur();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirmar contraseña', exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  const dialog = page.getByRole('dialog', { name: 'Activación de cuenta' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/signin\?newUser=true$/);
  await expect(page.getByText('Usted ha creado una cuenta en nuestro sistema.')).toBeVisible();
  await expect(page.getByText('Aún no ha sido aprobada su cuenta; al ser aprobada será notificado vía WhatsApp.')).toBeVisible();

  await signIn(page, person.email, person.password);
  await expect(page.getByText('Aún no ha sido aprobada su cuenta; al ser aprobada será notificado vía WhatsApp.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, person.email, 'mala123');
  await expect(page.getByText('Correo y/o Contraseña inválidos')).toBeVisible();
});

test('the admin approves the account from Usuarios, and the approval notices are kept in the outbox', async ({ browser }) => {
  const admin = await adminPage(browser);
  await expect(admin.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Usuarios' })).toBeVisible();
  await admin.getByRole('link', { name: 'Usuarios' }).click();
  await admin.getByRole('textbox', { name: 'Buscar', exact: true }).fill(person.email);
  const row = admin.getByRole('row', { name: new RegExp(person.email.replace('.', '\\.')) });
  // A sign-up waits for its first approval: never shown as 'Bloqueado'.
  await expect(row.getByText('Pendiente de aprobación')).toBeVisible();
  await row.getByRole('button', { name: /Activar/ }).click();
  await expect(row.getByText('Activo')).toBeVisible();
  await expect(row.getByRole('button', { name: /Desactivar/ })).toBeVisible();

  const approved = await readMail(admin, person.email, 'Tu cuenta fue aprobada');
  expect(approved).toContain('/signin');
  await openFromMenu(admin, 'Bandeja de salida');
  await admin.getByRole('textbox', { name: 'Destinatario', exact: true }).fill('523312345678');
  await expect(admin.getByRole('cell', { name: 'WhatsApp' }).first()).toBeVisible();
  await admin.context().close();
});

test('the approved person signs in, sees the dashboard, and a user has no admin entries', async ({ page }) => {
  // Typed or bookmarked addresses: each one checks where the guards send a person.
  await page.goto('/configuracion');
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fconfiguracion$/);
  await signIn(page, person.email, person.password, { stay: true });
  await expect(page).toHaveURL(/\/configuracion$/);

  await page.goto('/signin');
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByRole('heading', { name: 'Aún no tienes envíos' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Acceso restringido' })).toBeVisible();

  // The session survives a reload (httpOnly cookie).
  await page.reload();
  await expect(page.getByRole('button', { name: `Menú de ${person.firstName} ${person.lastName}` })).toBeVisible();

  // Rastrear in the top bar.
  await openFromMenu(page, 'Mis Envíos');
  await page.getByRole('button', { name: 'Rastrear' }).click();
  await page.getByPlaceholder('N° de guía').fill('1234567890');
  await page.getByRole('button', { name: 'Buscar' }).click();
  // It opens 'Resultado del Envío' on the same page; this guide was never issued.
  const modal = page.getByRole('dialog', { name: 'Resultado del Envío' });
  await expect(modal.getByText('El N° de guía 1234567890 no ha sido localizado.')).toBeVisible();
  await expect(page).toHaveURL(/\/shipments$/);
});

test('settings: account, tax information, automatic invoice and password', async ({ page }) => {
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/shipments$/);
  await page.getByRole('button', { name: `Menú de ${person.firstName} ${person.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Configuración' }).click();
  await expect(page).toHaveURL(/\/configuracion$/);

  await page.getByRole('button', { name: 'Editar cuenta' }).click();
  const account = page.getByRole('dialog', { name: 'Editar cuenta' });
  await expect(account.getByRole('textbox', { name: 'Correo electrónico', exact: true })).toBeDisabled();
  await account.getByRole('textbox', { name: 'Sitio web', exact: true }).fill('no es url');
  await account.getByRole('button', { name: 'Guardar' }).click();
  await expect(account.getByText('URL inválida')).toBeVisible();
  await account.getByRole('textbox', { name: 'Sitio web', exact: true }).fill('https://lucia.mx');
  await account.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía María');
  await account.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cuenta' }).getByText('Lucía María Hernández')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menú de Lucía María Hernández' })).toBeVisible();

  await page.getByRole('button', { name: 'Editar información fiscal' }).click();
  const tax = page.getByRole('dialog', { name: 'Información fiscal' });
  await tax.getByRole('textbox', { name: 'RFC', exact: true }).fill('XYZ');
  await tax.getByRole('textbox', { name: 'Calle y número', exact: true }).fill('Av. Vallarta 1000');
  await tax.getByRole('button', { name: 'Guardar' }).click();
  await expect(tax.getByText(/El RFC debe tener 12 caracteres si es de una empresa/)).toBeVisible();
  await tax.getByRole('textbox', { name: 'Nombre o razón social', exact: true }).fill('Lucía María Hernández');
  await tax.getByRole('textbox', { name: 'RFC', exact: true }).fill('HELU900101AB5');
  await tax.getByRole('combobox', { name: 'Régimen fiscal' }).click();
  await page.getByRole('option', { name: '612 Personas Físicas con Actividades Empresariales y Profesionales' }).click();
  await tax.getByRole('textbox', { name: 'Colonia', exact: true }).fill('Americana');
  await tax.getByRole('combobox', { name: 'Código postal fiscal' }).fill('44100');
  await expect(tax.getByRole('textbox', { name: 'Estado y ciudad', exact: true })).toHaveValue(/Jalisco, Guadalajara/, { timeout: 10_000 });
  await tax.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('HELU900101AB5')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Información fiscal' }).getByText('612 Personas Físicas con Actividades Empresariales y Profesionales'),
  ).toBeVisible();

  const invoice = page.getByRole('checkbox', { name: /Facturación automática/ });
  await invoice.check();
  await expect(invoice).toBeChecked();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Facturación automática/ })).toBeChecked();

  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const pw = page.getByRole('dialog', { name: 'Cambiar contraseña' });
  await pw.getByRole('textbox', { name: 'Contraseña actual', exact: true }).fill('equivocada');
  await pw.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Nueva456');
  await pw.getByRole('textbox', { name: 'Repetir nueva contraseña', exact: true }).fill('Nueva456');
  await pw.getByRole('button', { name: 'Guardar' }).click();
  await expect(pw.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await pw.getByRole('textbox', { name: 'Contraseña actual', exact: true }).fill(person.password);
  await pw.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  person.password = 'Nueva456';

  // Cerrar sesión revokes the session and goes home; the guarded page (typed again) then asks to sign in.
  // Configuración has the site's top bar: its name menu leads back to Mis Envíos.
  await page.getByRole('button', { name: /^Menú de / }).click();
  await page.getByRole('menuitem', { name: 'Mis Envíos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Envíos' })).toBeVisible();
  await page.getByRole('button', { name: /^Menú de / }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
  await page.goto('/shipments');
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fshipments$/);
});

test('password recovery through the mailed link, single use', async ({ page, browser }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: /Olvidaste tu contraseña/ }).click();
  await expect(page).toHaveURL(/\/password-recovery$/);
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill('nadie@correo.test');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Error! El correo no existe')).toBeVisible();

  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(person.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('¡Éxito! Verifica tu correo para configurar tu nueva contraseña. Ya puedes cerrar esta ventana.')).toBeVisible();

  const admin = await adminPage(browser);
  const text = await readMail(admin, person.email, 'Recupera tu contraseña');
  await admin.context().close();
  const link = /(http:\/\/127\.0\.0\.1:\d+\/password-recovery\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(link, 'the recovery link in the mail').toBeTruthy();

  // The person opens the link from their e-mail.
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Otra789');
  await page.getByRole('textbox', { name: 'Confirmar contraseña', exact: true }).fill('Otra789');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText(/Su contraseña se ha recuperado satisfactoriamente; en [1-5] segundos? será redirigido al inicio de sesión\./)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/, { timeout: 8_000 });

  await signIn(page, person.email, 'Otra789');
  await expect(page).toHaveURL(/\/shipments$/);

  // The same link, opened again from the e-mail, does not work twice.
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Otra000');
  await page.getByRole('textbox', { name: 'Confirmar contraseña', exact: true }).fill('Otra000');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText(/no es válido, ya se usó o venció/)).toBeVisible();
});
