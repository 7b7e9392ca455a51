import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../testing/test-app.js';
import { adminEnv, signInAdmin, someAddress } from '../../../testing/accounts.js';
import { createWhatsAppCloudClient, toWhatsAppNumber, WhatsAppApiError } from './whatsapp-cloud.js';

/**
 * A local fake of the WhatsApp Cloud API that follows its documented contract:
 * `POST /{phone-number-id}/messages` with a bearer token answers
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, and errors as
 * `{ error: { message, type, code, fbtrace_id } }`.
 */
const TOKEN = 'EAAG-prueba';
const PHONE_ID = '1234567890';
const requests: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
let fake: Server;
let baseUrl: string;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString('utf8')));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'x' } }));
        return;
      }
      if (req.method !== 'POST' || req.url !== `/v21.0/${PHONE_ID}/messages` || body.messaging_product !== 'whatsapp') {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: 'Bad request', type: 'OAuthException', code: 100, fbtrace_id: 'y' } }));
        return;
      }
      res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: 'wamid.HBgM' }] }));
    });
  });
  fake.listen(0, '127.0.0.1');
  await new Promise((r) => fake.once('listening', r));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v21.0`;
});

afterAll(async () => {
  await new Promise((r) => fake.close(r));
});

describe('WhatsApp Cloud API client', () => {
  it('sends a text message and answers its id', async () => {
    const client = createWhatsAppCloudClient({ apiUrl: baseUrl, phoneNumberId: PHONE_ID, token: TOKEN });
    await expect(client.send({ to: '523312345678', text: 'Hola' })).resolves.toEqual({ id: 'wamid.HBgM' });
    expect(requests.at(-1)).toMatchObject({
      auth: `Bearer ${TOKEN}`,
      body: { messaging_product: 'whatsapp', to: '523312345678', type: 'text', text: { body: 'Hola', preview_url: false } },
    });
  });

  it('sends an approved template with its body parameters', async () => {
    const client = createWhatsAppCloudClient({ apiUrl: baseUrl, phoneNumberId: PHONE_ID, token: TOKEN });
    await client.send({ to: '523312345678', text: 'Hola', template: { name: 'cuenta_aprobada', language: 'es_MX', bodyParameters: ['Ana'] } });
    expect(requests.at(-1)!.body).toMatchObject({
      type: 'template',
      template: { name: 'cuenta_aprobada', language: { code: 'es_MX' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }] },
    });
  });

  it("turns the API's error answer into an error with its message", async () => {
    const client = createWhatsAppCloudClient({ apiUrl: baseUrl, phoneNumberId: PHONE_ID, token: 'malo' });
    const error = await client.send({ to: '523312345678', text: 'Hola' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhatsAppApiError);
    expect(error).toMatchObject({ status: 401, code: 190, message: expect.stringContaining('Invalid OAuth access token.') });
  });

  it('adds the country code to a Mexican 10-digit number', () => {
    expect(toWhatsAppNumber('33 1234 5678')).toBe('523312345678');
    expect(toWhatsAppNumber('523312345678')).toBe('523312345678');
  });

  it('when configured, approving an account sends the notice through the API instead of the outbox', async () => {
    const t = await createTestApp({
      env: { ...adminEnv, WHATSAPP_API_URL: baseUrl, WHATSAPP_API_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: PHONE_ID },
    });
    try {
      const admin = await signInAdmin(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        remoteAddress: someAddress(),
        payload: { firstName: 'Olga', lastName: 'Ríos', email: 'olga@correo.test', phone: '3311223344', password: 'secreto1' },
      });
      const { _id } = created.json<{ _id: string }>();
      await t.app.inject({ method: 'PUT', url: `/api/v1/users/${_id}`, headers: admin.headers, payload: { active: true } });
      await t.app.jobs.drain();
      expect(requests.at(-1)!.body).toMatchObject({ to: '523311223344', type: 'text', text: { body: expect.stringContaining('Hola Olga, tu cuenta') } });
      const outbox = await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin.headers, query: { recipient: '5233112' } });
      expect(outbox.json()).toMatchObject({ count: 0 });
    } finally {
      await t.close();
    }
  });
});
