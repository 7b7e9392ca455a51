import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConektaClient } from './conekta-client.js';
import { CashProviderError, CashWebhookError, type CreateCashOrderInput } from './conekta-types.js';
import { signConektaWebhook } from './conekta-wire.js';
import { CONEKTA_FAKE_PRIVATE_KEY, startConektaFake, type ConektaFake } from './fakes/conekta.fake.js';

let fake: ConektaFake;
beforeAll(async () => {
  fake = await startConektaFake();
});
afterAll(async () => {
  await fake.close();
});

const client = (overrides: Partial<Parameters<typeof createConektaClient>[0]> = {}) =>
  createConektaClient({ baseUrl: fake.baseUrl, privateKey: CONEKTA_FAKE_PRIVATE_KEY, webhookPublicKey: fake.publicKeyPem, timeoutMs: 2000, ...overrides });

let keySeq = 0;
function input(overrides: Partial<CreateCashOrderInput> = {}): CreateCashOrderInput {
  return {
    amountCentavos: 18400 * 2 + 9950,
    currency: 'MXN',
    customer: { name: 'Ana Pérez', email: 'ana@example.mx', phone: '5512345678' },
    lineItems: [
      { name: 'Guía Estafeta Terrestre', unitPriceCentavos: 18400, quantity: 2 },
      { name: 'Guía DHL Express', unitPriceCentavos: 9950, quantity: 1 },
    ],
    expiresAt: new Date(Date.now() + 3 * 24 * 3600 * 1000),
    metadata: { shipment_ids: '42,43', user_id: '7' },
    idempotencyKey: `pago-${++keySeq}-${Date.now()}`,
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<CashProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CashProviderError);
  return error as CashProviderError;
}

describe('Conekta cash orders against a local fake', () => {
  it('creates an order with a cash charge and answers its reference, barcode, expiry and amount', async () => {
    fake.mode = { kind: 'ok' };
    const data = input();
    const order = await client().createCashOrder(data);
    expect(order).toMatchObject({ status: 'pending_payment', amountCentavos: 46750 });
    expect(order.orderId).toMatch(/^ord_/);
    expect(order.reference).toMatch(/^\d{20}$/);
    expect(order.barcodeUrl).toContain(order.reference);
    expect(order.expiresAt.getTime()).toBe(Math.floor(data.expiresAt.getTime() / 1000) * 1000);
  });

  it('sends the documented request: Bearer key, v2.3.0 Accept, centavos and our key in metadata', async () => {
    fake.mode = { kind: 'ok' };
    const data = input();
    await client().createCashOrder(data);
    const post = fake.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(post.path).toBe('/orders');
    expect(post.headers.authorization).toBe(`Bearer ${CONEKTA_FAKE_PRIVATE_KEY}`);
    expect(post.headers.accept).toBe('application/vnd.conekta-v2.3.0+json');
    expect(post.headers['accept-language']).toBe('es');
    expect(post.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post.body)).toEqual({
      currency: 'MXN',
      customer_info: { name: 'Ana Pérez', email: 'ana@example.mx', phone: '5512345678' },
      line_items: [
        { name: 'Guía Estafeta Terrestre', unit_price: 18400, quantity: 2 },
        { name: 'Guía DHL Express', unit_price: 9950, quantity: 1 },
      ],
      charges: [{ payment_method: { type: 'cash', expires_at: Math.floor(data.expiresAt.getTime() / 1000) }, reference_id: data.idempotencyKey }],
      metadata: { shipment_ids: '42,43', user_id: '7', idempotency_key: data.idempotencyKey },
    });
  });

  it('pinned to v2.1.0 it sends a legacy oxxo_cash charge with HTTP Basic and gets a 14-digit OXXO reference', async () => {
    fake.mode = { kind: 'ok' };
    const order = await client({ apiVersion: '2.1.0' }).createCashOrder(input());
    const post = fake.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(post.headers.authorization).toBe(`Basic ${Buffer.from(`${CONEKTA_FAKE_PRIVATE_KEY}:`).toString('base64')}`);
    expect(post.headers.accept).toBe('application/vnd.conekta-v2.1.0+json');
    expect((JSON.parse(post.body) as { charges: { payment_method: { type: string } }[] }).charges[0]!.payment_method.type).toBe('oxxo_cash');
    expect(order.reference).toMatch(/^\d{14}$/);
  });

  it('creating twice with the same key answers the same order and creates only one', async () => {
    fake.mode = { kind: 'ok' };
    const data = input();
    const before = fake.orders.size;
    const first = await client().createCashOrder(data);
    const again = await client().createCashOrder({ ...data });
    expect(again.orderId).toBe(first.orderId);
    expect(again.reference).toBe(first.reference);
    expect(fake.orders.size).toBe(before + 1);
    const other = await client().createCashOrder(input());
    expect(other.orderId).not.toBe(first.orderId);
  });

  it('reads an order back with its status, amount, reference and metadata', async () => {
    fake.mode = { kind: 'ok' };
    const created = await client().createCashOrder(input());
    expect(await client().getOrder(created.orderId)).toEqual({
      orderId: created.orderId,
      status: 'pending_payment',
      amountCentavos: 46750,
      currency: 'MXN',
      reference: created.reference,
      metadata: expect.objectContaining({ shipment_ids: '42,43', user_id: '7' }) as unknown,
    });
    fake.markPaid(created.orderId);
    const paid = await client().getOrder(created.orderId);
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toBeInstanceOf(Date);
  });

  it('refuses amounts that do not add up and bad line items before calling Conekta', async () => {
    const calls = fake.requests.length;
    const wrongTotal = await caught(client().createCashOrder(input({ amountCentavos: 100 })));
    expect(wrongTotal).toMatchObject({ code: 'conekta.invalid_input', retryable: false, message: 'El monto no coincide con la suma de los conceptos.' });
    const shortName = await caught(client().createCashOrder(input({ lineItems: [{ name: 'ab', unitPriceCentavos: 46750, quantity: 1 }] })));
    expect(shortName.details[0]!.param).toBe('line_items.0.name');
    const past = await caught(client().createCashOrder(input({ expiresAt: new Date(Date.now() - 1000) })));
    expect(past.code).toBe('conekta.invalid_input');
    expect(fake.requests.length).toBe(calls);
  });
});

describe('Conekta errors and timeouts', () => {
  it('an unknown order is a 404 not_found in Spanish', async () => {
    fake.mode = { kind: 'ok' };
    const error = await caught(client().getOrder('ord_noexiste'));
    expect(error).toMatchObject({
      code: 'conekta.not_found',
      status: 404,
      retryable: false,
      message: 'La orden no existe en Conekta. The resource was not found.',
    });
    expect(error.logId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('a wrong private key is an authentication error', async () => {
    fake.mode = { kind: 'ok' };
    const error = await caught(client({ privateKey: 'key_mala' }).getOrder('ord_x'));
    expect(error).toMatchObject({ code: 'conekta.authentication', status: 401, retryable: false });
  });

  it('maps a 422 parameter_validation_error with its details and a 500 api_error as retryable', async () => {
    fake.mode = { kind: 'error', status: 422 };
    const validation = await caught(client().createCashOrder(input()));
    expect(validation).toMatchObject({ code: 'conekta.validation', status: 422, retryable: false });
    expect(validation.details[0]).toEqual({ code: 'conekta.errors.parameter_validation.general', message: 'Simulated failure.' });
    fake.mode = { kind: 'error', status: 500 };
    const server = await caught(client().getOrder('ord_x'));
    expect(server).toMatchObject({ code: 'conekta.api_error', status: 500, retryable: true });
    expect(server.message).toMatch(/^Conekta tuvo un error interno/);
    fake.mode = { kind: 'error', status: 402 };
    expect(await caught(client().getOrder('ord_x'))).toMatchObject({ code: 'conekta.processing', retryable: false });
  });

  it('gives up after the timeout with a retryable Spanish error, and a slow but timely answer still works', async () => {
    fake.mode = { kind: 'hang' };
    const started = Date.now();
    const error = await caught(client({ timeoutMs: 300 }).getOrder('ord_x'));
    expect(error).toMatchObject({ code: 'conekta.timeout', retryable: true, message: 'Conekta no respondió a tiempo. Intenta de nuevo.' });
    expect(Date.now() - started).toBeLessThan(2000);
    fake.mode = { kind: 'slow', delayMs: 100 };
    const order = await client({ timeoutMs: 2000 }).createCashOrder(input());
    expect(order.status).toBe('pending_payment');
    fake.mode = { kind: 'ok' };
  });

  it('an unreachable host is a retryable unavailable error', async () => {
    const error = await caught(client({ baseUrl: 'http://127.0.0.1:1' }).getOrder('ord_x'));
    expect(error).toMatchObject({ code: 'conekta.unavailable', retryable: true });
  });

  it('when the answer to a create is lost, retrying with the same key finds that order instead of making a second', async () => {
    fake.mode = { kind: 'ok' };
    const data = input();
    const before = fake.orders.size;
    // Conekta creates the order but the connection drops before the answer arrives.
    const losesAnswer: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      if (init?.method === 'POST') throw new TypeError('socket hang up');
      return response;
    };
    const lost = await caught(client({ fetch: losesAnswer }).createCashOrder(data));
    expect(lost).toMatchObject({ code: 'conekta.unavailable', retryable: true });
    expect(fake.orders.size).toBe(before + 1);
    const retried = await client().createCashOrder(data);
    expect(fake.orders.size).toBe(before + 1);
    expect(retried.orderId).toBe([...fake.orders.keys()].at(-1));
    const lookup = fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/orders?')).at(-1)!;
    expect(lookup.path).toBe(`/orders?limit=20&search=${encodeURIComponent(data.idempotencyKey)}`);
  });
});

describe('Conekta webhook signature (digest header)', () => {
  async function paidDelivery() {
    fake.mode = { kind: 'ok' };
    const order = await client().createCashOrder(input());
    return { order, delivery: fake.markPaid(order.orderId) };
  }

  it('accepts an order.paid delivery signed with the webhook key registered at Conekta', async () => {
    const key = await client({ webhookPublicKey: undefined }).createWebhookKey();
    expect(key.publicKey).toBe(fake.publicKeyPem);
    const { order, delivery } = await paidDelivery();
    const event = client({ webhookPublicKey: key.publicKey }).verifyWebhook(delivery.rawBody, delivery.headers);
    expect(event).toMatchObject({ type: 'order.paid', orderId: order.orderId, livemode: false });
    expect(event.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('accepts order.expired too, with the header under any case', async () => {
    fake.mode = { kind: 'ok' };
    const order = await client().createCashOrder(input());
    const delivery = fake.markExpired(order.orderId);
    const event = client().verifyWebhook(delivery.rawBody, { Digest: delivery.headers.digest });
    expect(event).toMatchObject({ type: 'order.expired', orderId: order.orderId });
  });

  it('refuses a missing, bad or foreign signature and a tampered body', async () => {
    const { delivery } = await paidDelivery();
    const verify = (body: string, headers: Record<string, string | string[] | undefined>) => {
      try {
        client().verifyWebhook(body, headers);
      } catch (e) {
        expect(e).toBeInstanceOf(CashWebhookError);
        return (e as CashWebhookError).code;
      }
      return 'accepted';
    };
    expect(verify(delivery.rawBody, {})).toBe('webhook.missing_signature');
    expect(verify(delivery.rawBody, { digest: '' })).toBe('webhook.missing_signature');
    expect(verify(delivery.rawBody, { digest: 'no es base64!' })).toBe('webhook.bad_signature');
    expect(verify(delivery.rawBody, { digest: Buffer.from('x'.repeat(256)).toString('base64') })).toBe('webhook.bad_signature');
    expect(verify(delivery.rawBody, { digest: [delivery.headers.digest, delivery.headers.digest] })).toBe('webhook.missing_signature');
    const tampered = delivery.rawBody.replace('"livemode":false', '"livemode":true');
    expect(tampered).not.toBe(delivery.rawBody);
    expect(verify(tampered, delivery.headers)).toBe('webhook.bad_signature');
    const reserialized = JSON.stringify(JSON.parse(delivery.rawBody), null, 2);
    expect(verify(reserialized, delivery.headers)).toBe('webhook.bad_signature');
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(verify(delivery.rawBody, { digest: signConektaWebhook(delivery.rawBody, foreign) })).toBe('webhook.bad_signature');
    expect(verify(delivery.rawBody, delivery.headers)).toBe('accepted');
  });

  it('refuses every delivery when no public key is configured', async () => {
    const { delivery } = await paidDelivery();
    expect(() => client({ webhookPublicKey: undefined }).verifyWebhook(delivery.rawBody, delivery.headers)).toThrow(
      expect.objectContaining({ code: 'webhook.not_configured' }) as Error,
    );
  });

  it('a hex-encoded digest verifies when the client is configured for hex', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const body = JSON.stringify({ id: 'evt1', object: 'event', type: 'webhook_ping', livemode: false, created_at: 1741103510, data: { object: {} } });
    const c = client({ webhookPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(), digestEncoding: 'hex' });
    expect(c.verifyWebhook(body, { digest: signConektaWebhook(body, privateKey, 'hex') })).toMatchObject({ type: 'webhook_ping', orderId: null });
    expect(() => c.verifyWebhook(body, { digest: signConektaWebhook(body, privateKey, 'base64') })).toThrow(CashWebhookError);
  });
});
