import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from './testing/test-app.js';
import { adminEnv, signIn, TEST_ADMIN } from './testing/accounts.js';
import { buildApp } from './app.js';
import { createTestDatabase } from './testing/test-db.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
});

afterAll(async () => {
  await t.close();
});

describe('route guards', () => {
  it('every registered /api route declares who may call it', () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(apiRoutes.length).toBeGreaterThan(5);
    const unguarded = apiRoutes.filter((r) => !['public', 'user', 'buyer', 'self', 'admin'].includes(r.guard ?? ''));
    expect(unguarded, 'routes without config.guard').toEqual([]);
    const selfWithoutOwner = apiRoutes.filter((r) => r.guard === 'self' && !r.ownerParam && !r.url.includes(':userId'));
    expect(selfWithoutOwner).toEqual([]);
  });

  it('buildApp refuses to start with a route that has no guard', async () => {
    const database = await createTestDatabase();
    try {
      const built = await buildApp({ config: testConfig(), database });
      await expect(
        built.register(async (child) => {
          child.get('/api/v1/sin-guardia', async () => ({ ok: true }));
        }),
      ).rejects.toThrow(/no declara config.guard/);
      await built.close();
    } finally {
      await database.close();
    }
  });

  it('every non-public route refuses an anonymous caller with 401 before reading the body', async () => {
    const guarded = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.guard && r.guard !== 'public');
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : '{"roto":',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD bootstrap', () => {
  it('makes the admin exist and active at start, and keeps its password on later starts', async () => {
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: admin.headers });
    expect(me.json()).toMatchObject({ rol: 'admin', active: true });

    // The admin changes the password; a restart with the old ADMIN_PASSWORD does not reset it.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${admin.id}`,
      headers: admin.headers,
      payload: { password: 'NuevaClave1', currentPassword: TEST_ADMIN.password },
    });
    const restarted = await buildApp({ config: testConfig(adminEnv), database: t.database });
    await restarted.ready();
    try {
      const old = await restarted.inject({ method: 'POST', url: '/api/v1/login', payload: TEST_ADMIN, remoteAddress: '10.9.9.9' });
      expect(old.statusCode).toBe(404);
      await signIn(restarted, TEST_ADMIN.email, 'NuevaClave1');
    } finally {
      await restarted.close();
    }
  });
});

describe('logs', () => {
  it('never carry a password, a session token or a recovery token', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const { logSerializers, redactedLogPaths } = await import('./app.js');
    const logged = await buildApp({
      config: testConfig(adminEnv),
      database: t.database,
      logger: { level: 'trace', stream, redact: { paths: redactedLogPaths, censor: '[oculto]' }, serializers: logSerializers },
    });
    await logged.ready();
    try {
      const login = await logged.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: TEST_ADMIN.email, password: 'NuevaClave1' },
        remoteAddress: '10.8.8.8',
      });
      const token = login.json<{ token: string }>().token;
      await logged.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
      await logged.inject({ method: 'GET', url: '/api/v1/me', cookies: { envios_sesion: token } });
      const secret = 'tok_' + 'z'.repeat(40);
      await logged.inject({ method: 'POST', url: `/api/v1/password-recovery/${secret}`, payload: { password: 'x1234' } });
      const all = lines.join('\n');
      expect(all).toContain('/api/v1/password-recovery/[oculto]');
      expect(all).not.toContain(token);
      expect(all).not.toContain(secret);
      expect(all).not.toContain('NuevaClave1');
    } finally {
      await logged.close();
    }
  });
});
