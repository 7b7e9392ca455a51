import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/ready', () => {
  it('is ready with the database up, every migration applied and the catalogues loaded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: true, migrations: true, catalogues: true, accepting: true } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready, and says why in Spanish, while a migration of this version is missing', async () => {
    const [last] = await t.database.query<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      [],
    );
    await t.database.query('delete from drizzle.__drizzle_migrations where id = $1', [last!.id]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: true, migrations: false, catalogues: true, accepting: true },
        message: 'No está listo: faltan migraciones por aplicar.',
      });
    } finally {
      await t.database.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [last!.id, last!.hash, last!.created_at]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
