import { randomBytes } from 'node:crypto';
import type { Centavos } from '@envios/contracts/money';
import { PaymentProviderError, type CaptureResult, type CreatedOrder, type OrderStatus, type PaymentProvider } from './payment-provider.js';

/**
 * SANDBOX PayPal (DESIGN §6): the same interface as the real client, with orders kept in memory
 * and nothing sent anywhere. The buyer "approves" on the app's own, clearly labelled page
 * `${appUrl}/sandbox/paypal/{orderId}`, which calls approve, decline or cancel here. Create and
 * capture are idempotent by requestId like PayPal's; a declined order asks for a new approval.
 */
export interface SandboxOrder {
  orderId: string;
  status: OrderStatus;
  amountCentavos: Centavos;
  referenceId: string;
  customId?: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** The buyer chose "decline" on the sandbox page: the next capture is refused. */
  declineNextCapture: boolean;
  capture?: { captureId: string; amountCentavos: Centavos };
}

export interface PayPalSandbox extends PaymentProvider {
  readonly sandbox: true;
  /** For the sandbox approval page; undefined when the order does not exist. */
  findOrder(orderId: string): SandboxOrder | undefined;
  /** Approves as the buyer; answers where PayPal would send the buyer (`returnUrl?token=…&PayerID=…`). */
  approve(orderId: string): string;
  /** Approves with an instrument that the capture will decline (INSTRUMENT_DECLINED); same redirect. */
  decline(orderId: string): string;
  /** The buyer gives up; answers `cancelUrl?token=…`. The order stays unapproved. */
  cancel(orderId: string): string;
}

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

export function createPayPalSandbox(config: { appUrl: string }): PayPalSandbox {
  const appUrl = config.appUrl.replace(/\/+$/, '');
  const orders = new Map<string, SandboxOrder>();
  const created = new Map<string, CreatedOrder>();
  const captured = new Map<string, CaptureResult>();

  function order(orderId: string): SandboxOrder {
    const found = orders.get(orderId);
    if (!found) throw new PaymentProviderError('La orden de PayPal (sandbox) no existe.', { kind: 'invalid', status: 404, errorName: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
    return found;
  }

  function approvable(orderId: string): SandboxOrder {
    const found = order(orderId);
    if (found.status === 'COMPLETED' || found.status === 'VOIDED') {
      throw new PaymentProviderError('Esta orden de PayPal (sandbox) ya no se puede aprobar.', { kind: 'invalid', status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    }
    return found;
  }

  const captureOf = (o: SandboxOrder): CaptureResult => ({ orderId: o.orderId, status: 'COMPLETED', captureId: o.capture!.captureId, amountCentavos: o.capture!.amountCentavos });

  return {
    provider: 'paypal',
    sandbox: true,

    async createOrder(input) {
      const replay = created.get(input.requestId);
      if (replay) return replay;
      if (input.currency !== 'MXN' || !Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) {
        throw new PaymentProviderError('El monto a pagar no es válido.', { kind: 'invalid', status: 0 });
      }
      const orderId = newId('SANDBOX-');
      orders.set(orderId, {
        orderId,
        status: 'PAYER_ACTION_REQUIRED',
        amountCentavos: input.amountCentavos,
        referenceId: input.referenceId,
        customId: input.customId,
        description: input.description.slice(0, 127),
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        declineNextCapture: false,
      });
      const answer: CreatedOrder = { orderId, approveUrl: `${appUrl}/sandbox/paypal/${encodeURIComponent(orderId)}`, status: 'PAYER_ACTION_REQUIRED' };
      created.set(input.requestId, answer);
      return answer;
    },

    async captureOrder(orderId, requestId) {
      const replay = captured.get(`${orderId} ${requestId}`);
      if (replay) return replay;
      const o = order(orderId);
      if (o.capture) return captureOf(o);
      if (o.status !== 'APPROVED') {
        throw new PaymentProviderError('El pago aún no ha sido aprobado en PayPal.', { kind: 'invalid', status: 422, issue: 'ORDER_NOT_APPROVED' });
      }
      if (o.declineNextCapture) {
        o.declineNextCapture = false;
        o.status = 'PAYER_ACTION_REQUIRED';
        return { orderId, status: 'DECLINED', declined: true, issue: 'INSTRUMENT_DECLINED', description: 'Sandbox: el comprador eligió rechazar el método de pago.' };
      }
      o.status = 'COMPLETED';
      o.capture = { captureId: newId('SANDBOX-CAP-'), amountCentavos: o.amountCentavos };
      const result = captureOf(o);
      captured.set(`${orderId} ${requestId}`, result);
      return result;
    },

    async getOrder(orderId) {
      const o = order(orderId);
      return {
        orderId,
        status: o.status,
        referenceId: o.referenceId,
        customId: o.customId,
        amountCentavos: o.amountCentavos,
        capture: o.capture ? { captureId: o.capture.captureId, status: 'COMPLETED', amountCentavos: o.capture.amountCentavos } : undefined,
      };
    },

    findOrder(orderId: string) {
      const o = orders.get(orderId);
      return o ? { ...o } : undefined;
    },
    approve(orderId: string) {
      const o = approvable(orderId);
      o.status = 'APPROVED';
      o.declineNextCapture = false;
      return withQuery(o.returnUrl, { token: orderId, PayerID: 'SANDBOXPAYER' });
    },
    decline(orderId: string) {
      const o = approvable(orderId);
      o.status = 'APPROVED';
      o.declineNextCapture = true;
      return withQuery(o.returnUrl, { token: orderId, PayerID: 'SANDBOXPAYER' });
    },
    cancel(orderId: string) {
      const o = approvable(orderId);
      o.status = 'PAYER_ACTION_REQUIRED';
      return withQuery(o.cancelUrl, { token: orderId });
    },
  };
}
