import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventExamples } from '@envios/contracts/events';
import type { DatabaseHandle, Executor } from '../../db/client.js';
import { manualClock } from '../../shared/clock.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { createJobQueue, jobsQueries } from '../jobs/jobs.usecases.js';
import { createEvents, eventJobKey, eventsQueries, type NewEvent } from './events.usecases.js';

/*
 * The event stream on its own: the outbox row and the subscribers' work commit with the change or
 * not at all; a durable subscriber that fails is retried and its effect happens once; a worker that
 * dies mid-delivery loses nothing (another one takes the job over when its lease runs out).
 */

let database: DatabaseHandle;
const clock = manualClock();

const walletCredited = (n: number): NewEvent => ({
  type: 'wallet.credited',
  userId: null,
  subjectId: `entry-${n}`,
  data: { ...eventExamples['wallet.credited'], amount: n },
});

async function effects(): Promise<{ event_id: string; subscriber: string }[]> {
  const result = await database.db.execute(sql`select event_id, subscriber from event_effects order by subscriber, event_id`);
  return (result as { rows: { event_id: string; subscriber: string }[] }).rows;
}
const recordEffect = (tx: Executor, eventId: string, subscriber: string) =>
  tx.execute(sql`insert into event_effects (event_id, subscriber) values (${eventId}, ${subscriber})`);
const eventRows = async () => Number((await database.query<{ n: number }>('select count(*)::int as n from domain_events', []))[0]!.n);

beforeAll(async () => {
  database = await createTestDatabase();
  // A stand-in for a subscriber's effect in our database (a pickup, a delivery row…).
  await database.exec('create table event_effects (event_id uuid not null, subscriber text not null, unique (event_id, subscriber))');
});
beforeEach(async () => {
  await database.exec('delete from event_effects; delete from jobs; delete from domain_events;');
});
afterAll(async () => {
  await database.close();
});

function setup(opts: { leaseMs?: number; workerId?: string } = {}) {
  const jobs = createJobQueue({ db: database.db, clock, backoffMs: () => 1_000, leaseMs: opts.leaseMs ?? 60_000, workerId: opts.workerId });
  return { jobs, events: createEvents({ jobs, clock }) };
}

describe('publishing', () => {
  it('writes the event with the change; a change that rolls back leaves no event and no subscriber job', async () => {
    const { jobs, events } = setup();
    events.subscribe({ name: 'mirror', mode: 'inline', types: ['wallet.credited'], handle: (tx, e) => recordEffect(tx, e.id, 'mirror').then(() => undefined) });
    events.subscribe({ name: 'outside', mode: 'durable', types: ['wallet.credited'], handle: async () => undefined });

    await expect(
      database.db.transaction(async (tx) => {
        await events.publish(tx, walletCredited(1));
        throw new Error('la transacción se deshace');
      }),
    ).rejects.toThrow('se deshace');
    expect(await eventRows()).toBe(0);
    expect(await effects()).toEqual([]);
    expect(await jobsQueries.list(database.db)).toEqual([]);

    const [event] = await database.db.transaction((tx) => events.publish(tx, walletCredited(2)));
    expect(await eventsQueries.find(database.db, [event!.id])).toEqual([
      {
        id: event!.id,
        type: 'wallet.credited',
        userId: null,
        subjectId: 'entry-2',
        data: { ...eventExamples['wallet.credited'], amount: 2 },
        createdAt: clock.now(),
      },
    ]);
    expect(await effects()).toEqual([{ event_id: event!.id, subscriber: 'mirror' }]);
    const job = await jobsQueries.findByKey(database.db, eventJobKey('outside', event!.id));
    expect(job).toMatchObject({ type: 'events.outside', status: 'pending' });
    await jobs.drain();
  });

  it('an inline subscriber that fails undoes the change it belongs to', async () => {
    const { events } = setup();
    events.subscribe({
      name: 'broken',
      mode: 'inline',
      types: ['wallet.credited'],
      handle: async () => {
        throw new Error('falla el suscriptor');
      },
    });
    await expect(database.db.transaction((tx) => events.publish(tx, walletCredited(3)))).rejects.toThrow('falla el suscriptor');
    expect(await eventRows()).toBe(0);
  });

  it('hands each event only to the subscribers of its type, in the order they subscribed', async () => {
    const { events } = setup();
    const seen: string[] = [];
    events.subscribe({ name: 'a', mode: 'inline', types: ['wallet.credited', 'guide.issued'], handle: async (_tx, e) => void seen.push(`a:${e.type}`) });
    events.subscribe({ name: 'b', mode: 'inline', types: ['guide.issued'], handle: async (_tx, e) => void seen.push(`b:${e.type}`) });
    await database.db.transaction((tx) =>
      events.publish(tx, [walletCredited(4), { type: 'guide.issued', userId: null, subjectId: 's', data: eventExamples['guide.issued'] }]),
    );
    expect(seen).toEqual(['a:wallet.credited', 'a:guide.issued', 'b:guide.issued']);
    expect(() => events.subscribe({ name: 'a', mode: 'inline', types: ['guide.issued'], handle: async () => undefined })).toThrow('ya existe');
  });

  it('a durable subscriber that does not want the event gets no job (asked once per account and type in one publish)', async () => {
    const { events } = setup();
    let asked = 0;
    events.subscribe({
      name: 'picky',
      mode: 'durable',
      types: ['wallet.credited'],
      wants: async () => {
        asked++;
        return false;
      },
      handle: async () => undefined,
    });
    await database.db.transaction((tx) => events.publish(tx, [walletCredited(5), walletCredited(6), walletCredited(7)]));
    expect(asked).toBe(1);
    expect(await jobsQueries.list(database.db)).toEqual([]);
  });
});

describe('durable subscribers', () => {
  it('a failing subscriber is retried with back-off and its effect happens once', async () => {
    const { jobs, events } = setup();
    // A subscriber whose first two attempts fail before committing anything.
    let failing = 0;
    events.subscribe({
      name: 'twice-broken',
      mode: 'durable',
      types: ['wallet.credited'],
      async handle(event, ctx) {
        failing++;
        if (failing <= 2) throw new Error(`el destino no responde (${failing})`);
        await ctx.commit((tx) => recordEffect(tx, event.id, 'twice-broken').then(() => undefined));
      },
    });
    const [event] = await database.db.transaction((tx) => events.publish(tx, walletCredited(8)));
    await jobs.drain();
    expect(await jobsQueries.findByKey(database.db, eventJobKey('twice-broken', event!.id))).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'el destino no responde (1)',
    });
    clock.advance(1_000);
    await jobs.drain();
    clock.advance(1_000);
    await jobs.drain();
    expect(await jobsQueries.findByKey(database.db, eventJobKey('twice-broken', event!.id))).toMatchObject({ status: 'done', attempts: 3 });
    // Run everything again (a duplicate enqueue is refused by the key): nothing happens twice.
    await database.db.transaction(async (tx) => {
      await jobs.enqueue({ type: 'events.twice-broken', key: eventJobKey('twice-broken', event!.id), payload: {} }, tx);
    });
    clock.advance(60_000);
    await jobs.drain();
    expect(await effects()).toEqual([{ event_id: event!.id, subscriber: 'twice-broken' }]);
    expect(failing).toBe(3);
  });

  it('a worker that dies mid-delivery loses nothing: once its lease runs out another worker delivers, once', async () => {
    const dead = setup({ workerId: 'muerto', leaseMs: 30_000 });
    const deliveries: string[] = [];
    let die = true;
    const handler = {
      name: 'webhook-like',
      mode: 'durable' as const,
      types: ['wallet.credited' as const],
      async handle(event: { id: string }, ctx: { commit(effect: (tx: Executor) => Promise<void>): Promise<void> }) {
        if (die) {
          // The process is killed here: the event was sent nowhere and nothing was recorded.
          await new Promise(() => undefined);
        }
        deliveries.push(event.id);
        await ctx.commit((tx) => recordEffect(tx, event.id, 'webhook-like').then(() => undefined));
      },
    };
    dead.events.subscribe(handler);
    const [event] = await database.db.transaction((tx) => dead.events.publish(tx, walletCredited(9)));
    void dead.jobs.runOnce();
    await new Promise((r) => setTimeout(r, 50));
    expect(await jobsQueries.findByKey(database.db, eventJobKey('webhook-like', event!.id))).toMatchObject({ status: 'running', lockedBy: 'muerto' });

    die = false;
    const alive = setup({ workerId: 'vivo' });
    alive.events.subscribe(handler);
    expect(await alive.jobs.drain()).toBe(0);
    clock.advance(31_000);
    expect(await alive.jobs.drain()).toBe(1);
    expect(deliveries).toEqual([event!.id]);
    expect(await effects()).toEqual([{ event_id: event!.id, subscriber: 'webhook-like' }]);
  });
});
