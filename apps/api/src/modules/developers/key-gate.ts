import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { BoundedCache } from '../../shared/bounded-cache.js';
import type { Clock } from '../../shared/clock.js';
import * as repo from './developers.repository.js';

/**
 * Every use of an API key: is it live, is its account able, is there room in its rate limit.
 *
 * Revoking must hold at once on every process. Two ways, by database:
 * - PostgreSQL (any number of processes): one statement per use reads the key and its account
 *   and takes a token from the key's bucket in its row (`repo.takeToken`), so a revocation
 *   committed anywhere is refused by the next request everywhere, and the limit is one for all
 *   processes.
 * - The embedded database belongs to this one process: each key is read once and kept while no
 *   notice says its account changed (a trigger announces a revocation, and an account's
 *   deactivation, lock or 'Bloquear compras', on the `api_keys` channel; PGlite delivers the
 *   notice before the revoking statement's promise resolves). The bucket lives in memory; the
 *   last use is written at most once a minute.
 */
export interface KeyGate {
  /** The key's live row and account, with a token taken; `limited` when the bucket is empty. */
  use(tokenHash: string): Promise<{ key: repo.KeyAuth } | { limited: number } | undefined>;
  /** Forget what this process kept of a key (its revocation here). */
  forget(tokenHash: string): void;
}

export interface KeyGateOptions {
  db: Database;
  clock: Clock;
  perSecond: number;
  burst: number;
  /** The embedded database's in-process notices; without it every use reads the database. */
  listen?: ((channel: string, onPayload: (payload: string) => void) => Promise<void>) | undefined;
  channel: string;
  log?: FastifyBaseLogger | undefined;
}

const LAST_USE_EVERY_MS = 60_000;

/** Seconds until the bucket holds one token again (at least 1). */
export function secondsUntilToken(tokens: number, perSecond: number): number {
  return Math.max(1, Math.ceil((1 - tokens) / perSecond));
}

export function createKeyGate(opts: KeyGateOptions): KeyGate {
  const { db, clock, perSecond, burst } = opts;
  if (!opts.listen) {
    return {
      async use(tokenHash) {
        const now = clock.now();
        const key = await repo.takeToken(db, tokenHash, now, perSecond, burst);
        if (key) return { key };
        const tokens = await repo.peekBucket(db, tokenHash, now, perSecond, burst);
        return tokens === undefined ? undefined : { limited: secondsUntilToken(tokens, perSecond) };
      },
      forget: () => undefined,
    };
  }

  // Notices counted: an entry read while no notice for its account arrived since stays good.
  let listening = false;
  let counter = 0;
  const changedAt = new Map<string, number>();
  void opts
    .listen(opts.channel, (payload) => {
      counter++;
      for (const userId of payload.split(',')) if (userId) changedAt.set(userId, counter);
      if (changedAt.size > 100_000) changedAt.clear();
    })
    .then(
      () => {
        listening = true;
      },
      (error: unknown) => opts.log?.error({ err: error }, 'no se pudo escuchar los cambios de llaves de API: cada uso se lee de la base'),
    );
  const keys = new BoundedCache<string, { key: repo.KeyAuth; seen: number }>({ maxEntries: 10_000, ttlMs: 24 * 60 * 60_000 });
  const buckets = new Map<string, { tokens: number; atMs: number }>();
  const lastWritten = new Map<string, number>();

  function fresh(tokenHash: string, nowMs: number): repo.KeyAuth | undefined {
    const entry = keys.get(tokenHash, nowMs);
    if (!entry) return undefined;
    if ((changedAt.get(entry.key.userId) ?? 0) > entry.seen) {
      keys.delete(tokenHash);
      return undefined;
    }
    return entry.key;
  }

  function take(keyId: string, nowMs: number): number | undefined {
    const bucket = buckets.get(keyId) ?? { tokens: burst, atMs: nowMs };
    const tokens = Math.min(burst, bucket.tokens + (Math.max(0, nowMs - bucket.atMs) / 1000) * perSecond);
    if (tokens < 1) {
      buckets.set(keyId, { tokens, atMs: nowMs });
      return tokens;
    }
    buckets.set(keyId, { tokens: tokens - 1, atMs: nowMs });
    if (buckets.size > 100_000) buckets.clear();
    return undefined;
  }

  function noteUse(keyId: string, now: Date): void {
    const nowMs = now.getTime();
    if (nowMs - (lastWritten.get(keyId) ?? 0) < LAST_USE_EVERY_MS) return;
    lastWritten.set(keyId, nowMs);
    repo
      .touchLastUsed(db, keyId, now)
      .catch((error: unknown) => opts.log?.warn({ err: error, apiKeyId: keyId }, 'no se pudo anotar el último uso de la llave'));
  }

  return {
    async use(tokenHash) {
      const now = clock.now();
      const nowMs = now.getTime();
      let key = fresh(tokenHash, nowMs);
      if (!key) {
        const seen = counter;
        key = await repo.findLiveKey(db, tokenHash);
        if (!key) return undefined;
        // Kept only if nothing about its account changed while it was read.
        if (listening && counter === seen) keys.set(tokenHash, { key, seen }, { nowMs });
      }
      const short = take(key.keyId, nowMs);
      if (short !== undefined) return { limited: secondsUntilToken(short, perSecond) };
      noteUse(key.keyId, now);
      return { key };
    },
    forget(tokenHash) {
      keys.delete(tokenHash);
    },
  };
}
