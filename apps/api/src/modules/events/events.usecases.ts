import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TEST_EVENT_TYPE, type EventData, type EventEnvelope, type EventType } from '@envios/contracts/events';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { EnqueueInput, JobContext, JobQueue } from '../jobs/jobs.usecases.js';
import * as repo from './events.repository.js';

/*
 * One event stream. A change publishes its domain events in its own transaction
 * (`events.publish(tx, …)`): the rows go into the outbox table (`domain_events`) and every
 * subscriber of the type gets the event, in one of two ways:
 *
 * - `inline`: the handler runs now, in the same transaction. For effects that are writes in our
 *   own database (mark, insert, enqueue a durable job): they commit with the change or not at all,
 *   so they happen exactly once, and a failing one undoes the change as a direct call would.
 * - `durable`: a job per event and subscriber (key `event:<subscriber>:<event id>`) is enqueued in
 *   the same transaction, so a crash between the commit and the delivery loses nothing; the job
 *   queue runs it at least once, retried with back-off, and the handler is idempotent by event id
 *   (its database effects go through `ctx.commit`, which commits them with the job's completion).
 *
 * Publishers know the event, never who listens: a new after-payment effect is one subscriber,
 * registered in app-modules.ts.
 */

export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  /** The account it belongs to (its webhooks receive it); null when none. */
  userId: string | null;
  subjectId: string | null;
  data: EventData[T];
  createdAt: Date;
}

export type NewEvent = { [T in EventType]: { type: T; userId: string | null; subjectId?: string | null; data: EventData[T] } }[EventType];

export interface EventPublisher {
  /**
   * Writes the events in `tx` (one statement) and hands each to its subscribers: inline ones run
   * now in `tx`, durable ones become jobs that commit with it. Answers the events as written.
   */
  publish(tx: Executor, events: NewEvent | readonly NewEvent[]): Promise<DomainEvent[]>;
}

interface SubscriberBase<T extends EventType> {
  /** Unique, stable: it names the subscriber's jobs (`events.<name>`). */
  name: string;
  types: readonly T[];
}

export interface InlineSubscriber<T extends EventType = EventType> extends SubscriberBase<T> {
  mode: 'inline';
  handle(tx: Executor, event: DomainEvent<T>): Promise<void>;
}

export interface DurableSubscriber<T extends EventType = EventType> extends SubscriberBase<T> {
  mode: 'durable';
  /**
   * Asked in the publishing transaction: false skips the job (the account has no webhook for this
   * type, for instance). Answers are reused within one `publish` for the same account and type.
   */
  wants?(tx: Executor, event: DomainEvent<T>): Promise<boolean>;
  handle(event: DomainEvent<T>, ctx: JobContext): Promise<void>;
  maxAttempts?: number;
}

export type Subscriber<T extends EventType = EventType> = InlineSubscriber<T> | DurableSubscriber<T>;

export interface Events extends EventPublisher {
  subscribe<T extends EventType>(subscriber: Subscriber<T>): void;
}

/** The job payload of a durable subscriber: the event, its date as text. */
type EventPayload = Omit<DomainEvent, 'createdAt'> & { createdAt: string };

export function durableJobType(name: string): string {
  return `events.${name}`;
}

export function eventJobKey(subscriber: string, eventId: string): string {
  return `event:${subscriber}:${eventId}`;
}

/** The event as a webhook receives it. */
export function envelopeOf(event: DomainEvent): EventEnvelope {
  return { id: event.id, type: event.type, created: event.createdAt.toISOString(), data: event.data };
}

export function createEvents(deps: { jobs: JobQueue; clock: Clock; log?: FastifyBaseLogger }): Events {
  const byType = new Map<EventType, Subscriber[]>();
  const names = new Set<string>();

  return {
    subscribe<T extends EventType>(subscriber: Subscriber<T>) {
      if (names.has(subscriber.name)) throw new Error(`El suscriptor de eventos ${subscriber.name} ya existe`);
      names.add(subscriber.name);
      const any = subscriber as unknown as Subscriber;
      for (const type of subscriber.types) byType.set(type, [...(byType.get(type) ?? []), any]);
      if (any.mode === 'durable') {
        const durable = any;
        deps.jobs.register<EventPayload>(durableJobType(subscriber.name), {
          run: (payload, ctx) => durable.handle({ ...payload, createdAt: new Date(payload.createdAt) }, ctx),
        });
      }
    },

    async publish(tx, input) {
      const list = Array.isArray(input) ? (input as readonly NewEvent[]) : [input as NewEvent];
      if (list.length === 0) return [];
      const now = deps.clock.now();
      const events = list.map((e) => ({ id: randomUUID(), type: e.type, userId: e.userId, subjectId: e.subjectId ?? null, data: e.data, createdAt: now }));
      await repo.insertEvents(tx, events);
      const wanted = new Map<string, Promise<boolean>>();
      const jobs: EnqueueInput<EventPayload>[] = [];
      for (const event of events) {
        for (const subscriber of byType.get(event.type) ?? []) {
          if (subscriber.mode === 'inline') {
            await subscriber.handle(tx, event);
            continue;
          }
          if (subscriber.wants) {
            const key = `${subscriber.name}\n${event.userId ?? ''}\n${event.type}`;
            let answer = wanted.get(key);
            if (!answer) wanted.set(key, (answer = subscriber.wants(tx, event)));
            if (!(await answer)) continue;
          }
          const payload: EventPayload = { ...event, createdAt: event.createdAt.toISOString() };
          jobs.push({ type: durableJobType(subscriber.name), key: eventJobKey(subscriber.name, event.id), payload, maxAttempts: subscriber.maxAttempts });
        }
      }
      // Every durable subscriber's job of the batch in one statement, in the same transaction.
      await deps.jobs.enqueueMany(jobs, tx);
      const enqueued = jobs.length > 0;
      // The worker's next claim waits for this transaction on the embedded database (one
      // connection); elsewhere the publisher's own wake after its commit, or the next poll, finds the jobs.
      if (enqueued) setImmediate(() => deps.jobs.wake());
      return events;
    },
  };
}

/** Reads for tests and the developer page. */
export const eventsQueries = {
  find: (db: Executor, ids: readonly string[]) => repo.findEvents(db, ids),
  listOf: (db: Executor, userId: string, opts: { type?: string; limit: number; before?: number }) => repo.listEventsOf(db, userId, opts),
};

export const EVENTS_CLEANUP_JOB = 'events.cleanup';

function dayKey(at: Date): string {
  return `${EVENTS_CLEANUP_JOB}:${at.toISOString().slice(0, 10)}`;
}

/**
 * Daily: events older than 30 days go, and with them (foreign keys) their webhook deliveries. One
 * chain whatever the number of processes (a key per day), in slices.
 */
export function registerEventsCleanup(queue: JobQueue, db: Database, clock: Clock): void {
  queue.register<Record<string, never>>(EVENTS_CLEANUP_JOB, {
    async run(_payload, ctx) {
      const now = clock.now();
      const before = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
      while ((await repo.deleteEventsBefore(db, before)) > 0);
      await ctx.commit(async (tx) => {
        const runAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 10));
        await queue.enqueue({ type: EVENTS_CLEANUP_JOB, key: dayKey(runAt), payload: {}, runAt }, tx);
      });
    },
  });
}

export async function scheduleEventsCleanup(queue: JobQueue, clock: Clock): Promise<void> {
  const now = clock.now();
  await queue.enqueue({ type: EVENTS_CLEANUP_JOB, key: dayKey(now), payload: {}, runAt: now });
}

/**
 * The «Enviar prueba» event of the developer page: kept with the others (its delivery log shows
 * its body), handed to nobody.
 */
export async function writeTestEvent(
  ex: Executor,
  input: { userId: string; data: Record<string, unknown>; now: Date },
): Promise<{ id: string; type: typeof TEST_EVENT_TYPE; createdAt: Date; data: Record<string, unknown> }> {
  const event = { id: randomUUID(), type: TEST_EVENT_TYPE, userId: input.userId, subjectId: null, data: input.data, createdAt: input.now };
  await repo.insertEvents(ex, [event]);
  return event;
}
