import type { PlatformId } from '@envios/contracts/integrations';
import type { SignedIn } from '../../../testing/accounts.js';
import type { TestApp } from '../../../testing/test-app.js';

/**
 * What the platform-contract suite needs of a platform's test world: its fake store reachable by
 * the real client, a connection made the platform's way, and orders whose notices arrive signed
 * as the platform signs them (or get lost). Each platform folder exports one (…testing.ts).
 */
export interface ContractWorld {
  t: TestApp;
  admin: SignedIn;
  /** Connects a store of this platform for the seller, the way a seller does; answers the connection id. */
  connect(seller: SignedIn): Promise<string>;
  /** A paid order in the store; its notice is delivered (awaited) unless `lost`. Answers the store's order id. */
  placeOrder(connectionId: string, opts?: { lost?: boolean }): Promise<number>;
  /** The store delivers the order's notice again, `times` times at once; answers the statuses. */
  redeliver(connectionId: string, externalId: number, times: number): Promise<number[]>;
  /** A notice with a forged signature; answers our status. */
  forged(connectionId: string, externalId: number): Promise<number>;
  /** The next write of tracking to the store fails once with a server error. */
  failNextTrackingWrite(externalId: number): void;
  /** Tracking writes the store received for the order (its own record: notes or fulfillments). */
  trackingOnStore(externalId: number): { guide: string; events: number };
  /** Whether the store still accepts our credential. */
  close(): Promise<void>;
}

export interface ContractHarness {
  platform: PlatformId;
  start(): Promise<ContractWorld>;
}
