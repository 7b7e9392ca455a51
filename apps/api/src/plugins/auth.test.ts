import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import '../shared/route-guard.js';
import { AppError, commonErrors } from '../shared/errors.js';
import { registerErrorHandler } from './error-handler.js';
import { registerAuth, SESSION_COOKIE, type Caller } from './auth.js';

const ANA = '11111111-1111-4111-8111-111111111111';
const BETO = '22222222-2222-4222-8222-222222222222';
const callers: Record<string, Caller> = {
  'tok-ana': { id: ANA, rol: 'user', sessionId: 's1' },
  'tok-beto': { id: BETO, rol: 'user', sessionId: 's2' },
  'tok-admin': { id: '33333333-3333-4333-8333-333333333333', rol: 'admin', sessionId: 's3' },
  'tok-blocked': { id: '44444444-4444-4444-8444-444444444444', rol: 'user', sessionId: 's4', purchasesBlocked: true },
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  await app.register(cookie);
  registerAuth(app, {
    authenticate: async (token) => {
      const caller = callers[token];
      if (!caller) throw commonErrors.unauthenticated();
      return caller;
    },
    purchasesBlocked: () => new AppError(403, 'accounts.purchases_blocked', 'Compras bloqueadas.'),
    secureCookie: false,
  });
  const reply = async (request: { caller: Caller | null }) => ({ caller: request.caller?.id ?? null });
  app.get('/api/v1/open', { config: { guard: 'public' } }, async (request) => ({ caller: (await request.identify())?.id ?? null }));
  app.get('/api/v1/mine', { config: { guard: 'user' } }, reply);
  app.get('/api/v1/prepaid', { config: { guard: 'self', ownerParam: 'user' } }, reply);
  app.get('/api/v1/shipments/all/:userId', { config: { guard: 'self' } }, reply);
  app.post('/api/v1/shipments/all/:userId', { config: { guard: 'self' } }, reply);
  app.get('/api/v1/admin', { config: { guard: 'admin' } }, reply);
  app.post('/api/v1/buy', { config: { guard: 'buyer' } }, reply);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('auth plugin', () => {
  it('public routes pass anyone, and can still learn a signed-in caller', async () => {
    expect((await app.inject('/api/v1/open')).json()).toEqual({ caller: null });
    expect((await app.inject({ url: '/api/v1/open', headers: as('tok-ana') })).json()).toEqual({ caller: ANA });
    expect((await app.inject({ url: '/api/v1/open', headers: as('malo') })).json()).toEqual({ caller: null });
  });

  it("'user' needs a live session, by header or cookie", async () => {
    expect((await app.inject('/api/v1/mine')).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/mine', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/mine', headers: as('tok-ana') })).json()).toEqual({ caller: ANA });
    expect((await app.inject({ url: '/api/v1/mine', cookies: { [SESSION_COOKIE]: 'tok-beto' } })).json()).toEqual({ caller: BETO });
  });

  it("'self' compares ?user= with the caller: 403 for someone else, admins pass", async () => {
    expect((await app.inject({ url: `/api/v1/prepaid?user=${ANA}`, headers: as('tok-ana') })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/v1/prepaid?user=${ANA}`, headers: as('tok-beto') })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/prepaid', headers: as('tok-ana') })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/v1/prepaid?user=${BETO}&user=${ANA}`, headers: as('tok-ana') })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/v1/prepaid?user=${ANA}`, headers: as('tok-admin') })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/v1/prepaid?user=${ANA}` })).statusCode).toBe(401);
  });

  it("'self' compares {userId} with the caller", async () => {
    expect((await app.inject({ url: `/api/v1/shipments/all/${ANA}`, headers: as('tok-ana') })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/v1/shipments/all/${ANA}`, headers: as('tok-beto') })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/v1/shipments/all/${ANA}`, headers: as('tok-admin') })).statusCode).toBe(200);
  });

  it("'buyer' lets in a live session whose purchases are not blocked; a blocked one hears why (403), still signed in elsewhere", async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/buy' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/v1/buy', headers: as('tok-ana') })).json()).toEqual({ caller: ANA });
    const refused = await app.inject({ method: 'POST', url: '/api/v1/buy', headers: as('tok-blocked') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'accounts.purchases_blocked' });
    expect((await app.inject({ url: '/api/v1/mine', headers: as('tok-blocked') })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/buy', headers: as('tok-admin') })).statusCode).toBe(200);
  });

  it("'admin' needs rol admin", async () => {
    expect((await app.inject({ url: '/api/v1/admin', headers: as('tok-ana') })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/admin', headers: as('tok-admin') })).statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated change from another origin, before reading the body', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/v1/shipments/all/${ANA}`,
      cookies: { [SESSION_COOKIE]: 'tok-ana' },
      headers: { origin: 'https://otro-sitio.example', host: 'localhost' },
    });
    expect(foreign.statusCode).toBe(403);
    const sandboxed = await app.inject({
      method: 'POST',
      url: `/api/v1/shipments/all/${ANA}`,
      cookies: { [SESSION_COOKIE]: 'tok-ana' },
      headers: { origin: 'null' },
    });
    expect(sandboxed.statusCode).toBe(403);
    // A bearer token is not sent by browsers on their own, so no origin check applies.
    const bearer = await app.inject({
      method: 'POST',
      url: `/api/v1/shipments/all/${ANA}`,
      headers: { ...as('tok-ana'), origin: 'https://otro-sitio.example' },
    });
    expect(bearer.statusCode).toBe(200);
  });
});
