import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNATURE_RECIPE_NODE,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
} from '@envios/contracts/developers';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { localOutboundPolicy } from '../../testing/test-tls.js';
import { jobsQueries } from '../jobs/jobs.usecases.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { startWebhookReceiver, type WebhookReceiver } from './fakes/webhook-receiver.fake.js';

/*
 * Outgoing webhooks against a local https receiver (the test certificate, allowed by the test
 * policy only): endpoints take public https addresses only; each event goes signed to the
 * endpoints that want it, and the documented recipe verifies the signature; a failing endpoint is
 * retried for three days, then paused and its owner e-mailed; «Reenviar» and «Enviar prueba».
 */

const clock = manualClock(new Date('2026-11-30T16:00:00Z'));
const hosts: Record<string, string> = {};
let receiver: WebhookReceiver;
let t: TestApp;
let admin: SignedIn;
let recipe: (rawBody: string, header: string, secret: string, now?: number) => boolean;
/** The recipe at the app's time (it refuses signatures older than five minutes). */
function verify(rawBody: string, header: string, secret: string): boolean {
  return recipe(rawBody, header, secret, clock.now().getTime());
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  hosts['avisos.tienda.test'] = '127.0.0.1';
  hosts['interna.tienda.test'] = '10.0.0.7';
  const policy = localOutboundPolicy({ allow: [`127.0.0.1:${receiver.port}`] });
  t = await createTestApp({
    env: adminEnv,
    deps: {
      clock,
      outbound: {
        ...policy,
        resolve: (host: string) => (hosts[host] ? Promise.resolve([{ address: hosts[host], family: 4 as const }]) : policy.resolve(host)),
      },
    },
  });
  admin = await signInAdmin(t.app);
  // The recipe the developer page shows, run as a receiver would.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'receta-'));
  writeFileSync(path.join(dir, 'verificar.mjs'), SIGNATURE_RECIPE_NODE);
  ({ verificarFirma: recipe } = (await import(pathToFileURL(path.join(dir, 'verificar.mjs')).href)) as { verificarFirma: typeof recipe });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const url = (p = '/avisos') => `https://avisos.tienda.test:${receiver.port}${p}`;

async function addEndpoint(who: SignedIn, body: { url: string; events: string[]; description?: string }): Promise<CreatedWebhookEndpoint> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/developers/webhooks', headers: who.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedWebhookEndpoint>();
}
async function deliveries(who: SignedIn, endpointId: string): Promise<WebhookDelivery[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/developers/webhooks/${endpointId}/deliveries?limit=100`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WebhookDeliveryPage>().docs;
}
async function credit(who: SignedIn, pesos: number): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: admin.headers,
    payload: { userId: who.id, cantidadAbonar: pesos },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const forPath = (p: string) => receiver.received.filter((r) => r.path === p);

describe('endpoints', () => {
  it('take only https addresses of servers on the internet (a private address, http or an unknown host is refused naming url)', async () => {
    const user = await createSignedInUser(t.app, admin);
    for (const bad of [
      'https://10.0.0.5/avisos',
      `https://interna.tienda.test/avisos`,
      'https://127.0.0.1:9/avisos',
      'http://avisos.tienda.test/avisos',
      'https://no-existe.tienda.test/avisos',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/developers/webhooks',
        headers: user.headers,
        payload: { url: bad, events: ['guide.issued'] },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('url');
    }
    const events = await t.app.inject({ method: 'POST', url: '/api/v1/developers/webhooks', headers: user.headers, payload: { url: url(), events: [] } });
    expect(events.statusCode).toBe(400);
    expect(events.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('events');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/developers/webhooks',
      headers: user.headers,
      payload: { url: url(), events: ['guide.lost'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: [{ path: 'events.0', message: 'Uno de los eventos no existe.' }] });
  });

  it('need a signed-in caller; a bad id or an empty change is 400 naming the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/developers/webhooks' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/developers/webhooks', payload: { url: url(), events: ['guide.issued'] } })).statusCode).toBe(
      401,
    );
    const user = await createSignedInUser(t.app, admin);
    const badId = await t.app.inject({ method: 'GET', url: '/api/v1/developers/webhooks/no-es-uuid/deliveries', headers: user.headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('id');
    const { endpoint } = await addEndpoint(user, { url: url('/vacio'), events: ['guide.issued'] });
    const empty = await t.app.inject({ method: 'PATCH', url: `/api/v1/developers/webhooks/${endpoint._id}`, headers: user.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: [{ message: 'Indica qué cambiar.' }] });
  });

  it('are the account’s own: another account gets 404; its secret is shown to its owner', async () => {
    const ana = await createSignedInUser(t.app, admin);
    const beto = await createSignedInUser(t.app, admin);
    const { endpoint, secret } = await addEndpoint(ana, { url: url('/ana'), events: ['guide.issued'] });
    expect(secret).toMatch(/^whsec_/);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/developers/webhooks/${endpoint._id}/secret`, headers: ana.headers })).json()).toEqual({ secret });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/developers/webhooks/${endpoint._id}/secret`, headers: beto.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/developers/webhooks/${endpoint._id}/deliveries`, headers: beto.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/developers/webhooks/${endpoint._id}`, headers: beto.headers })).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('a purchase’s events arrive signed, once each, with the event id; the documented recipe verifies them; a refused payment publishes nothing', async () => {
    const user = await createSignedInUser(t.app, admin);
    const { endpoint, secret } = await addEndpoint(user, {
      url: url('/compra'),
      events: ['shipment.created', 'payment.confirmed', 'guide.issued', 'wallet.credited'],
    });
    const shipment = await createOne(t, user);
    // Not enough money: nothing is published for the refused payment.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/many/monedero',
      headers: user.headers,
      payload: { shipments: [shipment._id] },
    });
    expect(refused.statusCode).toBe(409);
    await credit(user, 5_000);
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/many/monedero', headers: user.headers, payload: { shipments: [shipment._id] } });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.jobs.drain();

    const got = forPath('/compra');
    const types = got.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types.sort()).toEqual(['guide.issued', 'payment.confirmed', 'shipment.created', 'wallet.credited']);
    for (const r of got) {
      const body = JSON.parse(r.body) as { id: string; type: string; created: string; data: Record<string, unknown> };
      expect(r.headers['x-envios-event-id']).toBe(body.id);
      expect(r.headers['x-envios-event-type']).toBe(body.type);
      expect(r.headers['content-type']).toBe('application/json');
      expect(verify(r.body, String(r.headers['x-envios-signature']), secret)).toBe(true);
      expect(verify(r.body.replace('"data"', '"datos"'), String(r.headers['x-envios-signature']), secret)).toBe(false);
      expect(verify(r.body, String(r.headers['x-envios-signature']), 'whsec_otro')).toBe(false);
    }
    const confirmed = JSON.parse(got.find((r) => r.body.includes('"payment.confirmed"'))!.body) as { data: { shipments: string[]; method: string } };
    expect(confirmed.data).toMatchObject({ shipments: [shipment._id], method: 'monedero' });
    const issued = JSON.parse(got.find((r) => r.body.includes('"guide.issued"'))!.body) as {
      data: { shipment_id: string; guide_number: string; label_url: string };
    };
    expect(issued.data.shipment_id).toBe(shipment._id);
    expect(issued.data.label_url).toContain(`/api/v1/shipments/${shipment._id}/label`);
    const [confirmations] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from domain_events where type = 'payment.confirmed' and user_id = $1",
      [user.id],
    );
    expect(confirmations!.n).toBe(1);

    const log = await deliveries(user, endpoint._id);
    expect(log).toHaveLength(4);
    for (const d of log) expect(d).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200, error: null });
    expect(log.every((d) => d.response_ms !== null && d.request_body.includes(d.event_id))).toBe(true);
    // Draining again delivers nothing twice.
    await t.app.jobs.drain();
    expect(forPath('/compra')).toHaveLength(4);
  });

  it('an endpoint that fails is retried with growing waits for 3 days, then paused, its owner e-mailed once; «Reanudar» and «Reenviar» deliver it', async () => {
    const user = await createSignedInUser(t.app, admin);
    const { endpoint } = await addEndpoint(user, { url: url('/caido'), events: ['wallet.credited'] });
    receiver.answer = (d) => (d.path === '/caido' ? 503 : 200);
    await credit(user, 100);
    await t.app.jobs.drain();
    let [d] = await deliveries(user, endpoint._id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, response_status: 503, error: 'El destino respondió 503.' });
    expect(new Date(d!.next_attempt_at!).getTime() - clock.now().getTime()).toBe(30_000);
    clock.advance(30_000);
    await t.app.jobs.drain();
    [d] = await deliveries(user, endpoint._id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(new Date(d!.next_attempt_at!).getTime() - clock.now().getTime()).toBe(60_000);
    for (let i = 0; i < 40 && d!.status === 'retrying'; i++) {
      clock.advance(6 * 60 * 60_000);
      await t.app.jobs.drain();
      [d] = await deliveries(user, endpoint._id);
    }
    expect(d!.status).toBe('failed');
    const attempts = forPath('/caido').length;
    expect(attempts).toBe(d!.attempts);
    expect(attempts).toBeGreaterThan(10);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/developers/webhooks', headers: user.headers })).json<{ data: WebhookEndpoint[] }>();
    expect(list.data[0]).toMatchObject({ active: false, paused_reason: 'Pausado automáticamente: no respondió con éxito durante 3 días.' });
    const mails = (await jobsQueries.list(t.database.db, { type: 'notifications.email' })).filter((j) => j.key.startsWith(`webhooks.paused:${endpoint._id}:`));
    expect(mails).toHaveLength(1);

    // Paused: new events are not sent, and «Reenviar» is refused until it is resumed.
    await credit(user, 50);
    await t.app.jobs.drain();
    expect(forPath('/caido')).toHaveLength(attempts);
    const early = await t.app.inject({ method: 'POST', url: `/api/v1/developers/webhooks/${endpoint._id}/deliveries/${d!._id}/resend`, headers: user.headers });
    expect(early.statusCode).toBe(409);

    receiver.answer = 200;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/v1/developers/webhooks/${endpoint._id}`, headers: user.headers, payload: { active: true } })).json(),
    ).toMatchObject({ active: true, paused_reason: null });
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/developers/webhooks/${endpoint._id}/deliveries/${d!._id}/resend`,
      headers: user.headers,
    });
    expect(resend.statusCode).toBe(202);
    await t.app.jobs.drain();
    [d] = await deliveries(user, endpoint._id);
    expect(d).toMatchObject({ status: 'delivered', response_status: 200 });
    const last = forPath('/caido').at(-1)!;
    expect(last.headers['x-envios-event-id']).toBe(d!.event_id);
  });

  it('one event fans out to every endpoint at once: one down is retried alone, the others get it once, one row each', async () => {
    const user = await createSignedInUser(t.app, admin);
    const paths = ['/fan-1', '/fan-2', '/fan-3', '/fan-4', '/fan-caido'];
    const endpoints = [];
    for (const p of paths) endpoints.push((await addEndpoint(user, { url: url(p), events: ['wallet.credited'] })).endpoint);
    receiver.answer = (d) => (d.path === '/fan-caido' ? 503 : 200);
    await credit(user, 10);
    await t.app.jobs.drain();
    for (const p of paths) expect(forPath(p), p).toHaveLength(1);
    const eventId = forPath('/fan-1')[0]!.headers['x-envios-event-id'];
    for (const p of paths) expect(forPath(p)[0]!.headers['x-envios-event-id']).toBe(eventId);
    const [rows] = await t.database.query<{ n: number }>('select count(*)::int as n from webhook_deliveries where event_id = $1', [eventId]);
    expect(rows!.n).toBe(paths.length);
    for (const [i, e] of endpoints.entries()) {
      const log = await deliveries(user, e._id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject(
        i < 4 ? { status: 'delivered', attempts: 1, response_status: 200 } : { status: 'retrying', attempts: 1, response_status: 503 },
      );
    }
    // The retry goes to the one that failed, and only to it.
    receiver.answer = 200;
    clock.advance(30_000);
    await t.app.jobs.drain();
    for (const p of paths) expect(forPath(p), p).toHaveLength(p === '/fan-caido' ? 2 : 1);
    expect((await deliveries(user, endpoints[4]!._id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('a first attempt whose answers were not recorded (its worker lost the job after sending) is sent again under the same event id, and written once', async () => {
    const user = await createSignedInUser(t.app, admin);
    const { endpoint } = await addEndpoint(user, { url: url('/sin-registro'), events: ['wallet.credited'] });
    await credit(user, 10);
    const [event] = await t.database.query<{ id: string }>("select id from domain_events where user_id = $1 and type = 'wallet.credited'", [user.id]);
    const key = `event:webhooks:${event!.id}`;
    // While the first attempt is being answered, another worker takes the job over: its answers are not written.
    let taken = false;
    receiver.answer = (d) => {
      if (d.path === '/sin-registro' && !taken) {
        taken = true;
        void t.database.exec(`update jobs set locked_by = 'otro' where key = '${key}'`);
      }
      return 200;
    };
    await t.app.jobs.drain();
    expect(forPath('/sin-registro')).toHaveLength(1);
    expect(await deliveries(user, endpoint._id)).toHaveLength(0);
    // That worker died: the lease runs out and the job runs again.
    await t.database.exec(`update jobs set locked_until = now() - interval '1 minute' where key = '${key}'`);
    receiver.answer = 200;
    await t.app.jobs.drain();
    const got = forPath('/sin-registro');
    expect(got).toHaveLength(2);
    expect(got.map((r) => r.headers['x-envios-event-id'])).toEqual([event!.id, event!.id]);
    const log = await deliveries(user, endpoint._id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'delivered', event_id: event!.id });
    await t.app.jobs.drain();
    expect(forPath('/sin-registro')).toHaveLength(2);
  });

  it('«Reenviar» sends a delivered event again with the same id (the receiver deduplicates by it)', async () => {
    const user = await createSignedInUser(t.app, admin);
    const { endpoint } = await addEndpoint(user, { url: url('/repetir'), events: ['wallet.credited'] });
    await credit(user, 10);
    await t.app.jobs.drain();
    const [d] = await deliveries(user, endpoint._id);
    expect(d!.status).toBe('delivered');
    await t.app.inject({ method: 'POST', url: `/api/v1/developers/webhooks/${endpoint._id}/deliveries/${d!._id}/resend`, headers: user.headers });
    await t.app.jobs.drain();
    const got = forPath('/repetir');
    expect(got).toHaveLength(2);
    expect(got[0]!.headers['x-envios-event-id']).toBe(got[1]!.headers['x-envios-event-id']);
  });

  it('the address is checked again at every connect: a name that now points to a private address is refused, nothing is sent', async () => {
    const user = await createSignedInUser(t.app, admin);
    hosts['cambia.tienda.test'] = '127.0.0.1';
    const { endpoint } = await addEndpoint(user, { url: `https://cambia.tienda.test:${receiver.port}/privada`, events: ['wallet.credited'] });
    hosts['cambia.tienda.test'] = '10.1.2.3';
    await credit(user, 10);
    await t.app.jobs.drain();
    const [d] = await deliveries(user, endpoint._id);
    expect(d).toMatchObject({ status: 'retrying', response_status: null, error: 'La dirección no es pública: solo enviamos avisos a servidores en internet.' });
    expect(forPath('/privada')).toHaveLength(0);
  });

  it('«Enviar prueba» sends a signed webhook.test now and answers the delivery', async () => {
    const user = await createSignedInUser(t.app, admin);
    const { endpoint, secret } = await addEndpoint(user, { url: url('/prueba'), events: ['guide.issued'] });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/developers/webhooks/${endpoint._id}/test`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ event_type: 'webhook.test', status: 'delivered', attempts: 1, response_status: 200 });
    const [got] = forPath('/prueba');
    expect(verify(got!.body, String(got!.headers['x-envios-signature']), secret)).toBe(true);
    // Ten minutes later the same delivery is refused by the recipe (a replayed request).
    clock.advance(10 * 60_000);
    expect(verify(got!.body, String(got!.headers['x-envios-signature']), secret)).toBe(false);
    receiver.answer = (d) => (d.path === '/prueba' ? 500 : 200);
    const failing = await t.app.inject({ method: 'POST', url: `/api/v1/developers/webhooks/${endpoint._id}/test`, headers: user.headers });
    expect(failing.json()).toMatchObject({ status: 'failed', response_status: 500, next_attempt_at: null });
    receiver.answer = 200;
  });
});
