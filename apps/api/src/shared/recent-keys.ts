/**
 * Which keys were seen recently, remembered without allocating anything per key: a fixed table
 * of 32-bit hashes and the moments they were recorded, one slot per hash bucket, a newer key
 * replacing an older one in its slot. It answers "was this asked before?" for caches that keep a
 * value only from its second request: most keys are asked once, and remembering each of them as
 * a string in a map made every miss cost a garbage-collected entry that outlived the request.
 *
 * Approximate on purpose: a key pushed out of its slot by another is forgotten early (it is kept
 * one request later), and two keys with the same 32-bit hash (about one in four billion) are
 * taken for one (a value is kept after a single request). Neither changes an answer.
 */
export class RecentKeys {
  readonly #hashes: Uint32Array;
  readonly #seenAt: Float64Array;
  readonly #mask: number;
  readonly #ttlMs: number;

  /** `slots` is rounded up to a power of two. */
  constructor(options: { slots: number; ttlMs: number }) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(2, options.slots)));
    this.#hashes = new Uint32Array(size);
    this.#seenAt = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
    this.#mask = size - 1;
    this.#ttlMs = options.ttlMs;
  }

  /** Whether `key` was recorded within the time to live; records it now either way. */
  sawBefore(key: string, nowMs: number = performance.now()): boolean {
    const hash = fnv1a(key);
    const slot = hash & this.#mask;
    const seenAt = this.#seenAt[slot]!;
    const seen = this.#hashes[slot] === hash && nowMs - seenAt < this.#ttlMs && nowMs >= seenAt;
    this.#hashes[slot] = hash;
    this.#seenAt[slot] = nowMs;
    return seen;
  }
}

/** FNV-1a over the UTF-16 code units, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
