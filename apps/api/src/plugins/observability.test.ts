import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, logMixin, logSerializers, redactedLogPaths } from '../app.js';
import { createTestDatabase } from '../testing/test-db.js';
import { testConfig } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/client.js';
import { commonErrors } from '../shared/errors.js';

let database: DatabaseHandle;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  app = await buildApp({
    config: testConfig(),
    database,
    logger: { level: 'info', stream, redact: { paths: redactedLogPaths, censor: '[oculto]' }, serializers: logSerializers, mixin: logMixin },
  });
  // Use cases log through the application's logger, not the request's: these routes do the same.
  app.get('/api/prueba/registro', { config: { guard: 'public' } }, async () => {
    await new Promise((r) => setTimeout(r, 5));
    app.log.info({ paso: 'caso de uso' }, 'línea escrita por un caso de uso');
    return { ok: true };
  });
  app.get('/api/prueba/falla', { config: { guard: 'public' } }, async () => {
    throw new Error('el disco se llenó');
  });
  app.get('/api/prueba/no-disponible', { config: { guard: 'public' } }, async () => {
    throw commonErrors.unavailable('La base de datos no responde.', new Error('conexión rechazada por el servidor'));
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const errorLines = (reqId: string) => lines.filter((l) => l.reqId === reqId && Number(l.level) >= 50);

describe('log lines', () => {
  it('carry the request id, even when written by the application logger inside a use case', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/prueba/registro', headers: { 'x-request-id': 'pedido-123' } });
    expect(res.statusCode).toBe(200);
    const line = lines.find((l) => l.msg === 'línea escrita por un caso de uso');
    expect(line).toMatchObject({ reqId: 'pedido-123', paso: 'caso de uso' });
    const forRequest = lines.filter((l) => l.reqId === 'pedido-123').map((l) => l.msg);
    expect(forRequest).toEqual(['incoming request', 'línea escrita por un caso de uso', 'request completed']);
  });

  it('give every request its own id when the caller sends none', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health' });
    const ids = lines.filter((l) => l.msg === 'incoming request' && (l.req as { url: string }).url === '/api/health').map((l) => l.reqId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(String(ids[0])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a 5xx', () => {
  it('logs its cause once and answers the caller without it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/prueba/falla', headers: { 'x-request-id': 'falla-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('disco');
    const logged = errorLines('falla-1');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ operation: 'GET /api/prueba/falla', err: { message: 'el disco se llenó' } });
  });

  it('of ours (a service unavailable) logs the failure underneath once', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/prueba/no-disponible', headers: { 'x-request-id': 'caida-1' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'La base de datos no responde.', code: 'server.unavailable' });
    const logged = errorLines('caida-1');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ code: 'server.unavailable', err: { message: 'conexión rechazada por el servidor' } });
  });
});
