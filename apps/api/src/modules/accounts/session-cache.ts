import { BoundedCache } from '../../shared/bounded-cache.js';
import type { SessionUser } from './accounts.repository.js';

/**
 * Signed-in requests look their session up on every call; on the embedded database that one query
 * is most of a small request's cost. This keeps each answer for a few seconds, per process.
 * Whatever this process changes (sign-out, deactivation, lock, password change) is forgotten at
 * once; a change made by another process is seen within `ttlMs`. Bounded; the least recently used goes first.
 */
export interface SessionCache {
  get(tokenHash: string, nowMs: number): SessionUser | undefined;
  set(tokenHash: string, session: SessionUser, nowMs: number): void;
  forgetToken(tokenHash: string): void;
  forgetUser(userId: string): void;
}

export function createSessionCache(opts: { ttlMs: number; max?: number }): SessionCache {
  const entries = new BoundedCache<string, SessionUser>({ maxEntries: opts.max ?? 10_000, ttlMs: opts.ttlMs });
  return {
    get: (tokenHash, nowMs) => entries.get(tokenHash, nowMs),
    set: (tokenHash, session, nowMs) => entries.set(tokenHash, session, { nowMs }),
    forgetToken: (tokenHash) => void entries.delete(tokenHash),
    forgetUser: (userId) => entries.deleteWhere((session) => session.id === userId),
  };
}
