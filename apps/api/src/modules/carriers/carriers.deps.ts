import type { AuditEntry, CarrierAdmin, CarrierCode, CarrierServiceAdmin } from '@envios/contracts/carriers';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { CarrierAdapter } from './adapters/carrier-adapter.js';
import type { CarrierApis } from './carrier-adapters.js';
import type { CarrierEntry, CatalogueSnapshot } from './catalogue-snapshot.js';
import type { ServiceRow } from './carriers.repository.js';

/*
 * The types the carriers module's parts share: what the module is given, and what the catalogue
 * runtime (carriers.usecases.ts) hands its admin parts. Types only, so every part can import them
 * without importing the façade that assembles the parts.
 */

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CarriersDeps {
  db: Database;
  clock: Clock;
  /** How often each process asks whether another one changed the catalogue; 0 never asks. */
  refreshIntervalMs?: number | undefined;
  logger?: Logger | undefined;
  /** Live rating APIs by carrier (carrierApisFromConfig); a carrier without credentials is priced from our tariffs. */
  apis?: CarrierApis | undefined;
  /** Whether an account exists (a customer markup must name one); accounts' use case. */
  userExists?: ((id: string) => Promise<boolean>) | undefined;
}

/** Who made an admin change (the signed-in admin). */
export interface Actor {
  id: string;
}

/** Where a carrier's services are priced: the tariff engine always, the carrier's API when configured. */
export interface CarrierSources {
  tariffs: CarrierAdapter;
  api?: CarrierAdapter;
}

export type AuditInput = { entity: AuditEntry['entity']; entityId: string; action: AuditEntry['action']; summary: string; before: unknown; after: unknown };

/** What the admin use cases (carriers.admin.ts, carriers.tariffs.ts) share with the catalogue runtime. */
export interface CatalogueContext {
  db: Database;
  deps: CarriersDeps;
  /** The catalogue in memory now. */
  snapshot: () => CatalogueSnapshot;
  refresh: () => Promise<boolean>;
  change: <T>(work: (tx: Executor, now: Date) => Promise<T>) => Promise<T>;
  audit: (tx: Executor, now: Date, actor: Actor, entry: AuditInput) => Promise<void>;
  requireCarrier: (code: CarrierCode) => CarrierEntry;
  requireService: (tx: Executor, id: string) => Promise<ServiceRow>;
  serviceLabel: (s: Pick<ServiceRow, 'carrierCode' | 'name'>) => string;
  carrierAdminDto: (c: CarrierEntry) => CarrierAdmin;
  serviceAdminAfterChange: (id: string) => Promise<CarrierServiceAdmin>;
}
