import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ContactStatus } from '@envios/contracts/contact';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../shared/pagination.js';
import { contactMessages, contactReplies } from './contact.table.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactReplyRow = typeof contactReplies.$inferSelect;

export async function insertContactMessage(db: Executor, input: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(input).returning();
  return row!;
}

export async function listContactMessages(
  db: Executor,
  opts: { status?: ContactStatus | undefined; search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; total: number; open: number }> {
  const filters: SQL[] = [];
  if (opts.status) filters.push(eq(contactMessages.status, opts.status));
  if (opts.search) {
    const like = `%${escapeLike(opts.search)}%`;
    filters.push(
      or(
        ilike(contactMessages.firstName, like),
        ilike(contactMessages.lastName, like),
        ilike(contactMessages.companyName, like),
        ilike(contactMessages.email, like),
        ilike(contactMessages.message, like),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals, open] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.status, 'open')),
  ]);
  return { rows, total: totals[0]?.total ?? 0, open: open[0]?.total ?? 0 };
}

/** The message, locked for the rest of the transaction when `forUpdate` (two admins answering at once). */
export async function findContactMessage(db: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<ContactMessageRow | undefined> {
  const query = db.select().from(contactMessages).where(eq(contactMessages.id, id));
  const rows = opts.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function listReplies(db: Executor, messageId: string): Promise<ContactReplyRow[]> {
  return db.select().from(contactReplies).where(eq(contactReplies.messageId, messageId)).orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
}

export async function insertReply(db: Executor, input: typeof contactReplies.$inferInsert): Promise<ContactReplyRow> {
  const [row] = await db.insert(contactReplies).values(input).returning();
  return row!;
}

export async function updateContactStatus(
  db: Executor,
  id: string,
  patch: { status: ContactStatus; answeredAt?: Date; closedAt?: Date | null },
): Promise<void> {
  await db.update(contactMessages).set(patch).where(eq(contactMessages.id, id));
}
