import { describe, expect, it } from 'vitest';
import type { CreateOrderInput } from './payment-provider.js';
import { createPayPalSandbox, memorySandboxStore } from './paypal-sandbox.js';

const input = (requestId: string, overrides: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  amountCentavos: 12_345,
  currency: 'MXN',
  referenceId: 'PAY-7',
  description: 'Guías de envío',
  returnUrl: 'http://localhost:5173/payments/paypal/return?payment=7',
  cancelUrl: 'http://localhost:5173/payments/7',
  requestId,
  ...overrides,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('sandbox PayPal (offline)', () => {
  it('is labelled sandbox and sends the buyer to the app’s own approval page', async () => {
    const sandbox = createPayPalSandbox({ appUrl: 'http://localhost:5173/', store: memorySandboxStore() });
    expect(sandbox.sandbox).toBe(true);
    const created = await sandbox.createOrder(input('c-1'));
    expect(created.orderId).toMatch(/^SANDBOX-/);
    expect(created.approveUrl).toBe(`http://localhost:5173/sandbox/paypal/${created.orderId}`);
    expect(await sandbox.findOrder(created.orderId)).toMatchObject({ amountCentavos: 12_345, description: 'Guías de envío', status: 'PAYER_ACTION_REQUIRED' });
  });

  it('approve then capture pays the amount; 10 captures with the same request id capture once', async () => {
    const sandbox = createPayPalSandbox({ appUrl: 'http://localhost:5173', store: memorySandboxStore() });
    const { orderId } = await sandbox.createOrder(input('c-2'));
    expect(await failure(sandbox.captureOrder(orderId, 'cap'))).toMatchObject({ kind: 'invalid', issue: 'ORDER_NOT_APPROVED' });
    const redirect = new URL(await sandbox.approve(orderId));
    expect(redirect.pathname).toBe('/payments/paypal/return');
    expect(redirect.searchParams.get('payment')).toBe('7');
    expect(redirect.searchParams.get('token')).toBe(orderId);
    const results = await Promise.all(Array.from({ length: 10 }, () => sandbox.captureOrder(orderId, 'cap')));
    expect(new Set(results.map((r) => r.captureId)).size).toBe(1);
    expect(results[0]).toMatchObject({ status: 'COMPLETED', amountCentavos: 12_345 });
    expect(await sandbox.captureOrder(orderId, 'cap-other')).toEqual(results[0]);
    expect(await sandbox.getOrder(orderId)).toMatchObject({ status: 'COMPLETED', capture: { captureId: results[0]!.captureId, status: 'COMPLETED' } });
    expect(await failure(sandbox.approve(orderId))).toMatchObject({ message: expect.stringContaining('ya no se puede aprobar') as string });
  });

  it('replays a create with the same request id', async () => {
    const sandbox = createPayPalSandbox({ appUrl: 'http://localhost:5173', store: memorySandboxStore() });
    expect(await sandbox.createOrder(input('c-3'))).toEqual(await sandbox.createOrder(input('c-3')));
    expect(await sandbox.createOrder(input('c-4'))).not.toEqual(await sandbox.createOrder(input('c-3')));
  });

  it('a declined instrument answers declined and the order can be approved again', async () => {
    const sandbox = createPayPalSandbox({ appUrl: 'http://localhost:5173', store: memorySandboxStore() });
    const { orderId } = await sandbox.createOrder(input('c-5'));
    await sandbox.decline(orderId);
    expect(await sandbox.captureOrder(orderId, 'cap-a')).toMatchObject({ status: 'DECLINED', declined: true, issue: 'INSTRUMENT_DECLINED' });
    expect((await sandbox.getOrder(orderId)).status).toBe('PAYER_ACTION_REQUIRED');
    await sandbox.approve(orderId);
    expect(await sandbox.captureOrder(orderId, 'cap-b')).toMatchObject({ status: 'COMPLETED', amountCentavos: 12_345 });
  });

  it('cancel sends the buyer to the cancel URL and leaves the order unpaid', async () => {
    const sandbox = createPayPalSandbox({ appUrl: 'http://localhost:5173', store: memorySandboxStore() });
    const { orderId } = await sandbox.createOrder(input('c-6'));
    expect(await sandbox.cancel(orderId)).toBe(`http://localhost:5173/payments/7?token=${orderId}`);
    expect(await failure(sandbox.captureOrder(orderId, 'cap'))).toMatchObject({ kind: 'invalid', issue: 'ORDER_NOT_APPROVED' });
  });

  it('refuses an unknown order and an invalid amount', async () => {
    const sandbox = createPayPalSandbox({ appUrl: 'http://localhost:5173', store: memorySandboxStore() });
    expect(await failure(sandbox.getOrder('SANDBOX-NOPE'))).toMatchObject({ kind: 'invalid', status: 404 });
    expect(await failure(sandbox.approve('SANDBOX-NOPE'))).toMatchObject({ message: expect.stringContaining('no existe') as string });
    expect(await failure(sandbox.createOrder(input('c-7', { amountCentavos: -5 })))).toMatchObject({
      kind: 'invalid',
      message: 'El monto a pagar no es válido.',
    });
  });
});
