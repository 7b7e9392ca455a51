import { createHmac } from 'node:crypto';
import type { Caller } from '../../plugins/auth.js';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_STORE_PATH, normalizeStoreUrl } from '@envios/contracts/integrations';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { createSecretBox, type SecretBox } from '../../shared/secret-box.js';
import type { HttpTransport, OutboundHttp } from '../../shared/outbound-http.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import type { PostalSuggestion } from '@envios/contracts/geography';
import type { PlatformId } from '@envios/contracts/integrations';
import type { AutoShipPorts } from './integrations.deps.js';
import * as repo from './integrations.repository.js';
import { findPlatform } from './platforms/platform-list.js';
import {
  StoreApiError,
  type PlatformApi,
  type PlatformApp,
  type PlatformConnection,
  type PlatformRuntime,
  type StorePlatform,
} from './platforms/store-platform.js';

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
  /** Our app on each platform with an OAuth install (client id and secret); without it only its demo store connects. */
  storeApps?: Partial<Record<PlatformId, PlatformApp>>;
  /** How back-off waits (throttled stores); tests pass a fast one. */
  sleep?: (ms: number) => Promise<void>;
  /** The purchase use cases the store rules buy with (quote, create, pay from the wallet); without them nothing is bought by itself. */
  autoShip?: AutoShipPorts;
}

/** Job types (the first names are kept from when WooCommerce was the only platform: stored jobs carry them). */
/** The record's owner or an admin. */
export function owns(caller: Caller, userId: string): boolean {
  return caller.rol === 'admin' || caller.id === userId;
}

export const JOB = {
  setup: 'woocommerce.setup',
  sync: 'woocommerce.sync',
  tick: 'woocommerce.tick',
  weights: 'woocommerce.weights',
  writeback: 'woocommerce.writeback',
  cleanup: 'woocommerce.cleanup',
  demoDelivery: 'demo-store.deliver',
  fetchOrder: 'stores.fetch-order',
  demoSend: 'demo-store.send',
  autoShip: 'stores.auto-ship',
  carryOver: 'stores.auto-carry-over',
} as const;

/** What every part of the module shares: sealed secrets, the store clients, health records. */
export interface Ctx extends IntegrationsDeps {
  keys: SecretBox;
  webhookSecrets: SecretBox;
  base: string;
  demoStoreUrl: string;
  callbackUrl: string;
  returnUrl: string;
  deliveryUrl(connectionId: string, platform?: PlatformId): string;
  /** The platform of a connection (an unknown one is a programming error). */
  platform(id: string): StorePlatform;
  /** The API client of a store, through its platform (a demo store's goes through its in-process transport). */
  storeApi(conn: ApiConnection): PlatformApi;
  /** Set by each demo store once built: its in-process transport for one account. */
  demoTransports: Partial<Record<PlatformId, (userId: string) => HttpTransport>>;
  /** Where each platform's demo store lives on this install. */
  demoStoreUrls: Record<PlatformId, string>;
  /** Our app on a platform: the configured one, or the demo store's (its secret derived from SECRET_KEY). */
  appFor(platform: PlatformId, sandbox: boolean): PlatformApp | undefined;
  /** The transport that reaches a store of this platform: the outbound client, or the account's demo store. */
  transportFor(platform: PlatformId, sandbox: boolean, userId: string): HttpTransport | undefined;
}

/** What a store's API client is built from (a row, or what a cleanup job kept of it). */
export type ApiConnection = Pick<repo.ConnectionRow, 'id' | 'platform' | 'storeUrl' | 'sandbox' | 'userId' | 'consumerKeySealed' | 'consumerSecretSealed'> &
  Partial<Pick<repo.ConnectionRow, 'externalStoreId' | 'weightUnit' | 'webhookIds'>>;

export function createCtx(deps: IntegrationsDeps): Ctx {
  const base = deps.appUrl.replace(/\/+$/, '');
  const demoStoreUrl = normalizeStoreUrl(`${base}${DEMO_STORE_PATH}`) ?? `${base}${DEMO_STORE_PATH}`;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const ctx: Ctx = {
    ...deps,
    keys: createSecretBox(deps.secret, 'store-keys'),
    webhookSecrets: createSecretBox(deps.secret, 'store-webhook-secret'),
    base,
    demoStoreUrl,
    callbackUrl: `${base}/api/v1/webhooks/woocommerce/keys`,
    returnUrl: `${base}/integrations`,
    deliveryUrl: (id, platform = 'woocommerce') => `${base}/api/v1/webhooks/${platform}/${id}`,
    demoTransports: {},
    demoStoreUrls: { woocommerce: demoStoreUrl, shopify: `${base}${DEMO_STORE_PATH}/shopify`, tiendanube: `${base}${DEMO_STORE_PATH}/tiendanube` },
    appFor(platform, sandbox) {
      if (!sandbox) return deps.storeApps?.[platform];
      return { clientId: `envios-demo-${platform}`, clientSecret: createHmac('sha256', deps.secret).update(`demo-app:${platform}`).digest('base64url') };
    },
    transportFor(platform, sandbox, userId) {
      return sandbox ? ctx.demoTransports[platform]?.(userId) : deps.outbound;
    },
    platform(id) {
      const platform = findPlatform(id);
      if (!platform) throw new StoreApiError(`Plataforma desconocida: ${id}`, 'invalid', 0, 'platform');
      return platform;
    },
    storeApi(conn) {
      if (!conn.consumerKeySealed) throw new StoreApiError('La tienda no tiene llaves guardadas.', 'unauthorized', 401, 'no_keys');
      const platform = ctx.platform(conn.platform);
      const id = platform.id;
      const opened: PlatformConnection = {
        id: conn.id,
        userId: conn.userId,
        storeUrl: conn.storeUrl,
        sandbox: conn.sandbox,
        credential: { key: ctx.keys.open(conn.consumerKeySealed), secret: conn.consumerSecretSealed ? ctx.keys.open(conn.consumerSecretSealed) : null },
        externalStoreId: conn.externalStoreId ?? null,
        weightUnit: conn.weightUnit ?? 'kg',
        webhookIds: conn.webhookIds ?? null,
      };
      const runtime: PlatformRuntime = {
        outbound: deps.outbound,
        demoTransport: (userId) => ctx.demoTransports[id]?.(userId),
        demoStoreUrl: ctx.demoStoreUrls[id],
        deliveryUrl: (connectionId) => ctx.deliveryUrl(connectionId, id),
        timeoutMs: deps.storeTimeoutMs,
        now: () => deps.clock.now(),
        sleep,
      };
      return platform.api(opened, runtime);
    },
  };
  return ctx;
}

/** Why a call to a store failed, in Spanish, for the seller's health panel. */
export function reasonFor(error: unknown): string {
  if (error instanceof StoreApiError) {
    if (error.hint) return error.hint;
    switch (error.kind) {
      case 'unauthorized':
        return `La tienda rechazó nuestras llaves (${error.status || 401}); vuelve a conectarla con «Reconectar».`;
      case 'not_found':
        return 'La tienda respondió que el recurso no existe (404).';
      case 'throttled':
        return 'La tienda nos pidió esperar (límite de solicitudes); lo intentamos de nuevo en un momento.';
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
  const needsReconnect = error instanceof StoreApiError && error.kind === 'unauthorized';
  await repo.insertEvent(ex, { connectionId, at: now, kind: 'failure', reason: `${action}: ${reasonFor(error)}`.slice(0, 500) });
  await repo.markFailing(ex, connectionId, now, needsReconnect);
  ctx.log?.warn({ connectionId, action, err: error }, 'falla con una tienda en línea');
}

/** A call that worked: the store is no longer failing. */
export function recordSuccess(ex: Executor, connectionId: string): Promise<void> {
  return repo.clearFailing(ex, connectionId);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof StoreApiError && error.kind === 'unauthorized';
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
