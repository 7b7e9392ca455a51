import type { PlatformId } from '@envios/contracts/integrations';
import type { HttpTransport, OutboundHttp } from '../../../shared/outbound-http.js';
import type { StoreOrderInput } from '../order-mapping.js';

/*
 * The store-platform port: everything the module needs from an online-store platform. Intake,
 * sync, write-back, health and the E-Commerce tab talk only to this interface; each platform is
 * one folder beside this file (its client, wire format, mapping to a StoreOrderInput, simulator,
 * fake and tests) and one line in `platform-list.ts`.
 */

export type { PlatformId };

/** What to do about a failed call: the kind decides (401 → reconnect; throttled → back off). */
export type StoreErrorKind = 'unauthorized' | 'not_found' | 'invalid' | 'server' | 'network' | 'timeout' | 'bad_response' | 'throttled';

export class StoreApiError extends Error {
  constructor(
    message: string,
    readonly kind: StoreErrorKind,
    /** HTTP status (0 when the store never answered). */
    readonly status: number,
    /** The platform's error code, when it sent one. */
    readonly code: string,
    /** What the seller reads in the health panel when the generic sentence would mislead. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'StoreApiError';
  }
}

/** A connection as a platform sees it: where the store is and its opened credentials. */
export interface PlatformConnection {
  id: string;
  userId: string;
  /** The store's address: home URL (WooCommerce), shop domain URL (Shopify), store URL with its id (Tiendanube). */
  storeUrl: string;
  sandbox: boolean;
  /** The opened credential: key pair (WooCommerce) or access token. */
  credential: { key: string; secret: string | null };
  /** The platform's own id of the store (Tiendanube's user_id), when it has one. */
  externalStoreId: string | null;
  weightUnit: string;
  webhookIds: Record<string, number | string | null> | null;
}

/** What a platform's API client needs from the module. */
export interface PlatformRuntime {
  /** Real stores: the guarded outbound client (public addresses only). */
  outbound: OutboundHttp;
  /** The in-process transport of the account's demo store of this platform. */
  demoTransport: (userId: string) => HttpTransport | undefined;
  /** The demo store's address on this install (its calls never use a stored URL). */
  demoStoreUrl: string;
  /** Where the platform delivers this connection's notices. */
  deliveryUrl: (connectionId: string) => string;
  timeoutMs?: number;
  now: () => Date;
  /** Waits (throttling back-off); tests pass a fast one. */
  sleep: (ms: number) => Promise<void>;
}

/** One event of tracking to write on a store order. */
export interface TrackingWrite {
  /** 'issued' or a tracking state ('in_transit', 'delivered'…). */
  event: string;
  guideNumber: string;
  carrierName: string;
  stateLabel: string;
  /** Our public tracking page of the guide. */
  link: string;
  /** The sentence the buyer reads (a note, or the platform's own notification). */
  text: string;
  /** Whether the seller wants the order completed on delivery. */
  completeOnDelivery: boolean;
  /** What an earlier event of the same shipment left on the store (the fulfillment id). */
  previous: string | null;
}

export interface PlatformApi {
  /** Checks the credential and creates our order notices on the store; answers what to keep of it. */
  setUp(signingSecret: string): Promise<{ webhookIds: Record<string, number | string | null>; weightUnit?: string }>;
  /** Removes our notices from a store being disconnected (credential still valid or already revoked). */
  cleanUp(): Promise<void>;
  /** Orders changed or created since `since`, page after page (raw, as the platform sends them). */
  ordersSince(since: Date, maxPages: number): AsyncIterable<unknown[]>;
  /** One order, raw; undefined when the store no longer has it. */
  getOrder(externalId: number): Promise<unknown>;
  /** Writes one tracking event on the order, idempotently: a retry after a lost answer writes nothing twice. */
  writeTracking(externalId: number, write: TrackingWrite): Promise<{ ref: string | null }>;
  /** Weights and sizes of products, for platforms whose orders do not carry them. */
  productFacts?(ids: number[]): Promise<Map<number, { weightKg: number | null; dimensionsCm: { length: number; width: number; height: number } | null }>>;
}

/** A webhook delivery as the platform reads it, after its signature was verified. */
export type WebhookNotice =
  | { kind: 'ping' }
  | { kind: 'ignored' }
  /** The order is in the body. */
  | { kind: 'order'; body: unknown }
  /** Only its id: read it from the store (later, in a job). */
  | { kind: 'order_ref'; externalId: number; event: string }
  | { kind: 'uninstalled' }
  /** A privacy request: forget these orders' customer data, or the whole shop's. */
  | { kind: 'redact'; scope: 'shop' | 'orders'; externalIds: number[] }
  | { kind: 'data_request'; externalIds: number[] };

/** The app we are on a platform with an OAuth install (its client id and secret). */
export interface PlatformApp {
  clientId: string;
  clientSecret: string;
}

/** An install by the authorization code grant. */
export interface PlatformOAuth {
  /** The demo store's address, when the store is known before the consent (Shopify's shop). */
  demoStore?: string;
  /** Where the consent page is when it is the platform's and not the store's (Tiendanube). */
  consentBase?: string;
  /** The store address from what the seller typed (Shopify's shop domain); undefined when it is not valid. */
  storeFromInput(shop: string | undefined): string | undefined;
  /** The consent page on `base` (the store, the platform, or our demo store) for this install. */
  authorizeUrl(input: { base: string; storeUrl: string | undefined; app: PlatformApp; state: string; redirectUri: string }): string;
  /** The callback's query checked with the app's secret (its own signature, if any); the code and the store it names. */
  readCallback(
    query: Record<string, string>,
    app: PlatformApp,
  ): { ok: true; code: string; state: string; storeUrl: string | undefined } | { ok: false; reason: 'denied' | 'forged' };
  /** The code exchanged for a token (one use); where the token's API lives. */
  exchange(input: {
    storeUrl: string | undefined;
    code: string;
    app: PlatformApp;
    http: HttpTransport;
    requireHttps: boolean;
    timeoutMs?: number;
  }): Promise<{ accessToken: string; storeUrl: string; externalStoreId: string | null; storeName: string }>;
}

export interface StorePlatform {
  id: PlatformId;
  /** Its name as the seller knows it ('Shopify'). */
  name: string;
  /** Order events as we keep them: which statuses the sync considers, cursor by creation or update. */
  sync: { cursor: 'created' | 'modified'; marginMs: number };
  webhook: {
    /**
     * A request the platform sends unsigned on purpose (WooCommerce's ping), recognised before
     * any signature check; undefined for every other request.
     */
    unsignedPing?(raw: Buffer, header: (name: string) => string | undefined): boolean;
    /** Constant-time check of the delivery's signature over the raw bytes against one secret. */
    verify(raw: Buffer, header: (name: string) => string | undefined, secret: string): boolean;
    /** What identifies one delivery (retries share it); undefined when the platform has none. */
    deliveryId(raw: Buffer, header: (name: string) => string | undefined): string | undefined;
    /** The verified delivery: what it asks of us ('bad_body' when it is not what the topic promises). */
    read(raw: Buffer, header: (name: string) => string | undefined): WebhookNotice | 'bad_body';
    /** App-level notices (privacy) name their store: its address as we keep it. */
    storeOf?(raw: Buffer, header: (name: string) => string | undefined): string | undefined;
  };
  /** How a store is installed when the platform has an authorization code grant. */
  oauth?: PlatformOAuth;
  /** The platform's order (webhook body or API answer) as our mapping reads it; undefined when it is not an order. */
  toOrderInput(raw: unknown): StoreOrderInput | undefined;
  /** Orders carry no weights: they are read from the store's products afterwards (`PlatformApi.productFacts`). */
  weighsProducts: boolean;
  /** What the seller reads for an order the platform sent that we could not read. */
  notAnOrder: string;
  /** The API client of one connection. */
  api(conn: PlatformConnection, runtime: PlatformRuntime): PlatformApi;
}
