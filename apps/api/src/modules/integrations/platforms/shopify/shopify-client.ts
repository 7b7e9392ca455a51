import { OutboundError, type HttpTransport, type OutboundResponse } from '../../../../shared/outbound-http.js';
import { StoreApiError, type StoreErrorKind } from '../store-platform.js';
import { OPERATIONS, SHOPIFY_API_VERSION, type GraphQlAnswer, type OperationName } from './shopify-wire.js';

/**
 * The Shopify Admin GraphQL client (`https://{shop}/admin/api/{version}/graphql.json`) and the
 * OAuth code exchange. Both HTTP-level errors and GraphQL `errors`/`userErrors` become a
 * StoreApiError. The calculated-cost bucket is respected: a THROTTLED answer waits for the points
 * it lacks (restore rate) and tries again, and a call that leaves the bucket low waits before the
 * next one. Real shops are reached only through the outbound client.
 */

export interface ShopifyClientConfig {
  shop: string;
  accessToken: string;
  http: HttpTransport;
  /** Refuse anything but https (the demo store on a plain-http install is the exception). */
  requireHttps?: boolean;
  timeoutMs?: number;
  sleep: (ms: number) => Promise<void>;
  /** Throttled answers tried again at most this many times (default 5). */
  maxThrottleRetries?: number;
}

function networkError(error: unknown): StoreApiError {
  if (error instanceof OutboundError && error.kind === 'timeout') return new StoreApiError('La tienda tardó demasiado en responder.', 'timeout', 0, '');
  return new StoreApiError('No pudimos comunicarnos con la tienda Shopify: revisa que su dominio (.myshopify.com) sea correcto.', 'network', 0, '');
}

function kindForStatus(status: number): StoreErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'throttled';
  if (status === 402 || status === 423) return 'invalid';
  if (status >= 400 && status < 500) return 'invalid';
  return 'server';
}

const STATUS_HINTS: Readonly<Record<number, string>> = {
  402: 'La tienda Shopify está congelada por falta de pago (402); cuando la reactives, los pedidos volverán a llegar.',
  404: 'La tienda Shopify ya no existe en ese dominio (404).',
  423: 'La tienda Shopify está bloqueada (423).',
};

export interface ShopifyApi {
  query<T>(operation: OperationName, variables?: Record<string, unknown>): Promise<T>;
}

export function createShopifyClient(config: ShopifyClientConfig): ShopifyApi {
  const url = new URL(`https://${config.shop}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`);
  const retries = config.maxThrottleRetries ?? 5;
  /** Points the last answer left and when: the next call waits if the bucket is too low for it. */
  let bucket: { available: number; restoreRate: number; at: number } | undefined;

  async function post(body: string): Promise<OutboundResponse> {
    try {
      return await config.http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': config.accessToken },
        body,
        redirect: 'error',
        httpsOnly: config.requireHttps ?? true,
        timeoutMs: config.timeoutMs ?? 15_000,
        maxBytes: 5 * 1024 * 1024,
      });
    } catch (error) {
      throw networkError(error);
    }
  }

  return {
    async query<T>(operation: OperationName, variables: Record<string, unknown> = {}): Promise<T> {
      const body = JSON.stringify({ query: OPERATIONS[operation], variables, operationName: operation });
      for (let attempt = 0; ; attempt += 1) {
        if (bucket && bucket.available < 100) {
          const waitMs = Math.ceil(((100 - bucket.available) / Math.max(1, bucket.restoreRate)) * 1000);
          bucket = undefined;
          await config.sleep(waitMs);
        }
        const response = await post(body);
        const text = response.text();
        let answer: GraphQlAnswer<T>;
        try {
          answer = JSON.parse(text) as GraphQlAnswer<T>;
        } catch {
          throw new StoreApiError(
            `La tienda Shopify respondió con un error (${response.status}).`,
            response.ok ? 'bad_response' : kindForStatus(response.status),
            response.status,
            '',
          );
        }
        if (!response.ok) {
          throw new StoreApiError(`Shopify respondió ${response.status}.`, kindForStatus(response.status), response.status, '', STATUS_HINTS[response.status]);
        }
        const cost = answer.extensions?.cost;
        if (cost) bucket = { available: cost.throttleStatus.currentlyAvailable, restoreRate: cost.throttleStatus.restoreRate, at: Date.now() };
        const errors = answer.errors ?? [];
        if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
          if (attempt >= retries) throw new StoreApiError('Shopify sigue limitando nuestras consultas.', 'throttled', 200, 'THROTTLED');
          const lacking = cost ? cost.requestedQueryCost - cost.throttleStatus.currentlyAvailable : 50;
          const waitMs = Math.ceil((Math.max(1, lacking) / Math.max(1, cost?.throttleStatus.restoreRate ?? 50)) * 1000);
          bucket = undefined;
          await config.sleep(waitMs);
          continue;
        }
        if (errors.length > 0 || !answer.data) {
          const message = errors.map((e) => e.message).join('; ') || 'Respuesta vacía';
          throw new StoreApiError(`Shopify rechazó la consulta: ${message}`, 'invalid', 200, errors[0]?.extensions?.code ?? 'graphql');
        }
        return answer.data;
      }
    },
  };
}

/** `POST https://{shop}/admin/oauth/access_token`: the offline token for a one-use code. */
export async function exchangeShopifyCode(input: {
  shop: string;
  clientId: string;
  clientSecret: string;
  code: string;
  http: HttpTransport;
  requireHttps?: boolean;
  timeoutMs?: number;
}): Promise<{ accessToken: string; scope: string }> {
  let response: OutboundResponse;
  try {
    response = await input.http.request(new URL(`https://${input.shop}/admin/oauth/access_token`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: input.clientId, client_secret: input.clientSecret, code: input.code }),
      redirect: 'error',
      httpsOnly: input.requireHttps ?? true,
      timeoutMs: input.timeoutMs ?? 15_000,
      maxBytes: 64 * 1024,
    });
  } catch (error) {
    throw networkError(error);
  }
  let body: { access_token?: unknown; scope?: unknown; error_description?: unknown };
  try {
    body = JSON.parse(response.text()) as typeof body;
  } catch {
    body = {};
  }
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new StoreApiError(
      typeof body.error_description === 'string' ? body.error_description : `HTTP ${response.status}`,
      'unauthorized',
      response.status,
      'oauth',
    );
  }
  return { accessToken: body.access_token, scope: typeof body.scope === 'string' ? body.scope : '' };
}
