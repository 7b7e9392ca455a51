import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import type { SessionCache } from './session-cache.js';

export interface AccountsDeps {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  queue: JobQueue;
  appUrl: string;
  /** Name of the approved WhatsApp template for the approval notice, when there is one. */
  whatsappApprovalTemplate?: string | undefined;
  log?: FastifyBaseLogger;
  /** Recent session answers of this process (session-cache.ts); none: every request asks the database. */
  sessionCache?: SessionCache | undefined;
  /** Whether a Mexican postal code is in the catalogue (tax data must name one); unset: not checked. */
  postalCodeKnown?: ((postalCode: string) => boolean) | undefined;
  /** How sign-in waits when slowed down (tests record it instead). */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}
