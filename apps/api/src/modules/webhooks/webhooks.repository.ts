import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DeliveryStatus } from '@envios/contracts/developers';
import type { Executor } from '../../db/client.js';
import { domainEvents } from '../events/events.table.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table.js';

export type EndpointRow = Omit<typeof webhookEndpoints.$inferSelect, 'secretSealed'>;

const endpointColumns = {
  id: webhookEndpoints.id,
  userId: webhookEndpoints.userId,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  pausedAt: webhookEndpoints.pausedAt,
  pausedReason: webhookEndpoints.pausedReason,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

export async function countEndpoints(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertEndpoint(
  ex: Executor,
  values: { userId: string; url: string; description: string; events: string[]; secretSealed: string; now: Date },
): Promise<EndpointRow> {
  const { now, ...rest } = values;
  const [row] = await ex
    .insert(webhookEndpoints)
    .values({ ...rest, active: true, createdAt: now, updatedAt: now })
    .returning(endpointColumns);
  return row!;
}

export async function listEndpoints(ex: Executor, userId: string): Promise<EndpointRow[]> {
  return ex.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(asc(webhookEndpoints.createdAt));
}

export async function findEndpoint(ex: Executor, userId: string, id: string): Promise<(EndpointRow & { secretSealed: string }) | undefined> {
  const [row] = await ex
    .select({ ...endpointColumns, secretSealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

export async function updateEndpoint(
  ex: Executor,
  userId: string,
  id: string,
  patch: Partial<Pick<typeof webhookEndpoints.$inferInsert, 'url' | 'description' | 'events' | 'active' | 'pausedAt' | 'pausedReason'>>,
  now: Date,
): Promise<EndpointRow | undefined> {
  const [row] = await ex
    .update(webhookEndpoints)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning(endpointColumns);
  return row;
}

export async function deleteEndpoint(ex: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await ex
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The event types the account's active endpoints want (the publisher skips the job for others). */
export async function wantedTypesOf(ex: Executor, userId: string): Promise<Set<string>> {
  const rows = await ex
    .select({ events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.active, true)));
  return new Set(rows.flatMap((r) => r.events));
}

/** An account's active endpoints with what sending needs (each knows the event types it wants). */
export interface SendingEndpoint {
  id: string;
  userId: string;
  url: string;
  secretSealed: string;
  events: string[];
}

export async function activeEndpointsOf(ex: Executor, userId: string): Promise<SendingEndpoint[]> {
  return ex
    .select({
      id: webhookEndpoints.id,
      userId: webhookEndpoints.userId,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.active, true)))
    .orderBy(asc(webhookEndpoints.createdAt));
}

/**
 * An event's first attempt, written once with its result (one statement for every endpoint): each
 * row is new, or an open one this same job wrote before (`owner`); a row of an endpoint deleted
 * meanwhile is not written. Answers the rows written (id and endpoint).
 */
export async function insertFirstResults(
  ex: Executor,
  event: { id: string; type: string },
  owner: string,
  windowStartedAt: Date,
  results: readonly (AttemptResult & { endpointId: string })[],
): Promise<{ id: string; endpointId: string }[]> {
  if (results.length === 0) return [];
  const json = JSON.stringify(results.map((r) => ({ ...r, at: r.at.toISOString(), next: r.next?.toISOString() ?? null })));
  const d = webhookDeliveries;
  const start = windowStartedAt.toISOString();
  const result = await ex.execute(sql`
    insert into ${d} as d (id, endpoint_id, event_id, event_type, status, attempts, window_started_at, created_at, last_attempt_at, response_status, response_ms, response_body, error, next_attempt_at, delivered_at)
    select r.id, r."endpointId", ${event.id}::uuid, ${event.type}, r.status, 1, ${start}::timestamptz, ${start}::timestamptz, r.at, r.code, r.ms, r.body, r.error, r.next,
           case when r.status = 'delivered' then r.at end
    from jsonb_to_recordset(${json}::jsonb) as r(id uuid, "endpointId" uuid, status text, at timestamptz, code int, ms int, body text, error text, next timestamptz)
    join ${webhookEndpoints} e on e.id = r."endpointId"
    on conflict (endpoint_id, event_id) do update set
      status = excluded.status, locked_by = null, locked_until = null, last_attempt_at = excluded.last_attempt_at,
      response_status = excluded.response_status, response_ms = excluded.response_ms, response_body = excluded.response_body,
      error = excluded.error, next_attempt_at = excluded.next_attempt_at, delivered_at = excluded.delivered_at
      where d.status in ('pending', 'retrying') and (d.locked_by = ${owner} or d.locked_by is null)
    returning d.id, d.endpoint_id`);
  return (result as { rows: { id: string; endpoint_id: string }[] }).rows.map((r) => ({ id: String(r.id), endpointId: String(r.endpoint_id) }));
}

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** This attempt's number (1 for the first). */
  attempts: number;
  windowStartedAt: Date;
  userId: string;
  url: string;
  secretSealed: string;
}

const claimedColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  attempts: webhookDeliveries.attempts,
  windowStartedAt: webhookDeliveries.windowStartedAt,
  userId: webhookEndpoints.userId,
  url: webhookEndpoints.url,
  secretSealed: webhookEndpoints.secretSealed,
};

/**
 * Takes deliveries to send now (open ones of an active endpoint, not held by another sender, or
 * held by this same owner on an earlier attempt of its job), counting the attempt.
 */
export async function claim(
  ex: Executor,
  where: { eventId: string } | { deliveryId: string },
  owner: string,
  now: Date,
  until: Date,
): Promise<ClaimedDelivery[]> {
  return ex
    .update(webhookDeliveries)
    .set({ lockedBy: owner, lockedUntil: until, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .from(webhookEndpoints)
    .where(
      and(
        'eventId' in where ? eq(webhookDeliveries.eventId, where.eventId) : eq(webhookDeliveries.id, where.deliveryId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        eq(webhookEndpoints.active, true),
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now), eq(webhookDeliveries.lockedBy, owner)),
      ),
    )
    .returning(claimedColumns);
}

export interface AttemptResult {
  id: string;
  status: DeliveryStatus;
  at: Date;
  code: number | null;
  ms: number | null;
  body: string | null;
  error: string | null;
  next: Date | null;
}

/** Every result of a batch in one statement; only the rows this owner still holds are written. */
export async function recordResults(ex: Executor, owner: string, results: readonly AttemptResult[]): Promise<string[]> {
  if (results.length === 0) return [];
  const json = JSON.stringify(results.map((r) => ({ ...r, at: r.at.toISOString(), next: r.next?.toISOString() ?? null })));
  const d = webhookDeliveries;
  const rows = await ex
    .update(d)
    .set({
      status: sql`r.status`,
      lockedBy: null,
      lockedUntil: null,
      lastAttemptAt: sql`r.at`,
      responseStatus: sql`r.code`,
      responseMs: sql`r.ms`,
      responseBody: sql`r.body`,
      error: sql`r.error`,
      nextAttemptAt: sql`r.next`,
      deliveredAt: sql`case when r.status = 'delivered' then r.at else ${d.deliveredAt} end`,
    })
    .from(sql`jsonb_to_recordset(${json}::jsonb) as r(id uuid, status text, at timestamptz, code int, ms int, body text, error text, next timestamptz)`)
    .where(and(sql`${d.id} = r.id`, eq(d.lockedBy, owner)))
    .returning({ id: d.id });
  return rows.map((r) => r.id);
}

/** A delivery of the account's, with its endpoint's state. */
export async function findDelivery(ex: Executor, userId: string, endpointId: string, deliveryId: string) {
  const [row] = await ex
    .select({ id: webhookDeliveries.id, status: webhookDeliveries.status, active: webhookEndpoints.active })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookEndpoints.userId, userId)));
  return row;
}

/** «Reenviar»: open again, with a new three-day window, whatever it was. */
export async function reopen(ex: Executor, deliveryId: string, now: Date): Promise<void> {
  await ex
    .update(webhookDeliveries)
    .set({ status: 'pending', windowStartedAt: now, nextAttemptAt: now, lockedBy: null, lockedUntil: null })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** The open deliveries of a paused endpoint end as failed (a «Reenviar» after resuming sends them). */
export async function failOpenDeliveries(ex: Executor, endpointId: string, error: string): Promise<number> {
  const rows = await ex
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lockedBy: null, lockedUntil: null, error })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, ['pending', 'retrying'])))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Pauses an active endpoint; undefined when it was paused already (or is gone). */
export async function pauseEndpoint(ex: Executor, endpointId: string, reason: string, now: Date): Promise<EndpointRow | undefined> {
  const [row] = await ex
    .update(webhookEndpoints)
    .set({ active: false, pausedAt: now, pausedReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.active, true)))
    .returning(endpointColumns);
  return row;
}

export interface DeliveryListRow {
  id: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  responseMs: number | null;
  responseBody: string | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  eventCreatedAt: Date;
  eventData: Record<string, unknown>;
}

/** An endpoint's deliveries, newest first, each with its event (the body it carries). */
export async function listDeliveries(ex: Executor, endpointId: string, page: number, limit: number): Promise<{ rows: DeliveryListRow[]; total: number }> {
  const [count] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  const rows = await ex
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      responseMs: webhookDeliveries.responseMs,
      responseBody: webhookDeliveries.responseBody,
      error: webhookDeliveries.error,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      eventCreatedAt: domainEvents.createdAt,
      eventData: domainEvents.data,
    })
    .from(webhookDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(domainEvents.seq))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One delivery for the sender: its event (envelope parts). */
export async function findEventOf(
  ex: Executor,
  eventId: string,
): Promise<{ id: string; type: string; createdAt: Date; data: Record<string, unknown> } | undefined> {
  const [row] = await ex
    .select({ id: domainEvents.id, type: domainEvents.type, createdAt: domainEvents.createdAt, data: domainEvents.data })
    .from(domainEvents)
    .where(eq(domainEvents.id, eventId));
  return row;
}

/** A delivery written by hand («Enviar prueba»), already held by its sender and counting its one attempt. */
export async function insertDelivery(
  ex: Executor,
  values: { endpointId: string; eventId: string; eventType: string; now: Date; lock: { owner: string; until: Date } },
): Promise<string> {
  const [row] = await ex
    .insert(webhookDeliveries)
    .values({
      endpointId: values.endpointId,
      eventId: values.eventId,
      eventType: values.eventType,
      status: 'pending',
      attempts: 1,
      lockedBy: values.lock.owner,
      lockedUntil: values.lock.until,
      windowStartedAt: values.now,
      createdAt: values.now,
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

/** Counts for the bench and the tests: deliveries by status. */
export async function deliveryCounts(ex: Executor): Promise<Record<string, number>> {
  const rows = await ex
    .select({ status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
