import type { CarrierCode } from '@envios/contracts/carriers';
import type { RawEnv } from '../../config/env.js';
import type { CarrierAdapter } from './adapters/carrier-adapter.js';
import type { GuideIssuer } from './adapters/guide-issuer.js';
import type { TrackingAdapter } from './adapters/tracking-adapter.js';
import type { SeedCarrier, SeedServiceDraft } from './demo-tariffs.js';

/**
 * One carrier, whole: what it is, what it can do, how to reach its API and how the sandbox
 * imitates it. Each carrier is one object in its own folder (`dhl/dhl.carrier.ts`…), collected in
 * `carrier-list.ts`; quoting, guides, tracking, the demo catalogue and the logos read that list.
 */
export interface CarrierProvider<C extends CarrierApiConfig = CarrierApiConfig> {
  /** The wire code (packages/contracts CARRIER_CODES). */
  readonly code: CarrierCode;
  /** The name people read (the same as CARRIER_NAMES[code]). */
  readonly name: string;
  readonly capabilities: CarrierCapabilities;
  /** The services and settings seeded on first start; admins change them later in the catalogue. */
  readonly catalogue: {
    readonly services: readonly SeedServiceDraft[];
    readonly settings: Omit<SeedCarrier, 'code' | 'name' | 'sortOrder'>;
  };
  /** Our own lettermark badge (logos.ts): no carrier artwork, the colours only tell them apart. */
  readonly badge: { readonly background: string; readonly foreground: string; readonly fontSize: number };
  /** How the sandbox imitates this carrier when no API is configured (sandbox/). */
  readonly sandbox: SandboxLook;
  /** The carrier's API, present when the carrier has one we call (credentials in config/env.ts). */
  readonly api?: CarrierApi<C>;
  /** The carrier's public tracking page for a guide (tracking 'public_page'). */
  publicTrackingUrl?(guideNumber: string): string;
}

/**
 * What the carrier does beyond our tariffs and inventory. Sandbox guides are always simulated; the
 * contract test (carrier-list.test.ts) checks that each capability has the code that provides it.
 */
export interface CarrierCapabilities {
  /** Prices from the carrier's API when its credentials are set (otherwise our tariffs). */
  readonly liveRates: boolean;
  /** Buys guides from the carrier's API when its credentials are set (otherwise sandbox numbers). */
  readonly guideCreation: boolean;
  /** 'api': asks the carrier's API for real guides; 'public_page': links its page; 'none': neither. */
  readonly tracking: 'api' | 'public_page' | 'none';
  /**
   * Books pickups with the carrier. None does: a pickup is recorded here and an admin moves it
   * (modules/pickups); the contract test keeps this false until a carrier brings the code.
   */
  readonly pickups: false;
}

/** The configuration a carrier reads its credentials from (the parsed environment). */
export type CarrierEnv = Omit<RawEnv, 'SECRET_KEY'>;

/** Every carrier API client takes a replaceable fetch (tests, metrics). */
export interface CarrierApiConfig {
  fetch?: typeof fetch;
}

/**
 * The carrier's API: its credentials from the configuration and the adapters built on them.
 * Methods (not function properties), so a provider with its own config type joins the list.
 */
export interface CarrierApi<C extends CarrierApiConfig> {
  /** Its credentials when all of them are set (config/env.ts checks they come together); else undefined. */
  fromConfig(config: CarrierEnv): C | undefined;
  rates?(config: C): CarrierAdapter;
  guides?(config: C, opts: { now?: () => Date }): GuideIssuer;
  tracking?(config: C): TrackingAdapter;
}

/** The sandbox steps of a guide, in the carrier's words. */
export type SandboxStep = 'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered';
/** Each step's code and text, placed at the origin (o) or the destination (d) city. */
export type SandboxTrackingTexts = Readonly<Record<SandboxStep, { code: string; text: string; at: 'o' | 'd' }>>;

export interface SandboxLook {
  /** The carrier's guide number: prefix and digits (the demo inventory uses the same length). */
  readonly guideNumber: { readonly prefix: string; readonly digits: number };
  /**
   * Piece numbers of a guide with several parcels: the carrier's own (a prefix and digits, the
   * first piece being the guide itself or not); left out: the guide, or the guide with `-2`, `-3`….
   */
  readonly pieceNumber?: { readonly prefix: string; readonly digits: number; readonly firstIsGuide: boolean };
  readonly trackingTexts: SandboxTrackingTexts;
}

/** Plain Spanish texts, for carriers that publish no code table. */
export const PLAIN_TRACKING_TEXTS: SandboxTrackingTexts = {
  picked_up: { code: 'PU', text: 'Recolectado', at: 'o' },
  in_transit: { code: 'IT', text: 'En tránsito', at: 'o' },
  out_for_delivery: { code: 'OD', text: 'En ruta de entrega', at: 'd' },
  delivered: { code: 'DL', text: 'Entregado', at: 'd' },
};

/** Types a provider against its own API config and hands it to the list. */
export function defineCarrier<C extends CarrierApiConfig>(provider: CarrierProvider<C>): CarrierProvider {
  return provider;
}
