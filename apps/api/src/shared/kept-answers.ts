import { RecentKeys } from './recent-keys.js';

/**
 * The API's one cache of answers: an answer is kept under its key together with the version of
 * what it was read from (the change feed's version of its topics, db/change-feed.ts, or a
 * catalogue's version), and served only while that version stands. A new cache is one
 * `caching.create(name, options)` (the `AnswerCaching` handed through the deps), applied at the
 * route or at one named seam of the read: the computing code returns plain values and never
 * knows whether it was kept.
 *
 * - Budget: at most `budget` units, an entry weighing 1 or what `weigh` says (rows, folios,
 *   bytes); the least recently used entries make room for a new one.
 * - Policy: kept from the second time a key is asked (`keepFrom: 'second'`, the default: most keys
 *   are asked once, and keeping them cost room and garbage for nothing) or from the first.
 * - A kept answer is shared with every later reader: `freeze` makes it unchangeable when kept.
 * - One switch: with caching off (`ANSWER_CACHE=off`) nothing is kept and every read computes.
 */
export interface KeptAnswersOptions<V> {
  /** The most weight kept (entries when there is no `weigh`). */
  budget: number;
  /** One entry's weight in budget units (default 1). An answer heavier than the whole budget is not kept. */
  weigh?: (value: V) => number;
  /** How long an answer is served after it was computed (default: while its version stands). */
  ttlMs?: number;
  keepFrom?: 'first' | 'second';
  /** Keys asked once that are remembered for the second ask (default twice the budget). */
  remember?: number;
  /** Reads of one key and version asked while one is computing wait for it (the answer is shared even when not kept). */
  sharedReads?: boolean;
  /** Applied to an answer when it is kept (freezing it, so its readers cannot change it). */
  freeze?: (value: V) => V;
}

export interface KeptAnswersStats {
  name: string;
  hits: number;
  misses: number;
  entries: number;
  weight: number;
  budget: number;
}

interface Entry<V> {
  version: string;
  value: V;
  weight: number;
  storedAt: number;
  expiresAt: number;
}

export interface KeptAnswers<V> {
  /** False when caching is switched off: work done only to fill the cache (a whole list read ahead) is then skipped. */
  readonly keeps: boolean;
  /** The answer kept for `key` at `version`, if it still stands (and counts as recently used). */
  get(key: string, version: string | undefined, nowMs?: number): V | undefined;
  /**
   * A freshly computed answer for `key` read at `version`: kept (and frozen) when the policy says
   * so. Returns what to answer: the kept value, or the one given.
   */
  offer(key: string, version: string | undefined, value: V, nowMs?: number): V;
  /**
   * The seam: the kept answer, or `compute()`'s, offered to the cache unless `keep` refuses it.
   * With `sharedReads`, reads of one key and version asked while one computes wait for it.
   * Take `version` before anything is read: a write meanwhile then makes this answer stale at once.
   */
  through(key: string, version: string | undefined, compute: () => Promise<V>, options?: { keep?: (value: V) => boolean; nowMs?: number }): Promise<V>;
  stats(): KeptAnswersStats;
  clear(): void;
}

export interface AnswerCaching {
  readonly enabled: boolean;
  create<V>(name: string, options: KeptAnswersOptions<V>): KeptAnswers<V>;
  /** Every cache's figures (for /metrics and tests). */
  stats(): KeptAnswersStats[];
}

/** The caches of one app; `enabled: false` is the switch that keeps nothing anywhere (tests, benches). */
export function answerCaching(opts: { enabled: boolean; now?: () => number }): AnswerCaching {
  const all: KeptAnswers<unknown>[] = [];
  return {
    enabled: opts.enabled,
    create<V>(name: string, options: KeptAnswersOptions<V>) {
      const cache = opts.enabled ? keptAnswers<V>(name, options, opts.now) : keepingNothing<V>(name, options.budget);
      all.push(cache);
      return cache;
    },
    stats: () => all.map((c) => c.stats()),
  };
}

function keepingNothing<V>(name: string, budget: number): KeptAnswers<V> {
  let misses = 0;
  return {
    keeps: false,
    get: () => {
      misses++;
      return undefined;
    },
    offer: (_key, _version, value) => value,
    through: async (_key, _version, compute) => {
      misses++;
      return compute();
    },
    stats: () => ({ name, hits: 0, misses, entries: 0, weight: 0, budget }),
    clear: () => undefined,
  };
}

export function keptAnswers<V>(name: string, options: KeptAnswersOptions<V>, now: () => number = () => performance.now()): KeptAnswers<V> {
  if (!(options.budget >= 1)) throw new RangeError(`${name}: the budget must be at least 1`);
  const budget = options.budget;
  const ttlMs = options.ttlMs ?? Infinity;
  const weigh = options.weigh ?? (() => 1);
  // Insertion order is the order of use: the first entry is the least recently used.
  const entries = new Map<string, Entry<V>>();
  const flights = new Map<string, Promise<V>>();
  const askedBefore = options.keepFrom === 'first' ? undefined : new RecentKeys({ slots: options.remember ?? Math.min(budget * 2, 1 << 16), ttlMs });
  let weight = 0;
  let hits = 0;
  let misses = 0;

  function drop(key: string, entry: Entry<V>): void {
    entries.delete(key);
    weight -= entry.weight;
  }

  function get(key: string, version: string | undefined, nowMs = now()): V | undefined {
    const entry = version === undefined ? undefined : entries.get(key);
    if (entry === undefined) {
      misses++;
      return undefined;
    }
    if (entry.version !== version || nowMs >= entry.expiresAt || nowMs < entry.storedAt) {
      drop(key, entry);
      misses++;
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    hits++;
    return entry.value;
  }

  function offer(key: string, version: string | undefined, value: V, nowMs = now()): V {
    if (version === undefined) return value;
    if (askedBefore && !askedBefore.sawBefore(`${version}\u0000${key}`, nowMs)) return value;
    const kept = options.freeze ? options.freeze(value) : value;
    const w = weigh(kept);
    const old = entries.get(key);
    if (old) drop(key, old);
    if (!(w <= budget)) return kept;
    while (entries.size > 0 && weight + w > budget) {
      const [oldest, entry] = entries.entries().next().value!;
      drop(oldest, entry);
    }
    entries.set(key, { version, value: kept, weight: w, storedAt: nowMs, expiresAt: nowMs + ttlMs });
    weight += w;
    return kept;
  }

  return {
    keeps: true,
    get,
    offer,
    async through(key, version, compute, opts = {}) {
      const nowMs = opts.nowMs ?? now();
      const hit = get(key, version, nowMs);
      if (hit !== undefined) return hit;
      if (version === undefined) return compute();
      if (!options.sharedReads) {
        const value = await compute();
        return opts.keep && !opts.keep(value) ? value : offer(key, version, value, nowMs);
      }
      const flightKey = `${version}\u0000${key}`;
      const waiting = flights.get(flightKey);
      if (waiting) return waiting;
      const flight = compute().then((value) => (opts.keep && !opts.keep(value) ? value : offer(key, version, value, nowMs)));
      flights.set(flightKey, flight);
      try {
        return await flight;
      } finally {
        flights.delete(flightKey);
      }
    },
    stats: () => ({ name, hits, misses, entries: entries.size, weight, budget }),
    clear: () => {
      entries.clear();
      weight = 0;
    },
  };
}
