import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { registerStartup } from './startup.js';

/** A start-up whose end the test decides. */
function controlledWork() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  let began = 0;
  const work = () => {
    began += 1;
    return new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { work, finish: () => finish(), fail: (e: Error) => fail(e), began: () => began };
}

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

function appWith(work: () => Promise<void>, background: boolean): FastifyInstance {
  app = Fastify();
  registerErrorHandler(app);
  registerStartup(app, work, { background });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/health/ready', async () => ({ status: app.startup.done ? 'ok' : 'unavailable' }));
  app.get('/api/v1/countrycodes', async () => ({ country_codes: ['MX'] }));
  return app;
}

describe('start-up work in the background (the server)', () => {
  it('lets the health checks answer at once while every other request waits for the work, then is answered', async () => {
    const w = controlledWork();
    appWith(w.work, true);
    await app.ready();
    expect(w.began()).toBe(0);
    void app.startup.finished();
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/api/health/ready')).json()).toEqual({ status: 'unavailable' });
    let answered = false;
    const waiting = app.inject('/api/v1/countrycodes').then((res) => {
      answered = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(answered).toBe(false);
    w.finish();
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country_codes: ['MX'] });
    expect(app.startup.done).toBe(true);
    expect(w.began()).toBe(1);
  });

  it('is begun by the first request that needs it, once', async () => {
    const w = controlledWork();
    appWith(w.work, true);
    await app.ready();
    const first = app.inject('/api/v1/countrycodes');
    const second = app.inject('/api/v1/countrycodes');
    await new Promise((r) => setTimeout(r, 10));
    w.finish();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    void app.startup.finished();
    expect(w.began()).toBe(1);
  });

  it('answers a Spanish 503, never a half-ready answer, when the work failed', async () => {
    const w = controlledWork();
    appWith(w.work, true);
    await app.ready();
    const waiting = app.inject('/api/v1/countrycodes');
    await new Promise((r) => setTimeout(r, 10));
    w.fail(new Error('la base se cayó'));
    const res = await waiting;
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toMatch(/no pudo terminar de arrancar/);
    await expect(app.startup.finished()).rejects.toThrow('la base se cayó');
  });
});

describe('start-up work in the foreground (tests, the default)', () => {
  it('is over by the time app.ready() resolves', async () => {
    let done = false;
    appWith(async () => {
      await new Promise((r) => setTimeout(r, 20));
      done = true;
    }, false);
    await app.ready();
    expect(done).toBe(true);
    expect(app.startup.done).toBe(true);
  });
});
