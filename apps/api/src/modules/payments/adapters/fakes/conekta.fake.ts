import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sleep, startFakeServer, type FakeMode, type FakeServer } from '../../../carriers/adapters/fakes/fake-server.js';
import {
  buildConektaEvent,
  buildConektaOrder,
  settleConektaOrder,
  signConektaWebhook,
  type ConektaCreateOrderBody,
  type ConektaOrder,
} from '../conekta-wire.js';

/**
 * A local fake of Conekta's Orders API, for tests: `POST /orders`
 * with a cash charge answers a reference, `GET /orders/{id}`, `GET /orders?search=` (exact match
 * on id, reference or a metadata value), `POST /webhook_keys` with its own RSA pair, and signed
 * `order.paid` / `order.expired` deliveries. Errors use Conekta's `{object: "error"}` body.
 */
export const CONEKTA_FAKE_PRIVATE_KEY = 'key_fake_privada_123';

export interface ConektaFake extends FakeServer {
  baseUrl: string;
  mode: FakeMode;
  orders: Map<string, ConektaOrder>;
  publicKeyPem: string;
  /** The store reports the payment: the order turns paid and the signed delivery is returned. */
  markPaid(orderId: string): { rawBody: string; headers: { digest: string } };
  markExpired(orderId: string): { rawBody: string; headers: { digest: string } };
}

const ERROR_TYPES: Record<number, { type: string; code: string }> = {
  400: { type: 'malformed_request_error', code: 'conekta.errors.malformed_request.json' },
  401: { type: 'authentication_error', code: 'conekta.errors.authentication.missing_key' },
  402: { type: 'processing_error', code: 'conekta.errors.processing.general' },
  404: { type: 'resource_not_found_error', code: 'conekta.errors.resource_not_found.entity' },
  422: { type: 'parameter_validation_error', code: 'conekta.errors.parameter_validation.general' },
  500: { type: 'api_error', code: 'conekta.errors.api.system.general_failure' },
};

function conektaError(res: ServerResponse, status: number, message: string, param?: string): void {
  const t = ERROR_TYPES[status] ?? ERROR_TYPES[status >= 500 ? 500 : 422]!;
  sendJson(res, status, {
    object: 'error',
    type: t.type,
    log_id: randomBytes(12).toString('hex'),
    details: [{ code: t.code, ...(param ? { param } : {}), message, debug_message: message }],
  });
}

function versionOf(req: IncomingMessage): string | undefined {
  return /^application\/vnd\.conekta-v(2\.[0-3]\.0)\+json$/.exec(req.headers.accept ?? '')?.[1];
}

/** Returns the offending param, or undefined when the body is a valid cash order for this version. */
function invalidParam(body: Partial<ConektaCreateOrderBody>, version: string): string | undefined {
  if (body.currency !== 'MXN') return 'currency';
  const c = body.customer_info;
  if (!c?.name || !c.email || !c.phone) return 'customer_info';
  if (!Array.isArray(body.line_items) || body.line_items.length === 0) return 'line_items';
  for (const [i, l] of body.line_items.entries()) {
    if (typeof l.name !== 'string' || l.name.length < 3 || l.name.length > 249) return `line_items.${i}.name`;
    if (!Number.isInteger(l.unit_price) || l.unit_price <= 0) return `line_items.${i}.unit_price`;
    if (!Number.isInteger(l.quantity) || l.quantity < 1) return `line_items.${i}.quantity`;
  }
  const pm = body.charges?.[0]?.payment_method;
  if (pm?.type !== (version === '2.3.0' || version === '2.2.0' ? 'cash' : 'oxxo_cash')) return 'charges.0.payment_method.type';
  if (!Number.isInteger(pm.expires_at)) return 'charges.0.payment_method.expires_at';
  for (const [k, v] of Object.entries(body.metadata ?? {})) {
    if (!['string', 'number', 'boolean'].includes(typeof v)) return `metadata.${k}`;
  }
  return undefined;
}

export async function startConektaFake(): Promise<ConektaFake> {
  const state: { mode: FakeMode } = { mode: { kind: 'ok' } };
  const orders = new Map<string, ConektaOrder>();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const now = () => Math.floor(Date.now() / 1000);
  const bearer = `Bearer ${CONEKTA_FAKE_PRIVATE_KEY}`;
  const basic = `Basic ${Buffer.from(`${CONEKTA_FAKE_PRIVATE_KEY}:`).toString('base64')}`;

  const server = await startFakeServer(async (req, res, raw) => {
    const mode = state.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'slow') await sleep(mode.delayMs);
    const version = versionOf(req);
    if (version) res.setHeader('conekta-media-type', `conekta-v${version}; format=application/json`);
    if (req.headers.authorization !== bearer && req.headers.authorization !== basic)
      return conektaError(res, 401, 'Please include your access key in your request.');
    if (!version) return conektaError(res, 400, 'Accept header must select the API version.');
    if (mode.kind === 'error') return conektaError(res, mode.status, 'Simulated failure.');
    const url = new URL(req.url ?? '/', 'http://fake');
    const orderMatch = /^\/orders\/([\w-]+)$/.exec(url.pathname);

    if (req.method === 'GET' && orderMatch) {
      const order = orders.get(orderMatch[1]!);
      return order ? sendJson(res, 200, order) : conektaError(res, 404, 'The resource was not found.', 'id');
    }
    const cancelMatch = /^\/orders\/([\w-]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancelMatch) {
      const order = orders.get(cancelMatch[1]!);
      if (!order) return conektaError(res, 404, 'The resource was not found.', 'id');
      if (order.payment_status === 'paid') return conektaError(res, 422, 'La orden ya fue pagada y no puede cancelarse.');
      if (order.payment_status === 'pending_payment') settleConektaOrder(order, 'canceled', now());
      return sendJson(res, 200, order);
    }
    if (req.method === 'GET' && url.pathname === '/orders') {
      const search = url.searchParams.get('search');
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const data = [...orders.values()]
        .filter(
          (o) =>
            !search ||
            o.id === search ||
            Object.values(o.metadata).some((v) => String(v) === search) ||
            o.charges.data.some((c) => c.payment_method.reference === search),
        )
        .slice(0, limit);
      return sendJson(res, 200, { object: 'list', has_more: false, data });
    }
    if (req.method === 'POST' && url.pathname === '/webhook_keys') {
      return sendJson(res, 200, {
        id: randomBytes(12).toString('hex'),
        object: 'webhook_key',
        active: true,
        livemode: false,
        created_at: now(),
        public_key: publicKeyPem,
      });
    }
    if (req.method === 'POST' && url.pathname === '/orders') {
      if (req.headers['content-type'] !== 'application/json') return conektaError(res, 400, 'Content-Type must be application/json.');
      let body: Partial<ConektaCreateOrderBody>;
      try {
        body = JSON.parse(raw) as Partial<ConektaCreateOrderBody>;
      } catch {
        return conektaError(res, 400, 'The request body is not valid JSON.');
      }
      const param = invalidParam(body, version);
      if (param) return conektaError(res, 422, `El parámetro ${param} no es válido.`, param);
      const id = `ord_${randomBytes(9).toString('base64url')}`;
      const legacy = version !== '2.3.0' && version !== '2.2.0';
      const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
      const reference = legacy ? `9300${digits(10)}` : `1000${digits(16)}`;
      const order = buildConektaOrder({
        id,
        body: body as ConektaCreateOrderBody,
        reference,
        barcodeUrl: `${server.url}/barcodes/${reference}.png`,
        livemode: false,
        createdAt: now(),
      });
      orders.set(id, order);
      return sendJson(res, 200, order);
    }
    return conektaError(res, 404, 'The resource was not found.');
  });

  function settle(orderId: string, status: 'paid' | 'expired') {
    const order = orders.get(orderId);
    if (!order) throw new Error(`Orden desconocida: ${orderId}`);
    settleConektaOrder(order, status, now());
    const rawBody = JSON.stringify(buildConektaEvent(order, status === 'paid' ? 'order.paid' : 'order.expired', now()));
    return { rawBody, headers: { digest: signConektaWebhook(rawBody, privateKey) } };
  }

  return {
    ...server,
    baseUrl: server.url,
    orders,
    publicKeyPem,
    markPaid: (orderId) => settle(orderId, 'paid'),
    markExpired: (orderId) => settle(orderId, 'expired'),
    get mode() {
      return state.mode;
    },
    set mode(m: FakeMode) {
      state.mode = m;
    },
  };
}
