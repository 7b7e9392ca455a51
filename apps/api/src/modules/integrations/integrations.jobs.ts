import { FAILING_NOTICE_AFTER_MS } from '@envios/contracts/integrations';
import type { Clock } from '../../shared/clock.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import type { JobQueue } from '../jobs/jobs.usecases.js';
import { storeFailingMail } from '../notifications/notifications.usecases.js';
import { cleanUpStore, setUpStore, type CleanupPayload, type SetupPayload } from './integrations.connect.js';
import type { Intake } from './integrations.intake.js';
import * as repo from './integrations.repository.js';
import { JOB, reasonFor, type Ctx } from './integrations.shared.js';
import { writeBack, type WritebackPayload } from './integrations.writeback.js';
import type { DemoDeliveryPayload, DemoStoreService } from './platforms/woocommerce/woocommerce-demo.js';
import { carryOverHeld, runAutoShip, type AutoShipPayload } from './integrations.autoship.js';

/*
 * The module's durable work. `woocommerce.tick` is a chain, one link per slot (10 minutes by
 * default), that queues one sync per connected store (keyed by store and slot, so several
 * processes queue it once), e-mails the owner of a store failing for an hour (once per failing
 * period), forgets old health events and spent handshakes, and once a day (Mexico City) queues
 * the carry-over of the orders a store's daily limit held.
 */

const DAY = 24 * 60 * 60_000;

export interface IntegrationsJobOptions {
  /** Time between ticks, and so between syncs of a store (default 10 min). */
  syncIntervalMs?: number;
}

function slotStart(at: Date, intervalMs: number): Date {
  return new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);
}

interface StorePayload {
  connectionId: string;
}

export function registerIntegrationJobs(
  jobs: JobQueue,
  ctx: Ctx,
  parts: {
    intake: Intake;
    demo: DemoStoreService;
    revokeDemoKey: (platform: string, userId: string, keyId: number) => Promise<void>;
    /** A demo store's queued notice sent to this app. */
    demoSend: (payload: { url?: string; headers?: Record<string, string>; body?: string }) => Promise<void>;
  },
  options: IntegrationsJobOptions = {},
): void {
  const intervalMs = options.syncIntervalMs ?? 10 * 60_000;
  jobs.register<SetupPayload>(JOB.setup, { run: (payload) => setUpStore(ctx, payload) });
  jobs.register<StorePayload>(JOB.sync, {
    run: async (payload) => {
      await parts.intake.syncStore(payload.connectionId);
    },
  });
  jobs.register<StorePayload>(JOB.weights, {
    run: async (payload) => {
      await parts.intake.computeWeights(payload.connectionId, { whenQuiet: true });
    },
  });
  jobs.register<WritebackPayload>(JOB.writeback, { run: (payload) => writeBack(ctx, payload) });
  jobs.register<CleanupPayload>(JOB.cleanup, {
    run: (payload) => cleanUpStore(ctx, payload, parts.revokeDemoKey),
    // The sealed keys leave the queue once the store is cleaned up.
    scrub: (payload) => ({ connectionId: payload.connectionId }),
  });
  jobs.register<AutoShipPayload>(JOB.autoShip, {
    run: async (payload) => {
      if (ctx.autoShip) await runAutoShip(ctx, ctx.autoShip, payload.orderId);
    },
  });
  jobs.register<{ day: string }>(JOB.carryOver, {
    run: async (payload) => {
      if (ctx.autoShip) await carryOverHeld(ctx, ctx.autoShip, payload.day);
    },
  });
  jobs.register<{ connectionId: string; externalId: number }>(JOB.fetchOrder, {
    run: (payload) => parts.intake.fetchOrder(payload.connectionId, payload.externalId),
  });
  jobs.register<{ url?: string; headers?: Record<string, string>; body?: string }>(JOB.demoSend, {
    run: (payload) => parts.demoSend(payload),
    scrub: (payload) => ({ url: payload.url }),
  });
  jobs.register<DemoDeliveryPayload>(JOB.demoDelivery, {
    run: (payload) => parts.demo.deliver(payload),
    scrub: (payload) => ({ userId: payload.userId, webhookId: payload.webhookId, kind: payload.kind }),
  });
  jobs.register<Record<string, never>>(JOB.tick, {
    async run(_payload, jobCtx) {
      const now = ctx.clock.now();
      await notifyFailing(ctx, now);
      await repo.pruneEvents(ctx.db, new Date(now.getTime() - 30 * DAY));
      await repo.deleteHandshakesBefore(ctx.db, new Date(now.getTime() - DAY));
      const slot = slotStart(now, intervalMs).toISOString();
      const stores = await repo.connectedIds(ctx.db);
      const today = mexicoCityTime(now).date;
      await jobCtx.commit(async (tx) => {
        // Once a day: the key is the day's.
        await jobs.enqueue({ type: JOB.carryOver, key: `${JOB.carryOver}:${today}`, payload: { day: today }, maxAttempts: 5 }, tx);
        for (const { id } of stores) await jobs.enqueue({ type: JOB.sync, key: `woo.sync:${id}:${slot}`, payload: { connectionId: id } }, tx);
        const next = slotStart(new Date(now.getTime() + intervalMs), intervalMs);
        await jobs.enqueue({ type: JOB.tick, key: `${JOB.tick}:${next.toISOString()}`, payload: {}, runAt: next }, tx);
      });
    },
  });
}

/** Starts the chain if this slot has no link yet (where the worker starts). */
export async function scheduleIntegrationsTick(jobs: JobQueue, clock: Clock, intervalMs = 10 * 60_000): Promise<void> {
  const now = clock.now();
  await jobs.enqueue({ type: JOB.tick, key: `${JOB.tick}:${slotStart(now, intervalMs).toISOString()}`, payload: {}, runAt: now });
}

/** One e-mail per failing period, to the owner of each store failing for an hour or more. */
async function notifyFailing(ctx: Ctx, now: Date): Promise<void> {
  const failing = await repo.failingToNotify(ctx.db, new Date(now.getTime() - FAILING_NOTICE_AFTER_MS));
  for (const conn of failing) {
    const owner = await ctx.findAccount(conn.userId);
    const [last] = await repo.failuresSince(ctx.db, [conn.id], conn.failingSince!);
    await ctx.db.transaction(async (tx) => {
      if (owner) {
        const since = mexicoCityTime(conn.failingSince!);
        await ctx.notifier.sendEmail(
          {
            key: `woo.failing:${conn.id}:${conn.failingSince!.toISOString()}`,
            to: owner.email,
            mail: storeFailingMail({
              firstName: owner.firstName,
              storeName: conn.appName,
              storeUrl: conn.storeUrl,
              since: `${since.date.split('-').reverse().join('/')} ${since.time.slice(0, 5)} (hora del centro de México)`,
              reason: last?.reason ?? reasonFor(undefined),
              needsReconnect: conn.state === 'needs_reconnect',
              integrationsUrl: ctx.returnUrl,
            }),
          },
          tx,
        );
      }
      await repo.updateConnection(tx, conn.id, { failureNotifiedAt: now });
    });
  }
}
