import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { Carriers } from '../carriers/carriers.usecases.js';
import type { EventPublisher } from '../events/events.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import type { Payments } from '../payments/payments.usecases.js';

export interface OverweightDeps {
  db: Database;
  clock: Clock;
  notifier: Pick<Notifier, 'sendEmail'>;
  /** Public base URL (links in e-mails). */
  appUrl: string;
  /** The payments use cases charge the wallet ('Pago sobrepeso'). */
  payments: Pick<Payments, 'payOverweightIn'>;
  carriers: Pick<Carriers, 'snapshot'>;
  /** A Mexican postal code's state (`state_short`), from the geography catalogue. */
  stateOf(postalCode: string): string | undefined;
  findAccount(id: string): Promise<{ firstName: string; email: string } | undefined>;
  log?: FastifyBaseLogger | undefined;
  /** Where `overweight.recorded`, `overweight.resolved` and a refund's `wallet.credited` are published, in their transaction. */
  events: EventPublisher;
  /** Called after each committed change (the reports' change feed moves at once in this process). */
  onChange?: (() => void) | undefined;
}
