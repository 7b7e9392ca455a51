import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import { toPage } from '../../shared/pagination.js';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { InlineSubscriber } from '../events/events.usecases.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { createSmtpMailer, type Mailer } from './adapters/smtp-mailer.js';
import { createWhatsAppCloudClient, toWhatsAppNumber, type WhatsAppMessage, type WhatsAppSender } from './adapters/whatsapp-cloud.js';
import { notificationErrors } from './notifications.errors.js';
import * as repo from './notifications.repository.js';
import type { RenderedMail } from './templates/mail-layout.js';
import { paymentCreditedMail } from './templates/payment-mails.js';
import { bindUseCases } from '../../shared/use-cases.js';

/** The mail and WhatsApp texts other modules send through the notifier. */
export * from './templates/mail-layout.js';
export * from './templates/account-mails.js';
export * from './templates/payment-mails.js';
export * from './templates/integration-mails.js';
export * from './templates/contact-mails.js';

export const EMAIL_JOB = 'notifications.email';
export const WHATSAPP_JOB = 'notifications.whatsapp';

interface EmailJobPayload {
  to: string;
  /** Where an answer goes (the sender of a contact message, or the support address). */
  replyTo?: string;
  subject: string;
  html?: string;
  text?: string;
}

interface WhatsAppJobPayload {
  to: string;
  text?: string;
  template?: WhatsAppMessage['template'];
}

export interface NotificationsConfig {
  smtpUrl?: string | undefined;
  mailFrom: string;
  whatsapp?: { apiUrl: string; phoneNumberId: string; token: string } | undefined;
}

/**
 * Mail and WhatsApp notices, always through the job queue: a use case enqueues in its own
 * transaction, the worker delivers (SMTP / WhatsApp Cloud) or keeps the message in the outbox.
 */
export interface Notifier {
  sendEmail(input: { key: string; to: string; replyTo?: string | undefined; mail: RenderedMail }, executor?: Executor): Promise<void>;
  /** `to`: a phone number; a Mexican 10-digit one gets the country code. */
  sendWhatsApp(input: { key: string; to: string; text: string; template?: WhatsAppMessage['template'] }, executor?: Executor): Promise<void>;
  /** True when e-mail is kept in the outbox (no SMTP configured). */
  readonly keepsEmail: boolean;
  close(): void;
}

export function createNotifier(opts: {
  db: Database;
  queue: JobQueue;
  config: NotificationsConfig;
  clock?: Clock;
  log?: FastifyBaseLogger;
  mailer?: Mailer;
  whatsapp?: WhatsAppSender;
}): Notifier {
  const clock = opts.clock ?? systemClock;
  const mailer = opts.mailer ?? (opts.config.smtpUrl ? createSmtpMailer({ url: opts.config.smtpUrl, from: opts.config.mailFrom }) : undefined);
  const whatsapp = opts.whatsapp ?? (opts.config.whatsapp ? createWhatsAppCloudClient(opts.config.whatsapp) : undefined);

  opts.queue.register<EmailJobPayload>(EMAIL_JOB, {
    async run(payload, ctx) {
      const message = { to: payload.to, subject: payload.subject, html: payload.html ?? '', text: payload.text ?? '' };
      if (mailer) {
        await mailer.send({ key: ctx.key, ...message, ...(payload.replyTo ? { replyTo: payload.replyTo } : {}) });
        return;
      }
      await ctx.commit((tx) =>
        repo.insertOutboxMessage(tx, {
          key: ctx.key,
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          createdAt: clock.now(),
        }),
      );
    },
    // Once delivered, the body (which may hold a recovery link) is not kept in the job row.
    scrub: (payload) => ({ to: payload.to, subject: payload.subject }),
  });

  opts.queue.register<WhatsAppJobPayload>(WHATSAPP_JOB, {
    async run(payload, ctx) {
      const text = payload.text ?? '';
      if (whatsapp) {
        const sent = await whatsapp.send({ to: payload.to, text, ...(payload.template ? { template: payload.template } : {}) });
        opts.log?.info({ jobId: ctx.id, whatsappMessageId: sent.id }, 'aviso de WhatsApp enviado');
        return;
      }
      await ctx.commit((tx) =>
        repo.insertOutboxMessage(tx, { key: ctx.key, channel: 'whatsapp', recipient: payload.to, subject: null, html: null, text, createdAt: clock.now() }),
      );
    },
    scrub: (payload) => ({ to: payload.to }),
  });

  return {
    keepsEmail: !mailer,
    async sendEmail(input, executor) {
      await opts.queue.enqueue<EmailJobPayload>(
        {
          type: EMAIL_JOB,
          key: input.key,
          payload: {
            to: input.to,
            ...(input.replyTo ? { replyTo: input.replyTo } : {}),
            subject: input.mail.subject,
            html: input.mail.html,
            text: input.mail.text,
          },
        },
        executor,
      );
    },
    async sendWhatsApp(input, executor) {
      await opts.queue.enqueue<WhatsAppJobPayload>(
        {
          type: WHATSAPP_JOB,
          key: input.key,
          payload: { to: toWhatsAppNumber(input.to), text: input.text, ...(input.template ? { template: input.template } : {}) },
        },
        executor,
      );
    },
    close: () => mailer?.close(),
  };
}

export interface OutboxDeps {
  db: Database;
  notifier: Pick<Notifier, 'keepsEmail'>;
}

/** The outbox page for admins, newest first, in the wire shape. */
async function listOutbox(deps: OutboxDeps, query: { recipient?: string | undefined; page: number; limit: number }) {
  const { keepsEmail } = deps.notifier;
  const { rows, total } = await repo.listOutboxMessages(deps.db, { recipient: query.recipient, limit: query.limit, offset: (query.page - 1) * query.limit });
  const docs = rows.map((r) => ({
    _id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
  return { ...toPage(docs, total, query.page, query.limit), keepsEmail };
}

async function getOutboxMessage(deps: Pick<OutboxDeps, 'db'>, id: string) {
  const r = await repo.findOutboxMessage(deps.db, id);
  if (!r) throw notificationErrors.messageNotFound();
  return { _id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, text: r.text, html: r.html, createdAt: r.createdAt.toISOString() };
}

/** The admins' outbox (notices kept when no provider is configured), bound once; its routes receive this object. */
export function createOutbox(deps: OutboxDeps) {
  return bindUseCases(deps, { listOutbox, getOutboxMessage });
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * `payment.credited` (in its transaction): the payer hears how much went to the wallet and why,
 * once per payment, always at the account's own address (never one a request named).
 */
export function creditMailOnPayment(deps: {
  notifier: Pick<Notifier, 'sendEmail'>;
  /** Without a trailing slash. */
  appUrl: string;
  findContact(ex: Executor, userId: string): Promise<{ email: string; firstName: string } | undefined>;
}): InlineSubscriber<'payment.credited'> {
  return {
    name: 'payment-credit-mail',
    mode: 'inline',
    types: ['payment.credited'],
    async handle(tx, event) {
      const account = event.userId ? await deps.findContact(tx, event.userId) : undefined;
      if (!account) return;
      await deps.notifier.sendEmail(
        {
          key: `mail:payment-credit:${event.data.payment_id}`,
          to: account.email,
          mail: paymentCreditedMail({
            firstName: account.firstName,
            amount: formatMXN(toCentavos(event.data.amount)),
            reasons: event.data.credits.map((c) => c.description),
            walletUrl: `${deps.appUrl}/prepaids`,
          }),
        },
        tx,
      );
    },
  };
}
