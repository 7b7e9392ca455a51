import type { FastifyBaseLogger } from 'fastify';
import type { PostalSuggestion } from '@envios/contracts/geography';
import type { QuoteRequest, QuoteResponse } from '@envios/contracts/quotes';
import type { Database } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { Shipments } from '../shipments/shipments.usecases.js';

/** What the bulk upload is given: the base, the quote and the creation of shipments as a click makes them. */
export interface BulkDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  /** The quote, as `POST /quoting` answers it for this caller (their margin and owed overweight). */
  quote(request: QuoteRequest, caller: Caller): Promise<QuoteResponse>;
  /** The settlements of a Mexican postal code, or `invalid` when it is malformed. */
  lookupPostalCode(code: string): readonly PostalSuggestion[] | 'invalid';
  /** The shipments' creation (the wizard's `POST /shipments`): re-quote, price check, one transaction. */
  createShipments: Shipments['create'];
  /** 'DHL EXPRESS DOMESTIC'…: the services the template lists by name. */
  serviceNames(): string[];
  log?: FastifyBaseLogger | undefined;
}
