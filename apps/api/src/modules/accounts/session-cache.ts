import type { SessionUser } from './accounts.repository.js';

/**
 * Signed-in requests look their session up on every call; on the embedded database that one query
 * is most of a small request's cost. This keeps each answer for a few seconds, per process.
 * Whatever this process changes (sign-out, deactivation, lock, password change) is forgotten at
 * once; a change made by another process is seen within `ttlMs`. Bounded; the oldest goes first.
 */
export interface SessionCache {
  get(tokenHash: string, nowMs: number): SessionUser | undefined;
  set(tokenHash: string, session: SessionUser, nowMs: number): void;
  forgetToken(tokenHash: string): void;
  forgetUser(userId: string): void;
}

export function createSessionCache(opts: { ttlMs: number; max?: number }): SessionCache {
  const max = opts.max ?? 10_000;
  const entries = new Map<string, { session: SessionUser; until: number }>();
  return {
    get(tokenHash, nowMs) {
      const hit = entries.get(tokenHash);
      if (!hit) return undefined;
      if (nowMs >= hit.until || nowMs < hit.until - opts.ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return hit.session;
    },
    set(tokenHash, session, nowMs) {
      if (opts.ttlMs <= 0) return;
      entries.delete(tokenHash);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { session, until: nowMs + opts.ttlMs });
    },
    forgetToken(tokenHash) {
      entries.delete(tokenHash);
    },
    forgetUser(userId) {
      for (const [hash, entry] of entries) if (entry.session.id === userId) entries.delete(hash);
    },
  };
}
