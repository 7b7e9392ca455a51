import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { outbox } from './notifications.table.js';

export interface OutboxRow {
  id: string;
  channel: 'email' | 'whatsapp';
  recipient: string;
  subject: string | null;
  text: string;
  createdAt: Date;
}

const listColumns = {
  id: outbox.id,
  channel: outbox.channel,
  recipient: outbox.recipient,
  subject: outbox.subject,
  text: outbox.text,
  createdAt: outbox.createdAt,
};

/** Stores the message once per key (a retried job finds it already there). */
export async function insertOutboxMessage(
  db: Executor,
  input: { key: string; channel: 'email' | 'whatsapp'; recipient: string; subject: string | null; html: string | null; text: string; createdAt: Date },
): Promise<void> {
  await db.insert(outbox).values(input).onConflictDoNothing({ target: outbox.key });
}

export async function listOutboxMessages(
  db: Executor,
  opts: { recipient?: string | undefined; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const filters: SQL[] = [];
  if (opts.recipient) filters.push(ilike(outbox.recipient, `%${escapeLike(opts.recipient)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db.select(listColumns).from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findOutboxMessage(db: Executor, id: string): Promise<(OutboxRow & { html: string | null }) | undefined> {
  const rows = await db
    .select({ ...listColumns, html: outbox.html })
    .from(outbox)
    .where(eq(outbox.id, id));
  return rows[0];
}
