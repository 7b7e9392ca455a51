import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@envios/contracts/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signIn, signInAdmin, someAddress, TEST_ADMIN, type SignedIn } from '../../testing/accounts.js';
import { manualClock } from '../../shared/clock.js';

let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;
let beto: SignedIn;
const clock = manualClock(new Date('2026-03-02T18:00:00Z'));

interface OutboxPage {
  docs: { _id: string; channel: string; recipient: string; subject: string | null; text: string }[];
  count: number;
}

async function outbox(recipient?: string): Promise<OutboxPage> {
  await t.app.jobs.drain();
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/outbox',
    query: recipient ? { recipient, limit: '100' } : { limit: '100' },
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutboxPage>();
}

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Carla',
    lastName: 'Ruiz Peña',
    email: `carla.${Math.random().toString(36).slice(2, 8)}@correo.test`,
    phone: '5512345678',
    password: 'secreto1',
    website: 'https://mitienda.mx',
    rol: 'user',
    ...overrides,
  };
}

/** What slowed-down sign-ins waited, in milliseconds. */
const waits: number[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: adminEnv,
    deps: {
      clock,
      signInSleep: async (ms) => {
        waits.push(ms);
      },
    },
  });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin, { firstName: 'Ana' });
  beto = await createSignedInUser(t.app, admin, { firstName: 'Beto' });
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/v1/users (sign-up)', () => {
  it('creates an inactive user account and mails the person and the admins', async () => {
    const body = signUpBody();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: body, remoteAddress: someAddress() });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ _id: string; active: boolean }>();
    expect(created.active).toBe(false);
    expect(response.body).not.toMatch(/password|hash/i);

    const toUser = await outbox(body.email);
    expect(toUser.docs.map((d) => d.subject)).toEqual(['Recibimos tu registro: tu cuenta está en revisión']);
    const toAdmin = await outbox(TEST_ADMIN.email);
    expect(toAdmin.docs.some((d) => d.subject?.startsWith('Nueva cuenta por aprobar: Carla Ruiz Peña') && d.text.includes(body.email))).toBe(true);
  });

  it('stores rol user even when the body asks for admin', async () => {
    const body = signUpBody({ rol: 'admin' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: body, remoteAddress: someAddress() });
    expect(response.statusCode).toBe(201);
    const { _id } = response.json<{ _id: string }>();
    const user = await t.app.inject({ method: 'GET', url: `/api/v1/users/${_id}`, headers: admin.headers });
    expect(user.json()).toMatchObject({ rol: 'user', active: false });
  });

  it('answers 409 with a clear message for an e-mail already registered, whatever its case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: signUpBody({ email: ana.email.toUpperCase() }),
      remoteAddress: someAddress(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'accounts.email_taken', message: expect.stringContaining('Ya existe una cuenta con este correo') });
  });

  it('answers 400 naming each bad field with the spec messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: { firstName: '', lastName: 'x'.repeat(36), email: 'no-es-correo', phone: '55-12', password: '123', website: 'javascript:alert(1)' },
      remoteAddress: someAddress(),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: { path: string; message: string }[] }>();
    expect(body.code).toBe('request.invalid');
    const byPath = Object.fromEntries(body.errors.map((e) => [e.path, e.message]));
    expect(byPath.firstName).toContain('El nombre es obligatorio.');
    expect(byPath.lastName).toContain('Los apellidos debe tener como máximo 35 caracteres.');
    expect(byPath.email).toContain('Debes introducir un correo electrónico válido');
    expect(byPath.phone).toContain('Debes introducir un número de teléfono válido');
    expect(byPath.password).toContain('La contraseña debe tener una longitud de entre 4 y 12 caracteres');
    expect(byPath.website).toContain('URL inválida');
  });

  it('limits sign-ups from one address', async () => {
    const address = someAddress();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: signUpBody(), remoteAddress: address });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('POST /api/v1/login and POST /api/v1/logout', () => {
  it('answers { id, token } and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: ana.email, password: ana.password },
      remoteAddress: someAddress(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; token: string }>();
    expect(body).toEqual({ id: ana.id, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`envios_sesion=${body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api/);
    // The readable hint (no secret) that tells the web app to ask who is signed in.
    expect(cookie).toMatch(/envios_hay_sesion=1; [^,]*Path=\/;/);
    expect(cookie).not.toMatch(/envios_hay_sesion=1;[^,]*HttpOnly/i);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { envios_sesion: body.token } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: ana.id, email: ana.email, rol: 'user' });
  });

  it("answers 404 'Correo y/o Contraseña inválidos' for a wrong password and for an unknown e-mail", async () => {
    for (const payload of [
      { email: ana.email, password: 'otra-cosa' },
      { email: 'nadie@correo.test', password: 'secreto1' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload, remoteAddress: someAddress() });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Correo y/o Contraseña inválidos', code: 'accounts.invalid_credentials' });
    }
  });

  it("answers the message 'no active' to a pending account, and no session", async () => {
    const body = signUpBody();
    await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: body, remoteAddress: someAddress() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: body.email, password: body.password },
      remoteAddress: someAddress(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: accountMessages.inactive, code: 'accounts.inactive' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 for a malformed sign-in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'x', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('correo electrónico');
  });

  it('a token stops working after sign-out, and the cookie is cleared', async () => {
    const session = await signIn(t.app, beto.email, beto.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: session.headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: session.headers });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/envios_sesion=;/);
    expect(String(out.headers['set-cookie'])).toMatch(/envios_hay_sesion=;/);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: session.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'auth.unauthenticated' });
    // Signing out with a dead token is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: session.headers })).statusCode).toBe(204);
  });

  it('a session expires 30 days after sign-in', async () => {
    const session = await signIn(t.app, beto.email, beto.password);
    clock.advance(30 * 24 * 3_600_000 + 1_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: session.headers })).statusCode).toBe(401);
    } finally {
      clock.advance(-(30 * 24 * 3_600_000 + 1_000));
    }
  });

  it('refuses a cookie-authenticated change coming from another origin', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${ana.id}`,
      cookies: { envios_sesion: ana.token },
      headers: { origin: 'https://sitio-malo.example', host: 'localhost:3000' },
      payload: { firstName: 'Hackeada' },
    });
    expect(response.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${ana.id}`,
      cookies: { envios_sesion: ana.token },
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { firstName: 'Ana' },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('brute-force defence', () => {
  it('a guesser at one account from one address is slowed down, then refused; the owner signs in from elsewhere at once', async () => {
    const victim = await createSignedInUser(t.app, admin);
    const guesser = someAddress();
    waits.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: victim.email, password: `adivina${i}` }, remoteAddress: guesser });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    // The third, fourth and fifth guesses waited longer each time.
    expect(waits).toEqual([500, 1000, 2000]);
    // The right password from the guessing address is refused too while it is blocked ...
    const fromGuesser = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: guesser,
    });
    expect(fromGuesser.statusCode).toBe(429);
    expect(fromGuesser.json<{ message: string }>().message).toMatch(
      /^Demasiados intentos de inicio de sesión\. Vuelve a intentarlo en 15 minutos \(a las \d\d:\d\d, hora del centro de México\)\.$/,
    );
    expect(Number(fromGuesser.headers['retry-after'])).toBeGreaterThan(800);
    expect(fromGuesser.headers['set-cookie']).toBeUndefined();
    // ... but the owner, from another address, gets in straight away.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: someAddress(),
    });
    expect(owner.statusCode).toBe(200);
    // Once the block runs out, the guessing address may try again.
    clock.advance(16 * 60_000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: guesser,
    });
    expect(later.statusCode).toBe(200);
  });

  it('100 wrong passwords from many addresses never yield a session nor lock the owner out: they only slow down', async () => {
    const victim = await createSignedInUser(t.app, admin);
    waits.length = 0;
    const statuses: number[] = [];
    // A burst in parallel, then the rest one by one, each from a new address.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: victim.email, password: 'adivina' }, remoteAddress: someAddress() }),
      ),
    );
    statuses.push(...burst.map((r) => r.statusCode));
    for (let i = 0; i < 80; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: victim.email, password: `adivina${i}` },
        remoteAddress: someAddress(),
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    expect(statuses.every((s) => s === 404)).toBe(true);
    // Past the account-wide ceiling every attempt waits, whoever makes it.
    expect(waits.filter((ms) => ms === 2000).length).toBe(50);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: someAddress(),
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['set-cookie']).toBeDefined();
    // A success starts the account's count afresh.
    waits.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: victim.email, password: 'otra-vez' }, remoteAddress: someAddress() });
    expect(waits).toEqual([]);
  });

  it('blocks an address that fails against many accounts', async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: `nadie${i}@correo.test`, password: 'adivina' },
        remoteAddress: address,
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even a real account with its right password is refused from that address while blocked.
    const blocked = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: ana.email, password: ana.password }, remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
  });

  it('a locked account can neither sign in nor use its session', async () => {
    const carlos = await createSignedInUser(t.app, admin);
    const lock = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${carlos.id}`, headers: admin.headers, payload: { locked: true } });
    expect(lock.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: carlos.headers })).json()).toMatchObject({ code: 'accounts.locked' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: carlos.email, password: carlos.password },
      remoteAddress: someAddress(),
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'accounts.locked' });
  });
});

describe('password recovery', () => {
  async function recoveryLink(email: string): Promise<string> {
    const mails = await outbox(email);
    const mail = mails.docs.find((d) => d.subject === 'Recupera tu contraseña');
    const link = /http:\/\/localhost:3000\/password-recovery\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(link, 'recovery mail with a link').toBeTruthy();
    return link![1]!;
  }

  it("answers 404 'El correo no existe' for an unknown e-mail", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-recovery',
      payload: { email: 'nadie@correo.test' },
      remoteAddress: someAddress(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'El correo no existe', code: 'accounts.email_not_found' });
  });

  it('mails a single-use link that sets the password and ends every session', async () => {
    const dora = await createSignedInUser(t.app, admin);
    const asked = await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery', payload: { email: dora.email }, remoteAddress: someAddress() });
    expect(asked.statusCode).toBe(200);
    const token = await recoveryLink(dora.email);

    const reset = await t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${token}`, payload: { password: 'nueva123' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: dora.headers })).statusCode).toBe(401);
    await signIn(t.app, dora.email, 'nueva123');

    const reused = await t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${token}`, payload: { password: 'otra1234' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'accounts.recovery_token_invalid' });
  });

  it('refuses a link after its hour', async () => {
    const eva = await createSignedInUser(t.app, admin);
    await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery', payload: { email: eva.email }, remoteAddress: someAddress() });
    const token = await recoveryLink(eva.email);
    clock.advance(61 * 60_000);
    const late = await t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${token}`, payload: { password: 'nueva123' } });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'accounts.recovery_token_invalid' });
    await signIn(t.app, eva.email, eva.password);
  });

  it('answers 400 for a bad new password and for a malformed link', async () => {
    const short = await t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${'a'.repeat(43)}`, payload: { password: '12' } });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toContain('La contraseña debe tener una longitud de entre 4 y 12 caracteres');
    const tiny = await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery/abc', payload: { password: 'nueva123' } });
    expect(tiny.statusCode).toBe(400);
  });

  it('limits the e-mails per account without ever refusing the owner: earlier links keep working', async () => {
    const fer = await createSignedInUser(t.app, admin);
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery', payload: { email: fer.email }, remoteAddress: someAddress() });
      answers.push({ status: r.statusCode, message: r.json<{ message: string }>().message });
    }
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(5).every((a) => a.message.startsWith('Ya te enviamos varios enlaces'))).toBe(true);
    const mails = (await outbox(fer.email)).docs.filter((d) => d.subject === 'Recupera tu contraseña');
    expect(mails).toHaveLength(5);
    // The first link, sent before four more, still sets the password.
    const first = /\/password-recovery\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${first}`, payload: { password: 'nueva123' } });
    expect(reset.statusCode, reset.body).toBe(200);
    await signIn(t.app, fer.email, 'nueva123');
  });

  it('refuses an address asking for too many accounts in an hour (429)', async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery', payload: { email: `nadie${i}@correo.test` }, remoteAddress: address });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the mail body with the link is not kept in the job once it was delivered', async () => {
    await t.app.jobs.drain();
    const { jobsQueries } = await import('../jobs/jobs.usecases.js');
    const jobs = await jobsQueries.list(t.database.db, { type: 'notifications.email' });
    const recoveries = jobs.filter((j) => (j.payload as { subject?: string }).subject === 'Recupera tu contraseña');
    expect(recoveries.length).toBeGreaterThan(0);
    for (const job of recoveries) {
      expect(job.status).toBe('done');
      expect(JSON.stringify(job.payload)).not.toContain('password-recovery/');
    }
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/users/${ana.id}` })).statusCode).toBe(401);
  });

  it('shows the owner their account without any secret', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/users/${ana.id}`, headers: ana.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: ana.id, email: ana.email, rol: 'user', active: true, invoice: false, taxInformation: null });
    expect(response.body).not.toMatch(/password|hash|token/i);
  });

  it('answers 403 to another user, whatever the id looks like', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/users/${ana.id}`, headers: beto.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/no-es-uuid', headers: beto.headers })).statusCode).toBe(403);
  });

  it('lets an admin read any account, and answers 400/404 to an admin for bad or unknown ids', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/users/${ana.id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/no-es-uuid', headers: admin.headers })).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/users/00000000-0000-4000-8000-000000000000', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PUT /api/v1/users/{id}', () => {
  it('answers 401 to an anonymous caller and 403 to another user', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, payload: { firstName: 'X' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: beto.headers, payload: { firstName: 'X' } })).statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: `/api/v1/users/${ana.id}`, headers: ana.headers });
    expect(still.json()).toMatchObject({ firstName: 'Ana' });
  });

  it('lets the owner change name and website, and clear the website', async () => {
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${ana.id}`,
      headers: ana.headers,
      payload: { firstName: 'Ana María', lastName: 'López', website: 'https://ana.mx' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ firstName: 'Ana María', website: 'https://ana.mx' });
    const cleared = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: ana.headers, payload: { website: '' } });
    expect(cleared.json()).toMatchObject({ website: null });
  });

  it('refuses fields nobody may change this way (rol, email) and an empty change', async () => {
    const rol = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: ana.headers, payload: { rol: 'admin' } });
    expect(rol.statusCode).toBe(400);
    expect(rol.json<{ message: string }>().message).toContain('rol');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: ana.headers, payload: { email: 'otro@correo.test' } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: ana.headers, payload: {} })).statusCode).toBe(400);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: ana.headers });
    expect(me.json()).toMatchObject({ rol: 'user', email: ana.email });
  });

  it('refuses { active } and { locked } from a non-admin, even on their own account', async () => {
    const r = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: ana.headers, payload: { active: true } });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'accounts.admin_only' });
  });

  it('saves tax information with a valid RFC and refuses a bad one naming the field', async () => {
    const taxInformation = {
      name: 'Ana López',
      rfc: 'lopa800101ab7',
      tax_system: '612',
      cfdi_use: 'G03',
      email: 'Facturas@Correo.test',
      phone: '3312345678',
      address: 'Av. Juárez 100',
      colony: 'Centro',
      postal_code: '44100',
      state_city: 'Jalisco, Guadalajara',
    };
    const ok = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: ana.headers, payload: { taxInformation } });
    expect(ok.statusCode, ok.body).toBe(200);
    // Stored as the SAT writes them: the RFC and the name in upper case.
    expect(ok.json()).toMatchObject({ taxInformation: { ...taxInformation, name: 'ANA LÓPEZ', rfc: 'LOPA800101AB7', email: 'facturas@correo.test' } });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${ana.id}`,
      headers: ana.headers,
      payload: { taxInformation: { ...taxInformation, rfc: 'ABC' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: [{ path: 'taxInformation.rfc', message: expect.stringContaining('El RFC debe tener 12 caracteres si es de una empresa') }],
    });
  });

  it('toggles the automatic invoice', async () => {
    const on = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${ana.id}`, headers: ana.headers, payload: { invoice: true } });
    expect(on.json()).toMatchObject({ invoice: true });
  });

  it('changes the own password only with the current one, and ends the other sessions', async () => {
    const gil = await createSignedInUser(t.app, admin);
    const other = await signIn(t.app, gil.email, gil.password);
    const missing = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${gil.id}`, headers: gil.headers, payload: { password: 'nueva123' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ path: 'currentPassword' }] });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${gil.id}`,
      headers: gil.headers,
      payload: { password: 'nueva123', currentPassword: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'accounts.wrong_current_password' });
    const right = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${gil.id}`,
      headers: gil.headers,
      payload: { password: 'nueva123', currentPassword: gil.password },
    });
    expect(right.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: gil.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: other.headers })).statusCode).toBe(401);
    await signIn(t.app, gil.email, 'nueva123');
  });

  it('lets an admin approve a pending account, which mails and WhatsApps the person and lets them sign in', async () => {
    const body = signUpBody({ phone: '3398765432' });
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: body, remoteAddress: someAddress() });
    const { _id } = created.json<{ _id: string }>();
    const approve = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${_id}`, headers: admin.headers, payload: { active: true } });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ active: true });
    const mails = await outbox(body.email);
    expect(mails.docs.map((d) => d.subject)).toContain('Tu cuenta fue aprobada');
    const whatsapp = await outbox('523398765432');
    expect(whatsapp.docs).toEqual([expect.objectContaining({ channel: 'whatsapp', text: expect.stringContaining('fue aprobada') })]);
    await signIn(t.app, body.email, body.password);

    // Deactivating ends every session at once, and reactivating does not bring them back.
    const session = await signIn(t.app, body.email, body.password);
    await t.app.inject({ method: 'PUT', url: `/api/v1/users/${_id}`, headers: admin.headers, payload: { active: false } });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: session.headers });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: body.email, password: body.password },
      remoteAddress: someAddress(),
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ message: 'no active' });
    await t.app.inject({ method: 'PUT', url: `/api/v1/users/${_id}`, headers: admin.headers, payload: { active: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: session.headers })).statusCode).toBe(401);
    await signIn(t.app, body.email, body.password);
  });

  it('does not let an admin deactivate their own account', async () => {
    const r = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${admin.id}`, headers: admin.headers, payload: { active: false } });
    expect(r.statusCode).toBe(409);
  });
});

describe('GET /api/v1/users (admin list)', () => {
  it('answers 401 anonymous and 403 to a user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: ana.headers })).statusCode).toBe(403);
  });

  it('pages the users and filters by name, surname, e-mail or phone', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/users', query: { limit: '2' }, headers: admin.headers });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ docs: unknown[]; count: number; page: number; pages: number; next: number | null; previous: number | null }>();
    expect(body.docs).toHaveLength(2);
    expect(body).toMatchObject({ page: 1, previous: null, next: 2 });
    expect(body.pages).toBe(Math.ceil(body.count / 2));
    expect(page.body).not.toMatch(/password|hash/i);

    await t.app.inject({ method: 'PUT', url: `/api/v1/users/${beto.id}`, headers: beto.headers, payload: { lastName: 'Zapata_Único' } });
    // Case-insensitive for ASCII everywhere; accented letters fold only under a non-C collation.
    for (const filter of ['beto', 'zapata_Ú', beto.email.slice(0, 6), '3312345678']) {
      const r = await t.app.inject({ method: 'GET', url: '/api/v1/users', query: { filter }, headers: admin.headers });
      const ids = r.json<{ docs: { _id: string }[] }>().docs.map((d) => d._id);
      expect(ids, filter).toContain(beto.id);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users', query: { filter: '%' }, headers: admin.headers });
    expect(none.json()).toMatchObject({ count: 0 });
  });

  it('answers 400 for a bad page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users', query: { page: '0' }, headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/users/createFromDashboard', () => {
  const data = () => ({
    firstName: 'Hugo',
    lastName: 'Sánchez',
    email: `hugo.${Math.random().toString(36).slice(2, 8)}@correo.test`,
    phone: '3311112222',
    password: 'clave12',
    rol: 'admin',
  });

  it('answers 401 anonymous and 403 to a user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/createFromDashboard', payload: data() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/createFromDashboard', headers: ana.headers, payload: data() })).statusCode).toBe(403);
  });

  it('creates an active user (never admin) that can sign in at once', async () => {
    const d = data();
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/users/createFromDashboard', headers: admin.headers, payload: d });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ email: d.email, rol: 'user', active: true });
    await signIn(t.app, d.email, d.password);
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/users/createFromDashboard', headers: admin.headers, payload: d });
    expect(dup.statusCode).toBe(409);
  });

  it('answers 400 when a field is missing', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/users/createFromDashboard', headers: admin.headers, payload: { ...data(), phone: '' } });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ message: string }>().message).toContain('teléfono');
  });
});

describe('GET /api/v1/me', () => {
  it('answers 401 anonymous, and the caller to a signed-in user or admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: 'Bearer basura' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: ana.headers })).json()).toMatchObject({ _id: ana.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: admin.headers })).json()).toMatchObject({ rol: 'admin', email: TEST_ADMIN.email });
  });
});
