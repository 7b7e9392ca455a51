import type { RecordOverweight } from '@envios/contracts/overweight';
import type { ChangeVersions } from '../../db/change-versions.js';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import type { Carriers } from '../carriers/carriers.usecases.js';
import type { EventPublisher } from '../events/events.usecases.js';
import type { Quoting } from '../quotes/quotes.usecases.js';

/*
 * The shipments service's collaborators, apart from the façade (shipments.usecases.ts): the parts
 * it is assembled from (creation, edits, lists, checks) import them from here, so no part imports
 * the file that assembles it.
 */

/** What shipments need to know about an account (from the accounts use cases). */
export interface AccountInfo {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  locked: boolean;
  /** 'Bloquear compras': may look and quote, never buy. */
  purchasesBlocked: boolean;
}

export interface ShipmentsDeps {
  db: Database;
  clock: Clock;
  quoting: Pick<Quoting, 'quote'>;
  /** Where `shipment.created` is published, in the transaction that creates the shipments. */
  events: EventPublisher;
  carriers: Pick<Carriers, 'catalogue' | 'snapshot'>;
  findAccount(id: string): Promise<AccountInfo | undefined>;
  /**
   * Each user's list version, bumped by the triggers' notices on the shipment list channel (the
   * embedded database only): while it stands, a long plain list is paged from memory.
   */
  listVersions?: ChangeVersions | undefined;
  /** Counts shipments a user creates (new or duplicated); throws 429 past the hourly limit. */
  limitCreation?: ((userId: string, count: number) => Promise<void>) | undefined;
  /** The payment attempt still open for a shipment, if any (from the payments module). */
  openPaymentFor?: ((ex: Executor, shipmentId: string) => Promise<{ numberOfOrder: number; methodLabel: string } | undefined>) | undefined;
  /** 'Editar sobrepeso' (`PUT /shipments/{id}` with overweight and cost_overweight): the overweight module records it. */
  recordOverweight?: ((caller: Caller, shipmentId: string, input: RecordOverweight) => Promise<unknown>) | undefined;
}
