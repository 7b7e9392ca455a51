import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessage, ContactMessageDetail, ContactStatus } from '@envios/contracts/contact';
import type { contactInputSchema, contactListQuerySchema } from '@envios/contracts/contact';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { toPage } from '../../shared/pagination.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import { contactAcknowledgementMail, contactReceivedMail, contactReplyMail } from '../notifications/notifications.usecases.js';
import { contactErrors } from './contact.errors.js';
import * as repo from './contact.repository.js';
import { bindUseCases } from '../../shared/use-cases.js';

export interface ContactDeps {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  queue: Pick<JobQueue, 'wake'>;
  appUrl: string;
  /** SUPPORT_EMAIL; unset: every active admin gets the copy. */
  supportEmail?: string | undefined;
  supportHours: string;
  /** Counts one message for this client address; throws 429 past the hourly limit (shared by all processes). */
  limitPerAddress(ip: string): Promise<void>;
  /** Counts one acknowledgement to this e-mail address; false past its limit (then none is sent). */
  allowAcknowledgement(email: string): Promise<boolean>;
  /** Active admins' addresses (the copy's recipients when SUPPORT_EMAIL is unset). */
  adminEmails(): Promise<string[]>;
  /** An admin's name, as the reply history shows it. */
  authorName(userId: string): Promise<string>;
  log?: FastifyBaseLogger;
}

type ContactData = z.output<typeof contactInputSchema>;

/** Acknowledgements the form sends one e-mail address in a day (the messages themselves always reach support). */
export const CONTACT_ACKS_PER_ADDRESS_PER_DAY = 3;

function url(deps: ContactDeps, path: string): string {
  return `${deps.appUrl.replace(/\/+$/, '')}${path}`;
}

function toDto(row: repo.ContactMessageRow): ContactMessage {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    email: row.email,
    phone: row.phone,
    web: row.web,
    message: row.message,
    number_shipment: row.numberShipment,
    user: row.userId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a message from the contact form and, in the same transaction, queues the copy for
 * support (reply-to: the sender, the whole message) and the acknowledgement for the sender (none
 * of the sender's text). A filled trap field means a bot: it gets the same answer, and nothing is
 * stored or sent. Past a few acknowledgements a day to one address, the message still reaches
 * support but that address gets no more mail from the form.
 */
async function receiveContactMessage(deps: ContactDeps, input: ContactData, client: { ip: string; userId: string | null }): Promise<{ stored: boolean }> {
  await deps.limitPerAddress(client.ip);
  if (input.website) {
    deps.log?.info({ ip: client.ip }, 'mensaje de contacto descartado: campo trampa lleno');
    return { stored: false };
  }
  const recipients = deps.supportEmail ? [deps.supportEmail] : await deps.adminEmails();
  const acknowledge = await deps.allowAcknowledgement(input.email);
  const stored = await deps.db.transaction(async (tx) => {
    const row = await repo.insertContactMessage(tx, {
      userId: client.userId,
      firstName: input.first_name,
      lastName: input.last_name,
      companyName: input.company_name,
      email: input.email,
      phone: input.phone,
      web: input.web,
      message: input.message,
      numberShipment: input.number_shipment ?? null,
      createdAt: deps.clock.now(),
    });
    const data = {
      firstName: row.firstName,
      lastName: row.lastName,
      companyName: row.companyName,
      email: row.email,
      phone: row.phone,
      web: row.web,
      message: row.message,
      monthlyShipments: row.numberShipment,
    };
    for (const to of new Set(recipients)) {
      await deps.notifier.sendEmail(
        {
          key: `mail:contact:${row.id}:${to}`,
          to,
          replyTo: row.email,
          mail: contactReceivedMail({ ...data, inboxUrl: url(deps, `/admin/mensajes?mensaje=${row.id}`) }),
        },
        tx,
      );
    }
    if (acknowledge) {
      await deps.notifier.sendEmail(
        {
          key: `mail:contact-ack:${row.id}`,
          to: row.email,
          replyTo: deps.supportEmail,
          mail: contactAcknowledgementMail({ firstName: row.firstName, supportHours: deps.supportHours, canReply: Boolean(deps.supportEmail) }),
        },
        tx,
      );
    }
    return row;
  });
  if (!acknowledge) deps.log?.info({ messageId: stored.id }, 'mensaje de contacto sin acuse: esa dirección ya recibió los de hoy');
  if (recipients.length === 0)
    deps.log?.warn({ messageId: stored.id }, 'mensaje de contacto guardado sin copia: no hay SUPPORT_EMAIL ni administradores activos');
  deps.queue.wake();
  return { stored: true };
}

async function listContactMessages(deps: Pick<ContactDeps, 'db'>, query: z.output<typeof contactListQuerySchema>) {
  const { rows, total, open } = await repo.listContactMessages(deps.db, {
    status: query.status === 'all' ? undefined : query.status,
    search: query.search || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { ...toPage(rows.map(toDto), total, query.page, query.limit), open };
}

async function detail(deps: Pick<ContactDeps, 'db'>, row: repo.ContactMessageRow): Promise<ContactMessageDetail> {
  const replies = await repo.listReplies(deps.db, row.id);
  return {
    ...toDto(row),
    replies: replies.map((r) => ({ _id: r.id, message: r.message, author: r.authorName, createdAt: r.createdAt.toISOString() })),
  };
}

async function getContactMessage(deps: Pick<ContactDeps, 'db'>, id: string): Promise<ContactMessageDetail> {
  const row = await repo.findContactMessage(deps.db, id);
  if (!row) throw contactErrors.notFound();
  return detail(deps, row);
}

/** An admin answers by e-mail: the answer is kept, mailed to the sender, and the message is 'answered'. */
async function replyToContactMessage(deps: ContactDeps, caller: Caller, id: string, message: string): Promise<ContactMessageDetail> {
  const authorName = await deps.authorName(caller.id);
  await deps.db.transaction(async (tx) => {
    const row = await repo.findContactMessage(tx, id, { forUpdate: true });
    if (!row) throw contactErrors.notFound();
    if (row.status === 'closed') throw contactErrors.closed();
    const now = deps.clock.now();
    const reply = await repo.insertReply(tx, { messageId: row.id, authorId: caller.id, authorName, message, createdAt: now });
    await repo.updateContactStatus(tx, row.id, { status: 'answered', answeredAt: now });
    await deps.notifier.sendEmail(
      {
        key: `mail:contact-reply:${reply.id}`,
        to: row.email,
        replyTo: deps.supportEmail,
        mail: contactReplyMail({
          firstName: row.firstName,
          reply: message,
          original: row.message,
          contactUrl: url(deps, '/contactanos'),
          canReply: Boolean(deps.supportEmail),
        }),
      },
      tx,
    );
  });
  deps.queue.wake();
  return getContactMessage(deps, id);
}

/** Closing needs no answer; opening again goes back to 'answered' if it had one, 'open' if not. */
async function setContactStatus(deps: Pick<ContactDeps, 'db' | 'clock'>, id: string, status: 'open' | 'closed'): Promise<ContactMessageDetail> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findContactMessage(tx, id, { forUpdate: true });
    if (!row) throw contactErrors.notFound();
    if (status === 'closed') {
      if (row.status !== 'closed') await repo.updateContactStatus(tx, id, { status: 'closed', closedAt: deps.clock.now() });
      return;
    }
    if (row.status === 'closed') {
      const reopened: ContactStatus = row.answeredAt ? 'answered' : 'open';
      await repo.updateContactStatus(tx, id, { status: reopened, closedAt: null });
    }
  });
  return getContactMessage(deps, id);
}

/** The contact form and inbox use cases, bound once; the routes receive this object. */
export function createContact(deps: ContactDeps) {
  return bindUseCases(deps, { receiveContactMessage, listContactMessages, getContactMessage, replyToContactMessage, setContactStatus });
}

export type Contact = ReturnType<typeof createContact>;
