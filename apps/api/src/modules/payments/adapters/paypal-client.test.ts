import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError, centavosToPayPalValue, payPalValueToCentavos, type CreateOrderInput } from './payment-provider.js';
import { createPayPalClient, type PayPalConfig } from './paypal-client.js';
import { PAYPAL_FAKE_CREDENTIALS, startPayPalFake, type PayPalFake } from './fakes/paypal.fake.js';

let fake: PayPalFake;
beforeAll(async () => {
  fake = await startPayPalFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = { kind: 'ok' };
});

const client = (overrides: Partial<PayPalConfig> = {}) =>
  createPayPalClient({ baseUrl: fake.url, ...PAYPAL_FAKE_CREDENTIALS, brandName: 'Envíos', ...overrides });

let counter = 0;
const order = (overrides: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  amountCentavos: 35_050,
  currency: 'MXN',
  referenceId: 'PAY-42',
  description: 'Guías de envío',
  returnUrl: 'https://envios.example.mx/pay/ok',
  cancelUrl: 'https://envios.example.mx/pay/cancel',
  requestId: `create-${++counter}`,
  ...overrides,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as PaymentProviderError,
  );

describe('PayPal Orders v2 client against a local fake', () => {
  it('creates an order, the buyer approves it, and the capture answers the paid amount', async () => {
    const paypal = client();
    const created = await paypal.createOrder(order());
    expect(created.status).toBe('PAYER_ACTION_REQUIRED');
    expect(created.approveUrl).toBe(`${fake.url}/checkoutnow?token=${created.orderId}`);

    const sent = fake.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1)!;
    expect(sent.headers['paypal-request-id']).toBe(`create-${counter}`);
    expect(sent.headers.authorization).toMatch(/^Bearer A21AA-fake-\d+$/);
    expect(JSON.parse(sent.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'PAY-42', description: 'Guías de envío', amount: { currency_code: 'MXN', value: '350.50' } }],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Envíos',
            locale: 'es-MX',
            return_url: 'https://envios.example.mx/pay/ok',
            cancel_url: 'https://envios.example.mx/pay/cancel',
          },
        },
      },
    });

    const early = await failure(paypal.captureOrder(created.orderId, 'cap-early'));
    expect(early).toMatchObject({ kind: 'invalid', status: 422, issue: 'ORDER_NOT_APPROVED', message: 'El pago aún no ha sido aprobado en PayPal.' });

    fake.approve(created.orderId);
    const captured = await paypal.captureOrder(created.orderId, 'cap-1');
    expect(captured).toMatchObject({ orderId: created.orderId, status: 'COMPLETED', amountCentavos: 35_050 });
    expect(captured.captureId).toEqual(expect.any(String));
    const read = await paypal.getOrder(created.orderId);
    expect(read).toMatchObject({
      status: 'COMPLETED',
      referenceId: 'PAY-42',
      amountCentavos: 35_050,
      capture: { captureId: captured.captureId, status: 'COMPLETED', amountCentavos: 35_050 },
    });
  });

  it('replays the same create for the same request id', async () => {
    const paypal = client();
    const input = order();
    const first = await paypal.createOrder(input);
    const again = await paypal.createOrder(input);
    expect(again).toEqual(first);
  });

  it('captures once when the same capture is requested 10 times with the same request id', async () => {
    const paypal = client();
    const { orderId } = await paypal.createOrder(order());
    fake.approve(orderId);
    const before = fake.capturesMade;
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await paypal.captureOrder(orderId, 'cap-same'));
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => paypal.captureOrder(orderId, 'cap-same')));
    const all = [...sequential, ...concurrent];
    expect(fake.capturesMade - before).toBe(1);
    expect(new Set(all.map((r) => r.captureId)).size).toBe(1);
    expect(all.every((r) => r.status === 'COMPLETED' && r.amountCentavos === 35_050)).toBe(true);
  });

  it('answers the existing capture when captured again under another request id', async () => {
    const paypal = client();
    const { orderId } = await paypal.createOrder(order());
    fake.approve(orderId);
    const before = fake.capturesMade;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => paypal.captureOrder(orderId, `cap-other-${i}`)));
    expect(fake.capturesMade - before).toBe(1);
    expect(new Set(results.map((r) => r.captureId)).size).toBe(1);
  });

  it('maps a declined instrument to a declined answer that restarts the approval', async () => {
    const paypal = client();
    const { orderId } = await paypal.createOrder(order());
    fake.approve(orderId);
    fake.mode = { kind: 'instrument_declined' };
    const result = await paypal.captureOrder(orderId, 'cap-declined');
    expect(result).toMatchObject({ orderId, status: 'DECLINED', declined: true, issue: 'INSTRUMENT_DECLINED' });
    expect(result.debugId).toMatch(/^[0-9a-f]+$/);
    expect(result.captureId).toBeUndefined();
    expect((await paypal.getOrder(orderId)).status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('maps a PayPal 5xx to unavailable with its debug id', async () => {
    const paypal = client();
    await paypal.getOrder((await paypal.createOrder(order())).orderId);
    fake.mode = { kind: 'error', status: 500 };
    const error = await failure(paypal.createOrder(order()));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({
      kind: 'unavailable',
      status: 500,
      errorName: 'INTERNAL_SERVER_ERROR',
      message: 'PayPal no está disponible en este momento. Intenta de nuevo en unos minutos.',
    });
    expect(error?.debugId).toMatch(/^[0-9a-f]+$/);
  });

  it('maps an unknown order to invalid', async () => {
    const error = await failure(client().getOrder('NOPE'));
    expect(error).toMatchObject({ kind: 'invalid', status: 404, issue: 'INVALID_RESOURCE_ID' });
  });

  it('refuses bad credentials as auth', async () => {
    const error = await failure(client({ secret: 'mal' }).createOrder(order()));
    expect(error).toMatchObject({ kind: 'auth', status: 401, issue: 'invalid_client', message: 'No fue posible autenticarse con PayPal.' });
  });

  it('reuses its token until a minute before expiry, then fetches a new one', async () => {
    let clock = 1_000_000;
    const paypal = client({ now: () => clock });
    const issued = fake.tokensIssued;
    await Promise.all([paypal.createOrder(order()), paypal.createOrder(order())]);
    await paypal.createOrder(order());
    expect(fake.tokensIssued - issued).toBe(1);
    const token = fake.requests.filter((r) => r.path === '/v1/oauth2/token').at(-1)!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('paypal-cliente:paypal-secreto').toString('base64')}`);
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.body).toBe('grant_type=client_credentials');
    clock += (32_400 - 60) * 1000;
    await paypal.createOrder(order());
    expect(fake.tokensIssued - issued).toBe(2);
  });

  it('renews a revoked token once and retries the call', async () => {
    const paypal = client();
    await paypal.createOrder(order());
    const issued = fake.tokensIssued;
    fake.revokeTokens();
    await paypal.createOrder(order());
    expect(fake.tokensIssued - issued).toBe(1);
  });

  it('gives up after its time limit as unavailable', async () => {
    const paypal = client({ timeoutMs: 150 });
    await paypal.createOrder(order());
    fake.mode = { kind: 'slow', delayMs: 1000 };
    const started = Date.now();
    const error = await failure(paypal.createOrder(order()));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toMatchObject({ kind: 'unavailable', status: 0, message: 'PayPal no respondió a tiempo. Intenta de nuevo en unos minutos.' });
  });

  it('refuses an invalid amount before calling PayPal', async () => {
    const before = fake.requests.length;
    expect(await failure(client().createOrder(order({ amountCentavos: 0 })))).toMatchObject({ kind: 'invalid', message: 'El monto a pagar no es válido.' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('PayPal amounts', () => {
  it('writes centavos as strings with two decimals and reads them back without floats', () => {
    expect(centavosToPayPalValue(35_000)).toBe('350.00');
    expect(centavosToPayPalValue(5)).toBe('0.05');
    expect(centavosToPayPalValue(123_456_789)).toBe('1234567.89');
    expect(() => centavosToPayPalValue(10.5)).toThrow(RangeError);
    expect(payPalValueToCentavos('350.5')).toBe(35_050);
    expect(payPalValueToCentavos('0.29')).toBe(29);
    expect(payPalValueToCentavos('12')).toBe(1200);
    expect(payPalValueToCentavos('1.234')).toBeUndefined();
  });
});
