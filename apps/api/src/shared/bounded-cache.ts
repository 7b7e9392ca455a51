/**
 * The one in-process cache of the API: at most `maxEntries` values, each kept for at most its
 * time to live. Reading an entry makes it the most recently used; when the cache is full, the
 * least recently used entry makes room for the new one. An entry read after its time, or read
 * at a moment before it was stored (the clock moved back), counts as absent and is dropped.
 *
 * Times are plain milliseconds from `now()` (default `performance.now()`); a caller that has its
 * own clock (tests with a manual clock, a request's moment) passes `nowMs` to `get`/`set`.
 * Values are shared with every later reader: callers keep only values nobody changes.
 */
export interface BoundedCacheOptions {
  maxEntries: number;
  /** How long an entry lives unless `set` says otherwise; `Infinity` keeps it until evicted. */
  ttlMs: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  expiresAt: number;
}

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #max: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: BoundedCacheOptions) {
    if (!(options.maxEntries >= 1)) throw new RangeError('BoundedCache: maxEntries must be at least 1');
    this.#max = Math.floor(options.maxEntries);
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K, nowMs: number = this.#now()): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (nowMs >= entry.expiresAt || nowMs < entry.storedAt) return undefined;
    // Re-inserted: the Map's order is the order of use, oldest first.
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The live value under `key`, without making it recently used (for hot reads of a small set). */
  peek(key: K, nowMs: number = this.#now()): V | undefined {
    const entry = this.#entries.get(key);
    return entry !== undefined && nowMs < entry.expiresAt && nowMs >= entry.storedAt ? entry.value : undefined;
  }

  /** Whether a live entry exists, without making it recently used. */
  has(key: K, nowMs: number = this.#now()): boolean {
    const entry = this.#entries.get(key);
    return entry !== undefined && nowMs < entry.expiresAt && nowMs >= entry.storedAt;
  }

  /** Stores `value`; a time to live of 0 or less stores nothing. */
  set(key: K, value: V, options: { ttlMs?: number; nowMs?: number } = {}): void {
    const ttlMs = options.ttlMs ?? this.#ttlMs;
    if (!(ttlMs > 0)) return;
    const nowMs = options.nowMs ?? this.#now();
    if (!this.#entries.delete(key) && this.#entries.size >= this.#max) {
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
    this.#entries.set(key, { value, storedAt: nowMs, expiresAt: nowMs + ttlMs });
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  /** Drops every entry whose value matches (e.g. everything of one user). */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.#entries) if (matches(entry.value, key)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
