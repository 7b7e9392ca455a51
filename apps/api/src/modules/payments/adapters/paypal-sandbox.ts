import { randomBytes } from 'node:crypto';
import type { Centavos } from '@envios/contracts/money';
import { PaymentProviderError, type CaptureResult, type CreatedOrder, type OrderStatus, type PaymentProvider } from './payment-provider.js';

/**
 * SANDBOX PayPal: the same interface as the real client, nothing sent anywhere and no real money.
 * The buyer "approves" on the app's own, clearly labelled page `${appUrl}/sandbox/paypal/{orderId}`,
 * which calls approve, decline or cancel here. Create and capture are idempotent by request id
 * like PayPal's; a declined order asks for a new approval. Orders live in a store (the database
 * in the app), so they survive a restart and every process sees the same order.
 */
export interface SandboxOrder {
  orderId: string;
  status: OrderStatus;
  amountCentavos: Centavos;
  referenceId: string;
  customId?: string | undefined;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** The buyer chose "decline" on the sandbox page: the next capture is refused. */
  declineNextCapture: boolean;
  capture?: { captureId: string; amountCentavos: Centavos } | undefined;
}

/** Where the sandbox keeps its orders. */
export interface SandboxOrderStore {
  /** Inserts a new order for `requestId`, or answers the one already created with it. */
  create(requestId: string, order: SandboxOrder): Promise<SandboxOrder>;
  find(orderId: string): Promise<SandboxOrder | undefined>;
  /** Runs `change` with the order locked against other callers and stores what it returns. */
  update<T>(orderId: string, change: (order: SandboxOrder) => { order: SandboxOrder; result: T }): Promise<T>;
}

export interface PayPalSandbox extends PaymentProvider {
  readonly sandbox: true;
  /** For the sandbox approval page; undefined when the order does not exist. */
  findOrder(orderId: string): Promise<SandboxOrder | undefined>;
  /** Approves as the buyer; answers where PayPal would send the buyer (`returnUrl?token=…&PayerID=…`). */
  approve(orderId: string): Promise<string>;
  /** Approves with an instrument that the capture will decline (INSTRUMENT_DECLINED); same redirect. */
  decline(orderId: string): Promise<string>;
  /** The buyer gives up; answers `cancelUrl?token=…`. The order stays unapproved. */
  cancel(orderId: string): Promise<string>;
}

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

const notFound = () =>
  new PaymentProviderError('La orden de PayPal (sandbox) no existe.', {
    kind: 'invalid',
    status: 404,
    errorName: 'RESOURCE_NOT_FOUND',
    issue: 'INVALID_RESOURCE_ID',
  });

/** Orders in this process only: unit tests and one-off tools. */
export function memorySandboxStore(): SandboxOrderStore {
  const orders = new Map<string, SandboxOrder>();
  const byRequest = new Map<string, string>();
  return {
    async create(requestId, order) {
      const existing = byRequest.get(requestId);
      if (existing) return { ...orders.get(existing)! };
      orders.set(order.orderId, { ...order });
      byRequest.set(requestId, order.orderId);
      return { ...order };
    },
    async find(orderId) {
      const o = orders.get(orderId);
      return o ? { ...o } : undefined;
    },
    async update(orderId, change) {
      const o = orders.get(orderId);
      if (!o) throw notFound();
      const { order, result } = change({ ...o });
      orders.set(orderId, order);
      return result;
    },
  };
}

export function createPayPalSandbox(config: { appUrl: string; store: SandboxOrderStore }): PayPalSandbox {
  const appUrl = config.appUrl.replace(/\/+$/, '');
  const { store } = config;

  async function order(orderId: string): Promise<SandboxOrder> {
    const found = await store.find(orderId);
    if (!found) throw notFound();
    return found;
  }

  function approvable(o: SandboxOrder): void {
    if (o.status === 'COMPLETED' || o.status === 'VOIDED') {
      throw new PaymentProviderError('Esta orden de PayPal (sandbox) ya no se puede aprobar.', {
        kind: 'invalid',
        status: 422,
        issue: 'ORDER_ALREADY_CAPTURED',
      });
    }
  }

  const captureOf = (o: SandboxOrder): CaptureResult => ({
    orderId: o.orderId,
    status: 'COMPLETED',
    captureId: o.capture!.captureId,
    amountCentavos: o.capture!.amountCentavos,
  });

  async function buyerChoice(orderId: string, status: OrderStatus, declineNextCapture: boolean, redirect: (o: SandboxOrder) => string): Promise<string> {
    return store.update(orderId, (o) => {
      approvable(o);
      return { order: { ...o, status, declineNextCapture }, result: redirect(o) };
    });
  }

  return {
    provider: 'paypal',
    sandbox: true,

    async createOrder(input) {
      if (input.currency !== 'MXN' || !Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) {
        throw new PaymentProviderError('El monto a pagar no es válido.', { kind: 'invalid', status: 0 });
      }
      const created = await store.create(input.requestId, {
        orderId: newId('SANDBOX-'),
        status: 'PAYER_ACTION_REQUIRED',
        amountCentavos: input.amountCentavos,
        referenceId: input.referenceId,
        customId: input.customId,
        description: input.description.slice(0, 127),
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        declineNextCapture: false,
      });
      const answer: CreatedOrder = {
        orderId: created.orderId,
        approveUrl: `${appUrl}/sandbox/paypal/${encodeURIComponent(created.orderId)}`,
        status: 'PAYER_ACTION_REQUIRED',
      };
      return answer;
    },

    async captureOrder(orderId) {
      return store.update(orderId, (o): { order: SandboxOrder; result: CaptureResult } => {
        // An order already captured answers its capture, whatever the request id (PayPal does the same).
        if (o.capture) return { order: o, result: captureOf(o) };
        if (o.status !== 'APPROVED') {
          throw new PaymentProviderError('El pago aún no ha sido aprobado en PayPal.', { kind: 'invalid', status: 422, issue: 'ORDER_NOT_APPROVED' });
        }
        if (o.declineNextCapture) {
          return {
            order: { ...o, declineNextCapture: false, status: 'PAYER_ACTION_REQUIRED' },
            result: {
              orderId,
              status: 'DECLINED',
              declined: true,
              issue: 'INSTRUMENT_DECLINED',
              description: 'Sandbox: el comprador eligió rechazar el método de pago.',
            },
          };
        }
        const captured: SandboxOrder = { ...o, status: 'COMPLETED', capture: { captureId: newId('SANDBOX-CAP-'), amountCentavos: o.amountCentavos } };
        return { order: captured, result: captureOf(captured) };
      });
    },

    async getOrder(orderId) {
      const o = await order(orderId);
      return {
        orderId,
        status: o.status,
        referenceId: o.referenceId,
        customId: o.customId,
        amountCentavos: o.amountCentavos,
        capture: o.capture ? { captureId: o.capture.captureId, status: 'COMPLETED', amountCentavos: o.capture.amountCentavos } : undefined,
      };
    },

    findOrder: (orderId) => store.find(orderId),
    approve: (orderId) => buyerChoice(orderId, 'APPROVED', false, (o) => withQuery(o.returnUrl, { token: orderId, PayerID: 'SANDBOXPAYER' })),
    decline: (orderId) => buyerChoice(orderId, 'APPROVED', true, (o) => withQuery(o.returnUrl, { token: orderId, PayerID: 'SANDBOXPAYER' })),
    cancel: (orderId) => buyerChoice(orderId, 'PAYER_ACTION_REQUIRED', false, (o) => withQuery(o.cancelUrl, { token: orderId })),
  };
}
