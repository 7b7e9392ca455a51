import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import type { PaymentForInvoice } from '../payments/payments.deps.js';
import type { StampingService } from './adapters/stamping-service.js';
import type { ConceptSettings } from './invoices.concepts.js';

/*
 * The invoices service's collaborators, apart from the façade (invoices.usecases.ts): the parts
 * (stamping, payments, global, admin) import them from here.
 */

/** Our company as issuer: Facturapi keeps it in the organisation; the sandbox prints it and the global invoice needs its CP. */
export interface IssuerSettings {
  rfc: string | undefined;
  name: string | undefined;
  taxSystem: string | undefined;
  /** Código postal de expedición. */
  zip: string | undefined;
}

export interface InvoiceSettings extends ConceptSettings {
  series: string;
  issuer: IssuerSettings;
}

/** What invoicing reads of payments, through the payments module (read-only). */
export interface PaymentReader {
  find(ex: Executor, id: string): Promise<PaymentForInvoice | undefined>;
  /** Ids of the payments paid in [from, to) outside the wallet. */
  paidBetween(ex: Executor, from: Date, to: Date): Promise<string[]>;
}

/** The account as invoicing needs it: its automatic-invoice choice and its tax data as stored. */
export interface InvoiceAccount {
  firstName: string;
  lastName: string;
  email: string;
  invoice: boolean;
  taxInformation: unknown;
}

export interface InvoicesDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  notifier: Notifier;
  /** Facturapi (rate-limited) or the offline sandbox. */
  service: StampingService;
  settings: InvoiceSettings;
  appUrl: string;
  /** Signs the download links of the e-mails. */
  secret: string;
  payments: PaymentReader;
  /** Inside the caller's transaction when `ex` is given. */
  findAccount(userId: string, ex?: Executor): Promise<InvoiceAccount | undefined>;
  /** Counts a call against a per-account limit shared by every process (throws 429 past it). */
  limit(key: string, rule: { limit: number; windowMs: number; blockMs: number }): Promise<void>;
  /** How long one caller may hold an invoice while it talks to the service (default 2 min). */
  claimMs?: number;
  log?: FastifyBaseLogger;
}
