import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createSessionCache } from './session-cache.js';

const session = (id: string) => ({ sessionId: `s-${id}`, id, rol: 'user' as const, active: true, locked: false, purchasesBlocked: false });

describe('session cache', () => {
  it('keeps an answer for its time to live, bounded, and forgets a token or a whole user', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 2 });
    cache.set('a', session('u1'), 0);
    cache.set('b', session('u1'), 0);
    expect(cache.get('a', 999)).toEqual(session('u1'));
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.set('c', session('u2'), 0);
    cache.set('d', session('u2'), 0); // over the bound: the oldest ('b') goes
    expect(cache.get('b', 10)).toBeUndefined();
    cache.forgetToken('c');
    expect(cache.get('c', 10)).toBeUndefined();
    cache.set('e', session('u2'), 0);
    cache.forgetUser('u2');
    expect(cache.get('d', 10)).toBeUndefined();
    expect(cache.get('e', 10)).toBeUndefined();
    // A clock that went back does not stretch an entry's life.
    cache.set('f', session('u3'), 5000);
    expect(cache.get('f', 3000)).toBeUndefined();
    const off = createSessionCache({ ttlMs: 0 });
    off.set('a', session('u1'), 0);
    expect(off.get('a', 0)).toBeUndefined();
  });
});

describe('signed-in requests with the session cache', () => {
  const clock = manualClock(new Date());
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...adminEnv, SESSION_CACHE_MS: '5000' }, deps: { clock } });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (who: SignedIn) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: who.headers });

  it('sign-out and an admin deactivation apply at once; a revocation by another process within the time to live', async () => {
    const ana = await createSignedInUser(t.app, admin);
    expect((await me(ana)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: ana.headers });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(ana)).statusCode).toBe(401);

    const luis = await createSignedInUser(t.app, admin, { firstName: 'Luis' });
    expect((await me(luis)).statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/v1/users/${luis.id}`, headers: admin.headers, payload: { active: false } });
    expect((await me(luis)).statusCode).toBe(401);

    const eva = await createSignedInUser(t.app, admin, { firstName: 'Eva' });
    expect((await me(eva)).statusCode).toBe(200);
    // Another API process signs Eva out: this one notices within SESSION_CACHE_MS.
    await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${eva.id}`);
    expect((await me(eva)).statusCode).toBe(200);
    clock.advance(5_000);
    expect((await me(eva)).statusCode).toBe(401);
  });
});
