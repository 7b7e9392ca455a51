import type { QuoteRequest, QuoteResponse } from '@envios/contracts/quotes';
import type { CreateShipment } from '@envios/contracts/shipments';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';

/* What the integrations module asks of others, as types only (no import circles). */

/** What the automatic purchase needs of other modules (the same use cases as a person's click). */
export interface AutoShipPorts {
  quote(request: QuoteRequest, caller: Caller): Promise<QuoteResponse>;
  /** Creates one shipment; `inTransaction` runs in its transaction with its id (throwing undoes it). */
  createShipment(caller: Caller, body: CreateShipment, inTransaction: (tx: Executor, shipmentId: string) => Promise<void>): Promise<string>;
  payWithWallet(caller: Caller, shipmentIds: string[]): Promise<void>;
  /** 'Bloquear compras' on the account. */
  purchasesBlocked(userId: string): Promise<boolean>;
}
