import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../shared/clock.js';
import { createConektaSandbox } from './conekta-sandbox.js';
import { CashProviderError, CashWebhookError, type CreateCashOrderInput } from './conekta-types.js';
import { verifyConektaWebhook } from './conekta-wire.js';

const clock = manualClock(new Date('2026-01-15T12:00:00Z'));

function input(overrides: Partial<CreateCashOrderInput> = {}): CreateCashOrderInput {
  return {
    amountCentavos: 18400,
    currency: 'MXN',
    customer: { name: 'Ana Pérez', email: 'ana@example.mx', phone: '5512345678' },
    lineItems: [{ name: 'Guía Estafeta Terrestre', unitPriceCentavos: 18400, quantity: 1 }],
    expiresAt: new Date('2026-01-18T12:00:00Z'),
    metadata: { shipment_ids: '42' },
    idempotencyKey: 'pago-42-1',
    ...overrides,
  };
}

describe('Conekta sandbox (offline cash provider)', () => {
  it('issues a pending order with a reference that is clearly a sandbox one', async () => {
    const sandbox = createConektaSandbox({ clock });
    const order = await sandbox.createCashOrder(input());
    expect(sandbox.kind).toBe('sandbox');
    expect(order).toMatchObject({ status: 'pending_payment', amountCentavos: 18400, expiresAt: new Date('2026-01-18T12:00:00Z') });
    expect(order.orderId).toMatch(/^ord_sbx_/);
    expect(order.reference).toMatch(/^SBX\d{14}$/);
    expect(order.barcodeUrl).toBeUndefined();
  });

  it('answers the same order for the same key and a new one for another key', async () => {
    const sandbox = createConektaSandbox({ clock });
    const first = await sandbox.createCashOrder(input());
    expect(await sandbox.createCashOrder(input())).toEqual(first);
    expect((await sandbox.createCashOrder(input({ idempotencyKey: 'pago-42-2' }))).orderId).not.toBe(first.orderId);
  });

  it('validates like the real client (amounts must add up)', async () => {
    const sandbox = createConektaSandbox({ clock });
    await expect(sandbox.createCashOrder(input({ amountCentavos: 18401 }))).rejects.toMatchObject({ code: 'conekta.invalid_input' });
    await expect(sandbox.getOrder('ord_sbx_nada')).rejects.toBeInstanceOf(CashProviderError);
  });

  it("'Marcar pagado' produces a signed order.paid delivery that the webhook verifier accepts, and the order reads paid", async () => {
    const sandbox = createConektaSandbox({ clock });
    const order = await sandbox.createCashOrder(input());
    const delivery = sandbox.markPaid(order.orderId);
    const event = sandbox.verifyWebhook(delivery.rawBody, delivery.headers);
    expect(event).toEqual({ id: delivery.event.id, type: 'order.paid', orderId: order.orderId, livemode: false, createdAt: clock.now() });
    // The same check a real deployment runs with the published public key.
    expect(verifyConektaWebhook(delivery.rawBody, delivery.headers, sandbox.publicKeyPem).orderId).toBe(order.orderId);
    const body = JSON.parse(delivery.rawBody) as {
      object: string;
      data: { object: { payment_status: string; amount: number; charges: { data: { status: string; paid_at: number }[] } }; previous_attributes: unknown };
    };
    expect(body.object).toBe('event');
    expect(body.data.object).toMatchObject({ payment_status: 'paid', amount: 18400 });
    expect(body.data.object.charges.data[0]).toMatchObject({ status: 'paid', paid_at: clock.now().getTime() / 1000 });
    expect(body.data.previous_attributes).toEqual({ payment_status: 'pending_payment' });
    expect(await sandbox.getOrder(order.orderId)).toMatchObject({ status: 'paid', amountCentavos: 18400, paidAt: clock.now(), reference: order.reference });
  });

  it('marking paid again redelivers the same event, as Conekta retries do', async () => {
    const sandbox = createConektaSandbox({ clock });
    const order = await sandbox.createCashOrder(input());
    const first = sandbox.markPaid(order.orderId);
    const again = sandbox.markPaid(order.orderId);
    expect(again.rawBody).toBe(first.rawBody);
    expect(again.event.id).toBe(first.event.id);
  });

  it('a tampered or unsigned sandbox delivery is refused', async () => {
    const sandbox = createConektaSandbox({ clock });
    const order = await sandbox.createCashOrder(input());
    const delivery = sandbox.markPaid(order.orderId);
    const tampered = delivery.rawBody.replace('"amount":18400', '"amount":1');
    expect(tampered).not.toBe(delivery.rawBody);
    expect(() => sandbox.verifyWebhook(tampered, delivery.headers)).toThrow(CashWebhookError);
    expect(() => sandbox.verifyWebhook(delivery.rawBody, {})).toThrow(expect.objectContaining({ code: 'webhook.missing_signature' }) as Error);
    // Another sandbox's key does not sign for this one.
    const other = createConektaSandbox({ clock });
    const foreign = other.markPaid((await other.createCashOrder(input())).orderId);
    expect(() => sandbox.verifyWebhook(foreign.rawBody, foreign.headers)).toThrow(expect.objectContaining({ code: 'webhook.bad_signature' }) as Error);
  });

  it('an expired order yields order.expired and can no longer be marked paid', async () => {
    const sandbox = createConektaSandbox({ clock });
    const order = await sandbox.createCashOrder(input());
    const expired = sandbox.markExpired(order.orderId);
    expect(sandbox.verifyWebhook(expired.rawBody, expired.headers)).toMatchObject({ type: 'order.expired', orderId: order.orderId });
    expect((await sandbox.getOrder(order.orderId)).status).toBe('expired');
    expect(() => sandbox.markPaid(order.orderId)).toThrow(expect.objectContaining({ code: 'sandbox.not_pending' }) as Error);
  });
});
