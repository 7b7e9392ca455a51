import type { FastifyBaseLogger } from 'fastify';
import { DEMO_STORE_PATH, normalizeStoreUrl } from '@envios/contracts/integrations';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { createSecretBox, type SecretBox } from '../../shared/secret-box.js';
import type { HttpTransport, OutboundHttp } from '../../shared/outbound-http.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { createWooClient, WooApiError, type WooStoreApi } from './adapters/woocommerce-client.js';
import * as repo from './integrations.repository.js';

/** A request this app sends to itself (the demo store's key callback and webhooks). */
export interface LocalRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface IntegrationsDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  notifier: Notifier;
  /** The settlements of a postal code; throws a 400 AppError for a malformed code or unknown country. */
  lookupPostalCode(country: string, postalCode: string): PostalSuggestion[];
  appUrl: string;
  /** SECRET_KEY: seals store keys and signs the handshake's user_id. */
  secret: string;
  /** How real stores are reached: only public https addresses (tests allow the fake store's). */
  outbound: OutboundHttp;
  /** One call to a store (default 15 s). */
  storeTimeoutMs?: number;
  findAccount(userId: string): Promise<{ firstName: string; email: string } | undefined>;
  /** Sends a request to this app in-process and answers its status (the demo store's deliveries). */
  deliverLocal(request: LocalRequest): Promise<{ status: number }>;
  /** Counts a call against a per-account limit shared by every process (throws 429 past it). */
  limit(key: string, rule: { limit: number; windowMs: number; blockMs: number }): Promise<void>;
  log?: FastifyBaseLogger;
}

export const JOB = {
  setup: 'woocommerce.setup',
  sync: 'woocommerce.sync',
  tick: 'woocommerce.tick',
  weights: 'woocommerce.weights',
  writeback: 'woocommerce.writeback',
  cleanup: 'woocommerce.cleanup',
  demoDelivery: 'demo-store.deliver',
} as const;

/** What every part of the module shares: sealed secrets, the store clients, health records. */
export interface Ctx extends IntegrationsDeps {
  keys: SecretBox;
  webhookSecrets: SecretBox;
  base: string;
  demoStoreUrl: string;
  callbackUrl: string;
  returnUrl: string;
  deliveryUrl(connectionId: string): string;
  /** The REST client of a store (the demo store's goes through its in-process transport). */
  storeApi(conn: Pick<repo.ConnectionRow, 'storeUrl' | 'sandbox' | 'userId' | 'consumerKeySealed' | 'consumerSecretSealed'>): WooStoreApi;
  /** Set by the demo store once built: its in-process transport for one account. */
  demoTransport?: (userId: string) => HttpTransport;
}

export function createCtx(deps: IntegrationsDeps): Ctx {
  const base = deps.appUrl.replace(/\/+$/, '');
  const ctx: Ctx = {
    ...deps,
    keys: createSecretBox(deps.secret, 'store-keys'),
    webhookSecrets: createSecretBox(deps.secret, 'store-webhook-secret'),
    base,
    demoStoreUrl: normalizeStoreUrl(`${base}${DEMO_STORE_PATH}`) ?? `${base}${DEMO_STORE_PATH}`,
    callbackUrl: `${base}/api/v1/webhooks/woocommerce/keys`,
    returnUrl: `${base}/integrations`,
    deliveryUrl: (id) => `${base}/api/v1/webhooks/woocommerce/${id}`,
    storeApi(conn) {
      if (!conn.consumerKeySealed || !conn.consumerSecretSealed) throw new WooApiError('La tienda no tiene llaves guardadas.', 'unauthorized', 401, 'no_keys');
      // The demo store is reached in-process at our own address, never through the stored URL.
      const demo = conn.sandbox ? ctx.demoTransport?.(conn.userId) : undefined;
      if (conn.sandbox && !demo) throw new WooApiError('La tienda demo no está disponible.', 'network', 0, 'demo');
      return createWooClient({
        storeUrl: conn.sandbox ? ctx.demoStoreUrl : conn.storeUrl,
        consumerKey: ctx.keys.open(conn.consumerKeySealed),
        consumerSecret: ctx.keys.open(conn.consumerSecretSealed),
        http: demo ?? deps.outbound,
        requireHttps: !conn.sandbox,
        timeoutMs: deps.storeTimeoutMs,
        now: () => deps.clock.now(),
      });
    },
  };
  return ctx;
}

/** Why a call to a store failed, in Spanish, for the seller's health panel. */
export function reasonFor(error: unknown): string {
  if (error instanceof WooApiError) {
    switch (error.kind) {
      case 'unauthorized':
        return `La tienda rechazó nuestras llaves (${error.status || 401}); vuelve a conectarla con «Reconectar».`;
      case 'not_found':
        return error.code === 'rest_no_route'
          ? 'La tienda no tiene disponible la API REST de WooCommerce (404); revisa que WooCommerce esté activo y los enlaces permanentes configurados.'
          : 'La tienda respondió que el recurso no existe (404).';
      case 'invalid':
        return `La tienda rechazó la solicitud (${error.status}${error.code ? `, ${error.code}` : ''}).`;
      case 'server':
        return `La tienda respondió con un error (${error.status}).`;
      default:
        return error.message;
    }
  }
  return 'Ocurrió un error inesperado al comunicarnos con la tienda.';
}

/**
 * Records a failure with its reason; the store is failing from now on (if it was not already).
 * A 401 also marks it as needing to be connected again.
 */
export async function recordFailure(ctx: Ctx, ex: Executor, connectionId: string, action: string, error: unknown): Promise<void> {
  const now = ctx.clock.now();
  const needsReconnect = error instanceof WooApiError && error.kind === 'unauthorized';
  await repo.insertEvent(ex, { connectionId, at: now, kind: 'failure', reason: `${action}: ${reasonFor(error)}`.slice(0, 500) });
  await repo.markFailing(ex, connectionId, now, needsReconnect);
  ctx.log?.warn({ connectionId, action, err: error }, 'falla con una tienda en línea');
}

/** A call that worked: the store is no longer failing. */
export function recordSuccess(ex: Executor, connectionId: string): Promise<void> {
  return repo.clearFailing(ex, connectionId);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof WooApiError && error.kind === 'unauthorized';
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
