import { createPublicKey, type KeyObject } from 'node:crypto';
import { systemClock, type Clock } from '../../../shared/clock.js';
import {
  CashProviderError,
  CashWebhookError,
  type CashOrder,
  type CashOrderState,
  type CashProvider,
  type CashWebhookEvent,
  type CreateCashOrderInput,
  type WebhookHeaders,
} from './conekta-types.js';
import {
  IDEMPOTENCY_METADATA_KEY,
  toCashOrder,
  toCashOrderState,
  toCreateOrderBody,
  validateCashOrderInput,
  verifyConektaWebhook,
  type ConektaErrorBody,
  type ConektaOrder,
  type DigestEncoding,
} from './conekta-wire.js';

/**
 * Conekta Orders API for OXXO cash references. v2.3.0 sends a `cash`
 * charge with Bearer auth; the legacy v2.0/v2.1 pin sends `oxxo_cash` with HTTP Basic.
 */
export interface ConektaConfig {
  /** `https://api.conekta.io`; test vs live is decided by the key. */
  baseUrl?: string;
  privateKey: string;
  apiVersion?: '2.3.0' | '2.1.0' | '2.0.0';
  /** PEM of the webhook key (`POST /webhook_keys`); without it every delivery is refused. */
  webhookPublicKey?: string;
  /** The docs do not pin the encoding of the `digest` header; base64 is the usual one. */
  digestEncoding?: DigestEncoding;
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

const ERRORS: Record<string, { code: string; message: string }> = {
  malformed_request_error: { code: 'conekta.malformed_request', message: 'Conekta rechazó la solicitud por estar mal formada.' },
  authentication_error: { code: 'conekta.authentication', message: 'Conekta rechazó la llave privada configurada.' },
  processing_error: { code: 'conekta.processing', message: 'Conekta no pudo procesar el pago.' },
  resource_not_found_error: { code: 'conekta.not_found', message: 'La orden no existe en Conekta.' },
  parameter_validation_error: { code: 'conekta.validation', message: 'Conekta rechazó los datos de la orden.' },
  api_error: { code: 'conekta.api_error', message: 'Conekta tuvo un error interno. Intenta de nuevo en unos minutos.' },
};

const BY_STATUS: Record<number, string> = {
  400: 'malformed_request_error',
  401: 'authentication_error',
  402: 'processing_error',
  404: 'resource_not_found_error',
  422: 'parameter_validation_error',
};

/** Maps Conekta's error body (`{object: "error", type, details[]}`) to a Spanish `CashProviderError`. */
export function conektaErrorFrom(status: number, body: unknown): CashProviderError {
  const err = (body && typeof body === 'object' ? body : {}) as Partial<ConektaErrorBody>;
  const type = typeof err.type === 'string' && ERRORS[err.type] ? err.type : (BY_STATUS[status] ?? (status >= 500 ? 'api_error' : undefined));
  const known = type ? ERRORS[type]! : { code: 'conekta.unexpected', message: `Conekta respondió con un error inesperado (${status}).` };
  const details = (Array.isArray(err.details) ? err.details : []).map((d) => ({
    ...(d.code ? { code: d.code } : {}),
    ...(d.param ? { param: d.param } : {}),
    ...(d.message ? { message: d.message } : {}),
  }));
  // `message` comes localized through Accept-Language: es.
  const said = details
    .map((d) => d.message)
    .filter(Boolean)
    .join(' ');
  const retryable = status >= 500 || status === 429;
  return new CashProviderError(known.code, said ? `${known.message} ${said}` : known.message, status, retryable, details, err.log_id);
}

export function createConektaClient(config: ConektaConfig) {
  const base = (config.baseUrl ?? 'https://api.conekta.io').replace(/\/+$/, '');
  const version = config.apiVersion ?? '2.3.0';
  const method = version === '2.3.0' ? 'cash' : 'oxxo_cash';
  const authorization = version === '2.3.0' ? `Bearer ${config.privateKey}` : `Basic ${Buffer.from(`${config.privateKey}:`).toString('base64')}`;
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;
  const clock = config.clock ?? systemClock;
  const digestEncoding = config.digestEncoding ?? 'base64';
  let webhookKey: KeyObject | undefined;
  if (config.webhookPublicKey) webhookKey = createPublicKey(config.webhookPublicKey);

  async function call<T>(verb: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      response = await doFetch(`${base}${path}`, {
        method: verb,
        headers: {
          authorization,
          accept: `application/vnd.conekta-v${version}+json`,
          'accept-language': 'es',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal,
      });
    } catch {
      if (signal.aborted) throw new CashProviderError('conekta.timeout', 'Conekta no respondió a tiempo. Intenta de nuevo.', 504, true);
      throw new CashProviderError('conekta.unavailable', 'No se pudo conectar con Conekta. Intenta de nuevo.', 503, true);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      if (signal.aborted) throw new CashProviderError('conekta.timeout', 'Conekta no respondió a tiempo. Intenta de nuevo.', 504, true);
      data = undefined;
    }
    if (!response.ok) throw conektaErrorFrom(response.status, data);
    if (!data || typeof data !== 'object') throw new CashProviderError('conekta.bad_response', 'Conekta respondió sin un cuerpo JSON válido.', 502, true);
    return data as T;
  }

  /** Conekta has no idempotency header: find an order already created under this key. */
  async function findByKey(key: string): Promise<ConektaOrder | undefined> {
    const list = await call<{ data?: ConektaOrder[] }>('GET', `/orders?limit=20&search=${encodeURIComponent(key)}`);
    return (list.data ?? []).find((o) => o?.metadata?.[IDEMPOTENCY_METADATA_KEY] === key);
  }

  const provider = {
    kind: 'conekta' as const,
    async createCashOrder(input: CreateCashOrderInput): Promise<CashOrder> {
      validateCashOrderInput(input, clock.now());
      const existing = await findByKey(input.idempotencyKey);
      if (existing) return toCashOrder(existing);
      return toCashOrder(await call<ConektaOrder>('POST', '/orders', toCreateOrderBody(input, method)));
    },
    async getOrder(orderId: string): Promise<CashOrderState> {
      if (!/^[\w-]{1,100}$/.test(orderId)) throw conektaErrorFrom(404, undefined);
      return toCashOrderState(await call<ConektaOrder>('GET', `/orders/${orderId}`));
    },
    async cancelOrder(orderId: string): Promise<CashOrderState> {
      if (!/^[\w-]{1,100}$/.test(orderId)) throw conektaErrorFrom(404, undefined);
      return toCashOrderState(await call<ConektaOrder>('POST', `/orders/${orderId}/cancel`, {}));
    },
    verifyWebhook(rawBody: string, headers: WebhookHeaders): CashWebhookEvent {
      if (!webhookKey) throw new CashWebhookError('webhook.not_configured', 'No hay llave pública configurada para las notificaciones de Conekta.');
      return verifyConektaWebhook(rawBody, headers, webhookKey, digestEncoding);
    },
    /** One-time setup: creates a webhook signing key and returns its public PEM (store it in config). */
    async createWebhookKey(): Promise<{ id: string; publicKey: string }> {
      const key = await call<{ id?: string; public_key?: string }>('POST', '/webhook_keys', { active: true });
      if (typeof key.id !== 'string' || typeof key.public_key !== 'string')
        throw new CashProviderError('conekta.bad_response', 'Conekta respondió sin la llave pública del webhook.', 502, true);
      return { id: key.id, publicKey: key.public_key };
    },
  } satisfies CashProvider & Record<string, unknown>;
  return provider;
}

export type ConektaClient = ReturnType<typeof createConektaClient>;
