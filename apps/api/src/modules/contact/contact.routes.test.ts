import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, someAddress, type SignedIn } from '../../testing/accounts.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

const good = {
  first_name: 'Lucía',
  last_name: 'Hernández',
  company_name: 'Dulces La Abuela',
  email: 'Lucia@Dulces.test',
  phone: '33 1234-5678',
  web: 'dulceslaabuela.mx',
  message: 'Hago 300 envíos al mes a todo México.\n¿Tienen tarifa por volumen?',
  number_shipment: 300,
};

beforeAll(async () => {
  t = await createTestApp({ env: { ...adminEnv, CONTACT_MESSAGES_PER_HOUR: '3', SUPPORT_HOURS: 'de 9:00 a 18:00, de lunes a viernes' } });
  admin = await signInAdmin(t.app);
  user = await createSignedInUser(t.app, admin, { firstName: 'Beto', lastName: 'Ruiz' });
});

afterAll(async () => {
  await t.close();
});

function send(payload: Record<string, unknown>, opts: { address?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload,
    remoteAddress: opts.address ?? someAddress(),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
}

async function outboxFor(recipient: string) {
  await t.app.jobs.drain();
  const r = await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin.headers, query: { recipient, limit: '50' } });
  return r.json<{ docs: { _id: string; subject: string; text: string; recipient: string }[] }>().docs;
}

async function inbox(query: Record<string, string> = {}) {
  const r = await t.app.inject({ method: 'GET', url: '/api/v1/contact/messages', headers: admin.headers, query });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{
    docs: { _id: string; email: string; status: string; web: string; phone: string; number_shipment: number | null; user: string | null; message: string }[];
    count: number;
    open: number;
  }>();
}

describe('POST /api/v1/contact', () => {
  it('stores a good message, mails support (the admins, without SUPPORT_EMAIL) and acknowledges the sender', async () => {
    const r = await send(good);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual({ message: 'Gracias, tu mensaje llegó a su destino.' });

    const stored = (await inbox({ search: 'Dulces La Abuela' })).docs;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      email: 'lucia@dulces.test',
      phone: '3312345678',
      web: 'https://dulceslaabuela.mx',
      number_shipment: 300,
      status: 'open',
      user: null,
    });
    expect(stored[0]!.message).toContain('\n¿Tienen tarifa');

    const toSupport = (await outboxFor('admin@envios.test')).filter((m) => m.subject.startsWith('Nuevo mensaje de contacto'));
    expect(toSupport.map((m) => m.subject)).toContain('Nuevo mensaje de contacto: Lucía Hernández (Dulces La Abuela)');
    expect(toSupport[0]!.text).toContain('Envíos al mes: 300');
    const ack = await outboxFor('lucia@dulces.test');
    expect(ack.map((m) => m.subject)).toEqual(['Recibimos tu mensaje']);
    expect(ack[0]!.text).toContain('de 9:00 a 18:00, de lunes a viernes');
  });

  it("the acknowledgement repeats none of the sender's text, links or names beyond a first name that is a name", async () => {
    const relay = {
      ...good,
      first_name: 'Gana https://premio.example',
      last_name: 'Visita www.premio.example',
      company_name: 'Premio <b>gratis</b>',
      email: 'victima@correo.test',
      web: 'premio.example',
      message: 'Tu cuenta fue suspendida. Entra a https://banco-falso.example/login para recuperarla.',
    };
    expect((await send(relay)).statusCode).toBe(201);
    const [ack] = await outboxFor('victima@correo.test');
    expect(ack!.subject).toBe('Recibimos tu mensaje');
    const html = (await t.app.inject({ method: 'GET', url: `/api/v1/outbox/${ack!._id}`, headers: admin.headers })).body;
    for (const text of [ack!.text, html]) {
      for (const piece of ['premio', 'banco-falso', 'suspendida', 'Gana', 'Visita', 'gratis', 'http']) expect(text).not.toContain(piece);
      expect(text).toContain('Hola:');
    }
    // One thing about replying: without SUPPORT_EMAIL, only the footer's «no respondas».
    expect(ack!.text.match(/respond/gi)).toHaveLength(1);
    // Support still gets the whole message.
    const toSupport = (await outboxFor('admin@envios.test')).find((m) => m.subject.includes('Premio'));
    expect(toSupport!.text).toContain('https://banco-falso.example/login');

    expect((await send({ ...good, first_name: 'María José', email: 'mj@correo.test' })).statusCode).toBe(201);
    expect((await outboxFor('mj@correo.test'))[0]!.text).toMatch(/^Hola María:/);
  });

  it('sends one address at most three acknowledgements a day; the messages still reach support', async () => {
    for (let i = 0; i < 5; i += 1) expect((await send({ ...good, email: 'blanco@correo.test', company_name: `Empresa ${i}` })).statusCode).toBe(201);
    expect(await outboxFor('blanco@correo.test')).toHaveLength(3);
    expect((await inbox({ search: 'blanco@correo.test' })).docs).toHaveLength(5);
  });

  it('accepts a message without monthly shipments (people who do not ship yet)', async () => {
    const { number_shipment: _omit, ...rest } = good;
    const r = await send({ ...rest, email: 'nuevo@correo.test' });
    expect(r.statusCode, r.body).toBe(201);
    expect((await inbox({ search: 'nuevo@correo.test' })).docs[0]!.number_shipment).toBeNull();
  });

  it('remembers the account of a signed-in sender', async () => {
    const r = await send({ ...good, email: 'beto@correo.test' }, { headers: user.headers });
    expect(r.statusCode, r.body).toBe(201);
    expect((await inbox({ search: 'beto@correo.test' })).docs[0]!.user).toBe(user.id);
  });

  it.each([
    ['first_name', 'El nombre es obligatorio.'],
    ['last_name', 'Los apellidos son obligatorios.'],
    ['company_name', 'El nombre de la empresa es obligatorio.'],
    ['email', 'Debes introducir un correo electrónico válido'],
    ['phone', 'Debes introducir un número de teléfono válido'],
    ['web', 'El sitio web es obligatorio.'],
    ['message', 'El mensaje es obligatorio.'],
  ])('answers 400 naming %s when it is missing', async (field, message) => {
    const payload: Record<string, unknown> = { ...good };
    delete payload[field];
    const r = await send(payload);
    expect(r.statusCode).toBe(400);
    expect(r.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual({ path: field, message });
  });

  it.each([
    ['first_name', 'x'.repeat(36), 'El nombre debe tener como máximo 35 caracteres.'],
    ['email', 'lucia@', 'Debes introducir un correo electrónico válido'],
    ['phone', '12-ab', 'Debes introducir un número de teléfono válido'],
    ['web', 'javascript:alert(1)', 'El sitio web no es válido: escribe una dirección como mitienda.mx.'],
    ['web', 'no es una web', 'El sitio web no es válido: escribe una dirección como mitienda.mx.'],
    ['message', 'Hola', 'El mensaje debe tener al menos 10 caracteres.'],
    ['number_shipment', 0, 'Los envíos al mes deben ser un número entero mayor que 0.'],
    ['number_shipment', 'muchos', 'Los envíos al mes deben ser un número entero mayor que 0.'],
    ['number_shipment', 2.5, 'Los envíos al mes deben ser un número entero mayor que 0.'],
  ])('answers 400 naming %s when it is %j', async (field, value, message) => {
    const r = await send({ ...good, [field]: value });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual({ path: field, message });
  });

  it('refuses control characters in the message, naming the field', async () => {
    const r = await send({ ...good, message: 'Hola\u0000 qué tal, amigos' });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual({ path: 'message', message: expect.stringMatching(/caracteres/) });
  });

  it('reads the monthly shipments sent as text, as older clients do', async () => {
    const r = await send({ ...good, email: 'texto@correo.test', number_shipment: '45' });
    expect(r.statusCode, r.body).toBe(201);
    expect((await inbox({ search: 'texto@correo.test' })).docs[0]!.number_shipment).toBe(45);
  });

  it('answers a bot that fills the trap field like anyone else, but stores and sends nothing', async () => {
    const r = await send({ ...good, email: 'bot@spam.test', website: 'http://spam.test' });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({ message: 'Gracias, tu mensaje llegó a su destino.' });
    expect((await inbox({ search: 'bot@spam.test' })).count).toBe(0);
    expect(await outboxFor('bot@spam.test')).toEqual([]);
  });

  it('limits messages per address: the fourth within the hour answers 429 in Spanish, another address still sends', async () => {
    const address = someAddress();
    for (let i = 0; i < 3; i += 1) expect((await send({ ...good, email: `limite${i}@correo.test` }, { address })).statusCode).toBe(201);
    const limited = await send({ ...good, email: 'limite3@correo.test' }, { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string; message: string }>().message).toMatch(/^Demasiadas solicitudes/);
    expect((await inbox({ search: 'limite3@correo.test' })).count).toBe(0);
    expect((await send({ ...good, email: 'otra@correo.test' })).statusCode).toBe(201);
  });
});

describe('the Mensajes inbox', () => {
  it('is for admins only: 401 anonymous, 403 to a user', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/contact/messages'],
      ['GET', '/api/v1/contact/messages/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/v1/contact/messages/00000000-0000-4000-8000-000000000000/replies'],
      ['PATCH', '/api/v1/contact/messages/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: user.headers, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(403);
    }
  });

  it('answers 400 for a bad id, status or page, and 404 for an unknown message', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/contact/messages/123', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/contact/messages', headers: admin.headers, query: { status: 'leído' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/contact/messages', headers: admin.headers, query: { page: '0' } })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/contact/messages/00000000-0000-4000-8000-000000000000', headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('an admin answers by e-mail: the answer is kept and mailed, the message is answered, then closed and reopened', async () => {
    const r = await send({ ...good, first_name: 'Carmen', email: 'carmen@correo.test' });
    expect(r.statusCode).toBe(201);
    const before = await inbox({ status: 'open' });
    const id = before.docs.find((d) => d.email === 'carmen@correo.test')!._id;
    expect(before.open).toBeGreaterThan(0);

    const empty = await t.app.inject({ method: 'POST', url: `/api/v1/contact/messages/${id}/replies`, headers: admin.headers, payload: { message: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual({ path: 'message', message: 'La respuesta es obligatoria.' });

    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contact/messages/${id}/replies`,
      headers: admin.headers,
      payload: { message: 'Hola Carmen, sí: con 300 envíos al mes te damos tarifa preferente.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const detail = answered.json<{ status: string; answeredAt: string | null; replies: { message: string; author: string }[] }>();
    expect(detail.status).toBe('answered');
    expect(detail.answeredAt).not.toBeNull();
    expect(detail.replies).toEqual([
      expect.objectContaining({
        message: 'Hola Carmen, sí: con 300 envíos al mes te damos tarifa preferente.',
        author: expect.stringContaining('admin@envios.test'),
      }),
    ]);
    const mails = await outboxFor('carmen@correo.test');
    const reply = mails.find((m) => m.subject === 'Respuesta a tu mensaje');
    expect(reply?.text).toContain('te damos tarifa preferente');
    expect(reply?.text).toContain('Hago 300 envíos al mes');

    const closed = await t.app.inject({ method: 'PATCH', url: `/api/v1/contact/messages/${id}`, headers: admin.headers, payload: { status: 'closed' } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<{ status: string; closedAt: string | null }>()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contact/messages/${id}/replies`,
      headers: admin.headers,
      payload: { message: 'Otra vez' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('contact.closed');

    const reopened = await t.app.inject({ method: 'PATCH', url: `/api/v1/contact/messages/${id}`, headers: admin.headers, payload: { status: 'open' } });
    expect(reopened.json<{ status: string; closedAt: string | null }>()).toMatchObject({ status: 'answered', closedAt: null });
    const badStatus = await t.app.inject({ method: 'PATCH', url: `/api/v1/contact/messages/${id}`, headers: admin.headers, payload: { status: 'answered' } });
    expect(badStatus.statusCode).toBe(400);
  });
});

describe('with SUPPORT_EMAIL configured', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ env: { ...adminEnv, SUPPORT_EMAIL: 'soporte@envios.test' } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('sends the copy to that address instead of the admins', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/api/v1/contact', payload: good, remoteAddress: someAddress() });
    expect(r.statusCode).toBe(201);
    await s.app.jobs.drain();
    const a = await signInAdmin(s.app);
    const list = async (recipient: string) =>
      (await s.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: a.headers, query: { recipient } })).json<{ docs: { subject: string }[] }>().docs;
    expect((await list('soporte@envios.test')).map((m) => m.subject)).toEqual(['Nuevo mensaje de contacto: Lucía Hernández (Dulces La Abuela)']);
    expect(await list('admin@envios.test')).toEqual([]);
  });
});
