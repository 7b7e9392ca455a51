import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sendJson, sleep, startFakeServer, type FakeMode, type FakeServer } from '../../../carriers/adapters/fakes/fake-server.js';

/**
 * A local fake of PayPal Orders v2, for tests:
 * `POST /v1/oauth2/token` (Basic client credentials → bearer token with `expires_in`),
 * `POST /v2/checkout/orders`, `POST /v2/checkout/orders/{id}/capture`, `GET /v2/checkout/orders/{id}`,
 * errors as `{name, message, debug_id, details[{issue, description}]}` with a `Paypal-Debug-Id`
 * header on every answer. Create and capture are idempotent by `PayPal-Request-Id`: the same key
 * replays the first answer with 200. The buyer's approval is `approve(orderId)`.
 */
export const PAYPAL_FAKE_CREDENTIALS = { clientId: 'paypal-cliente', secret: 'paypal-secreto' };

/** FakeMode plus PayPal's declined instrument on capture. */
export type PayPalFakeMode = FakeMode | { kind: 'instrument_declined' };

interface FakeOrder {
  id: string;
  status: string;
  unit: { reference_id?: string; custom_id?: string; description?: string; amount: { currency_code: string; value: string } };
  capture?: { id: string; status: string; amount: { currency_code: string; value: string } };
}

export interface PayPalFake extends FakeServer {
  mode: PayPalFakeMode;
  tokenLifetimeS: number;
  tokensIssued: number;
  /** Captures really made (replays not counted). */
  capturesMade: number;
  orders: Map<string, FakeOrder>;
  /** The buyer approves the order on PayPal. */
  approve(orderId: string): void;
  revokeTokens(): void;
}

const ERROR_NAMES: Record<number, string> = {
  400: 'INVALID_REQUEST',
  401: 'AUTHENTICATION_FAILURE',
  403: 'NOT_AUTHORIZED',
  404: 'RESOURCE_NOT_FOUND',
  409: 'RESOURCE_CONFLICT',
  422: 'UNPROCESSABLE_ENTITY',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

const newId = (length: number) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);

interface CreateBody {
  intent?: string;
  purchase_units?: { reference_id?: string; custom_id?: string; description?: string; amount?: { currency_code?: string; value?: string } }[];
  payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
}

export async function startPayPalFake(): Promise<PayPalFake> {
  // The returned fake is this object: tests switch `mode` and read the counters on it.
  const state: Omit<PayPalFake, keyof FakeServer | 'approve' | 'revokeTokens'> = {
    mode: { kind: 'ok' },
    tokenLifetimeS: 32400,
    tokensIssued: 0,
    capturesMade: 0,
    orders: new Map<string, FakeOrder>(),
  };
  const valid = new Set<string>();
  /** `${method} ${path} ${PayPal-Request-Id}` → the first answer. */
  const replays = new Map<string, { status: number; body: unknown }>();
  let url = '';

  function answer(res: ServerResponse, status: number, body: unknown, debugId = newId(13).toLowerCase()): void {
    res.setHeader('paypal-debug-id', debugId);
    sendJson(res, status, body);
  }
  function fail(res: ServerResponse, status: number, issue?: string, description?: string): void {
    const debugId = newId(13).toLowerCase();
    answer(
      res,
      status,
      {
        name: ERROR_NAMES[status] ?? 'INTERNAL_SERVER_ERROR',
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: debugId,
        details: issue ? [{ issue, description: description ?? issue }] : [],
        links: issue ? [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }] : [],
      },
      debugId,
    );
  }
  const orderLinks = (o: FakeOrder) => [
    { href: `${url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
    { href: `${url}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' },
    { href: `${url}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
  ];
  const fullOrder = (o: FakeOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        ...o.unit,
        ...(o.capture
          ? {
              payments: {
                captures: [
                  {
                    ...o.capture,
                    final_capture: true,
                    seller_protection: { status: 'ELIGIBLE' },
                    create_time: '2026-01-15T18:00:00Z',
                    update_time: '2026-01-15T18:00:00Z',
                  },
                ],
              },
            }
          : {}),
      },
    ],
    ...(o.capture
      ? {
          payer: {
            name: { given_name: 'Ana', surname: 'Pérez' },
            email_address: 'comprador@example.mx',
            payer_id: 'FAKEPAYER01',
            address: { country_code: 'MX' },
          },
        }
      : {}),
    links: orderLinks(o),
  });

  const server = await startFakeServer(async (req, res, raw) => {
    const mode = state.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'slow') await sleep(mode.delayMs);
    const path = (req.url ?? '').split('?')[0] ?? '';

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${PAYPAL_FAKE_CREDENTIALS.clientId}:${PAYPAL_FAKE_CREDENTIALS.secret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA-fake-${++state.tokensIssued}`;
      valid.add(token);
      return answer(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: state.tokenLifetimeS,
        nonce: newId(16),
      });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !valid.has(bearer)) return fail(res, 401, undefined);
    if (mode.kind === 'error') return fail(res, mode.status);

    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    const replayKey = requestId ? `${req.method} ${path} ${requestId}` : undefined;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return answer(res, replay.status === 201 ? 200 : replay.status, replay.body);
    const remember = (status: number, body: unknown) => {
      if (replayKey) replays.set(replayKey, { status, body });
      answer(res, status, body);
    };

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      let body: CreateBody;
      try {
        body = JSON.parse(raw) as CreateBody;
      } catch {
        return fail(res, 400, 'MALFORMED_REQUEST_JSON');
      }
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return fail(res, 400, 'INVALID_PARAMETER_VALUE', 'intent');
      if (!unit || (body.purchase_units?.length ?? 0) > 10) return fail(res, 400, 'INVALID_PARAMETER_VALUE', 'purchase_units');
      const value = unit.amount?.value ?? '';
      if (unit.amount?.currency_code !== 'MXN') return fail(res, 422, 'INVALID_CURRENCY_CODE');
      if (!/^-?\d+(\.\d+)?$/.test(value)) return fail(res, 400, 'INVALID_PARAMETER_SYNTAX', 'amount.value');
      if ((value.split('.')[1] ?? '').length > 2) return fail(res, 422, 'DECIMAL_PRECISION');
      if (!(Number(value) > 0)) return fail(res, 422, 'CANNOT_BE_ZERO_OR_NEGATIVE');
      if ((unit.description?.length ?? 0) > 127 || (unit.custom_id?.length ?? 0) > 127) return fail(res, 400, 'INVALID_STRING_LENGTH');
      if (body.payment_source && !requestId) return fail(res, 400, 'PAYPAL_REQUEST_ID_REQUIRED');
      const order: FakeOrder = {
        id: newId(17),
        status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        unit: {
          reference_id: unit.reference_id ?? 'default',
          custom_id: unit.custom_id,
          description: unit.description,
          amount: { currency_code: 'MXN', value },
        },
      };
      state.orders.set(order.id, order);
      const links = orderLinks(order).map((l) => (l.rel === 'payer-action' && order.status === 'CREATED' ? { ...l, rel: 'approve' } : l));
      const prefersFull = req.headers.prefer === 'return=representation';
      return remember(201, prefersFull ? { ...fullOrder(order), links } : { id: order.id, status: order.status, links });
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? state.orders.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !order) return fail(res, 404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');

    if (order && req.method === 'GET' && !match?.[2]) return answer(res, 200, fullOrder(order));

    if (order && req.method === 'POST' && match?.[2]) {
      if (order.status === 'COMPLETED') return fail(res, 422, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
      if (order.status !== 'APPROVED') return fail(res, 422, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      if (mode.kind === 'instrument_declined') {
        // The buyer must approve again with another instrument.
        order.status = 'PAYER_ACTION_REQUIRED';
        return fail(
          res,
          422,
          'INSTRUMENT_DECLINED',
          'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
        );
      }
      state.capturesMade++;
      order.status = 'COMPLETED';
      order.capture = { id: newId(17), status: 'COMPLETED', amount: order.unit.amount };
      return remember(201, fullOrder(order));
    }

    fail(res, 404, 'NOT_FOUND');
  });
  url = server.url;

  return Object.assign(state, server, {
    approve(orderId: string) {
      const order = state.orders.get(orderId);
      if (!order) throw new Error(`Orden desconocida: ${orderId}`);
      order.status = 'APPROVED';
    },
    revokeTokens() {
      valid.clear();
    },
  });
}
