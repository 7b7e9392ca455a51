import * as repo from './integrations.repository.js';
import { JOB, isUnauthorized, recordFailure, type Ctx } from './integrations.shared.js';
import { orderWeightAndBox, type ProductFacts } from './order-mapping.js';
import { queueAutoShip } from './integrations.autoship.js';

/*
 * Weights from the products, for platforms whose orders carry none: one weights job per store and
 * time slot (a burst of orders is looked up once, not once per order), products read from the
 * store once a week, each waiting order given its weight and box. The intake (integrations.intake.ts)
 * queues the job with the orders' commit and says when deliveries were last written, so the job
 * steps aside while the store is sending.
 */

const DAY = 24 * 60 * 60_000;
const PRODUCT_REFRESH_MS = 7 * DAY;
const WEIGHTS_SLOT_MS = 3_000;
/** Orders weighed per round, and rounds per run (the rest in the next slot). */
const WEIGHTS_CHUNK = 100;
const WEIGHTS_ROUNDS = 30;
/** A weights job waits while deliveries arrived this recently. */
const QUIET_BEFORE_WEIGHTS_MS = 1_000;

type Executor = Parameters<Ctx['jobs']['enqueue']>[1];

export function createWeighing(ctx: Ctx, opts: { weightsSlotMs?: number; quietBeforeWeightsMs?: number } = {}) {
  const weightsSlotMs = opts.weightsSlotMs ?? WEIGHTS_SLOT_MS;
  const quietBeforeWeightsMs = opts.quietBeforeWeightsMs ?? QUIET_BEFORE_WEIGHTS_MS;
  /** The slot whose job is queued (and committed), per store. */
  const queuedSlot = new Map<string, number>();
  /** When this process last wrote delivered orders. */
  let lastWriteAt = 0;

  /** Queues the store's weights job of this slot (or a later one); answers the slot, already queued or not. */
  async function enqueue(connectionId: string, now: Date, executor?: Executor, later = 0): Promise<number> {
    const slot = Math.floor(now.getTime() / weightsSlotMs) + later;
    if (queuedSlot.get(connectionId) === slot) return slot;
    await ctx.jobs.enqueue(
      { type: JOB.weights, key: `woo.weights:${connectionId}:${slot}`, payload: { connectionId }, runAt: new Date((slot + 1) * weightsSlotMs) },
      executor,
    );
    // Remembered only once committed (a transaction that rolls back queued nothing).
    if (!executor) queuedSlot.set(connectionId, slot);
    return slot;
  }

  /**
   * Products looked up once a week per store; each waiting order gets its weight and box. Done in
   * chunks, yielding between them; with `whenQuiet` (the job) it stops and comes back later as soon
   * as deliveries arrive, so answering the store always comes first.
   */
  async function compute(connectionId: string, options: { whenQuiet?: boolean } = {}): Promise<number> {
    const busy = () => options.whenQuiet === true && Date.now() - lastWriteAt < quietBeforeWeightsMs;
    const later = async () => {
      await enqueue(connectionId, ctx.clock.now(), undefined, 1);
    };
    if (busy()) {
      await later();
      return 0;
    }
    const conn = await repo.findConnection(ctx.db, connectionId);
    if (!conn || conn.state !== 'connected' || !ctx.platform(conn.platform).weighsProducts) return 0;
    const facts = new Map<number, ProductFacts>();
    let done = 0;
    for (let round = 0; round < WEIGHTS_ROUNDS; round++) {
      const waiting = await repo.ordersWaitingForWeight(ctx.db, conn.id, WEIGHTS_CHUNK);
      if (waiting.length === 0) return done;
      const ids = [...new Set(waiting.flatMap((o) => o.items.map((i) => i.productId)).filter((id) => id > 0 && !facts.has(id)))];
      const known = await repo.findProducts(ctx.db, conn.id, ids);
      const now = ctx.clock.now();
      for (const p of known) facts.set(p.productId, { weightKg: p.weightKg, dimensionsCm: p.dimensionsCm ?? null });
      const fresh = new Set(known.filter((p) => now.getTime() - p.fetchedAt.getTime() < PRODUCT_REFRESH_MS).map((p) => p.productId));
      const missing = ids.filter((id) => !fresh.has(id));
      if (missing.length > 0) {
        let looked: Map<number, ProductFacts>;
        try {
          const api = ctx.storeApi(conn);
          looked = (await api.productFacts?.(missing)) ?? new Map<number, ProductFacts>();
        } catch (error) {
          await recordFailure(ctx, ctx.db, conn.id, 'Al leer el peso de los productos', error);
          if (isUnauthorized(error)) return done;
          throw error;
        }
        const rows = missing.map((id) => {
          const fact: ProductFacts = looked.get(id) ?? { weightKg: null, dimensionsCm: null };
          facts.set(id, fact);
          return { connectionId: conn.id, productId: id, weightKg: fact.weightKg, dimensionsCm: fact.dimensionsCm, fetchedAt: now };
        });
        await repo.upsertProducts(ctx.db, rows);
      }
      await ctx.db.transaction(async (tx) => {
        await repo.setOrderWeights(
          tx,
          waiting.map((order) => {
            const { weightKg, box } = orderWeightAndBox(order.items, facts);
            return { id: order.id, weightKg, weightSource: weightKg === null ? ('unknown' as const) : ('products' as const), parcelCm: box };
          }),
        );
        // Weighed now: the store's rule may buy their guides.
        await queueAutoShip(
          ctx,
          tx,
          waiting.map((order) => order.id),
          ctx.clock.now(),
        );
      });
      done += waiting.length;
      if (waiting.length < WEIGHTS_CHUNK) return done;
      await new Promise((resolve) => setImmediate(resolve));
      if (busy()) {
        await later();
        return done;
      }
    }
    // More than a few thousand waiting: the rest in the next slot.
    await later();
    return done;
  }

  return {
    enqueue,
    compute,
    /** The orders' commit queued these stores' jobs (slot per store). */
    committed(slots: ReadonlyMap<string, number>, viaWebhook: boolean): void {
      for (const [id, slot] of slots) queuedSlot.set(id, slot);
      if (viaWebhook) lastWriteAt = Date.now();
    },
  };
}
