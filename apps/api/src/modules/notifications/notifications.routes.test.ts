import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, someAddress, type SignedIn } from '../../testing/accounts.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  user = await createSignedInUser(t.app, admin);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/users',
    remoteAddress: someAddress(),
    payload: { firstName: '<b>Eva</b>', lastName: 'Núñez', email: 'eva@correo.test', phone: '3312345678', password: 'secreto1' },
  });
  await t.app.jobs.drain();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/outbox', () => {
  it('answers 401 anonymous and 403 to a user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: user.headers })).statusCode).toBe(403);
  });

  it('lists kept mail, newest first, paged, and says mail is kept (no SMTP)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin.headers, query: { recipient: 'eva@' } });
    expect(r.statusCode).toBe(200);
    const body = r.json<{ docs: { subject: string; recipient: string; channel: string; createdAt: string }[]; keepsEmail: boolean; count: number }>();
    expect(body.keepsEmail).toBe(true);
    expect(body.count).toBe(1);
    expect(body.docs[0]).toMatchObject({ channel: 'email', recipient: 'eva@correo.test', subject: 'Recibimos tu registro: tu cuenta está en revisión' });
    expect(body.docs[0]).not.toHaveProperty('html');
  });

  it('answers 400 for a bad page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin.headers, query: { page: 'x' } })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/outbox/{id}', () => {
  it('shows an admin the HTML, with what people typed escaped', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin.headers, query: { recipient: 'eva@' } });
    const id = list.json<{ docs: { _id: string }[] }>().docs[0]!._id;
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/outbox/${id}`, headers: admin.headers });
    expect(r.statusCode).toBe(200);
    const mail = r.json<{ html: string; text: string }>();
    expect(mail.html).toContain('<html lang="es-MX">');
    expect(mail.html).toContain('Hola &lt;b&gt;Eva&lt;/b&gt;:');
    expect(mail.html).not.toContain('<b>Eva</b>');
    expect(mail.text).toContain('Hola <b>Eva</b>:');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/outbox/${id}`, headers: user.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/outbox/${id}` })).statusCode).toBe(401);
  });

  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox/123', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox/00000000-0000-4000-8000-000000000000', headers: admin.headers })).statusCode).toBe(404);
  });
});
