import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, createSignedInUser, signInAdmin } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const TOKEN = 'metricas-secretas-0123456789';

beforeAll(async () => {
  t = await createTestApp({ env: { ...adminEnv, METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await t.close();
});

async function scrape(headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one series, e.g. `envios_http_requests_total{method="GET",route="/api/v1/carriers",status="200"}`. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, and times them', async () => {
    const before = await scrape();
    const series = 'envios_http_requests_total{method="GET",route="/api/v1/carriers",status="200"}';
    const earlier = value(before, series) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/v1/carriers' })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/v1/postalcodes/MX/00000' });
    const after = await scrape();
    expect(value(after, series)).toBe(earlier + 3);
    // A route with a parameter is counted under its pattern, never under the URL that was asked.
    expect(after).toContain('route="/api/v1/postalcodes/:country/:code"');
    expect(after).not.toContain('/postalcodes/MX/');
    expect(value(after, 'envios_http_request_duration_seconds_count{method="GET",route="/api/v1/carriers"}')).toBeGreaterThanOrEqual(3);
    expect(after).toMatch(/envios_process_resident_memory_bytes \d+/);
  });

  it('shows wallet totals, payments by method and status, and jobs by queue with the oldest waiting one', async () => {
    const admin = await signInAdmin(t.app);
    const ana = await createSignedInUser(t.app, admin);
    const balanceBefore = value(await scrape(), 'envios_wallet_balance_centavos') ?? 0;
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prepaid/createPrepaid',
      headers: admin.headers,
      payload: { cantidadAbonar: 250.5, userId: ana.id },
    });
    expect(credit.statusCode, credit.body).toBeLessThan(300);
    const topUp = await t.app.inject({ method: 'POST', url: '/api/v1/prepaid', headers: ana.headers, payload: { amount: 100 } });
    expect(topUp.statusCode, topUp.body).toBeLessThan(300);
    // Paying the top-up with (sandbox) PayPal opens a payment attempt.
    const order = await t.app.inject({ method: 'GET', url: `/api/v1/prepaid/v2/link/${topUp.json<{ id: string }>().id}`, headers: ana.headers });
    expect(order.statusCode, order.body).toBe(200);

    const text = await scrape();
    expect(value(text, 'envios_wallet_balance_centavos')).toBe(balanceBefore + 25_050);
    expect(value(text, 'envios_wallet_ledger_centavos{type="abono",paid="true"}')).toBeGreaterThanOrEqual(25_050);
    expect(value(text, 'envios_payments{method="paypal",status="created"}')).toBe(1);
    expect(value(text, 'envios_payments_amount_centavos{method="paypal",status="created"}')).toBe(10_000);
    // The abandoned-order check of that PayPal order waits for its time (3 h): waiting, not late.
    expect(value(text, 'envios_jobs{queue="payments.paypal.settle",state="pending"}')).toBe(1);
    expect(value(text, 'envios_jobs_oldest_waiting_seconds{queue="payments.paypal.settle"}')).toBe(0);

    // A job due a minute ago that no worker took yet shows its age; once run, it is counted.
    t.app.jobs.register('metrics.prueba', { run: async () => undefined });
    await t.app.jobs.enqueue({ type: 'metrics.prueba', key: 'metrics:1', payload: {}, runAt: new Date(Date.now() - 60_000) });
    const late = await scrape();
    expect(value(late, 'envios_jobs{queue="metrics.prueba",state="pending"}')).toBe(1);
    expect(value(late, 'envios_jobs_oldest_waiting_seconds{queue="metrics.prueba"}')).toBeGreaterThanOrEqual(60);
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    const drained = await scrape();
    expect(value(drained, 'envios_jobs{queue="metrics.prueba",state="pending"}')).toBe(0);
    expect(value(drained, 'envios_jobs{queue="metrics.prueba",state="done"}')).toBe(1);
    expect(value(drained, 'envios_jobs_oldest_waiting_seconds{queue="metrics.prueba"}')).toBe(0);
    expect(value(drained, 'envios_job_runs_total{queue="metrics.prueba",outcome="done"}')).toBe(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('in production does not exist (404 for anyone, even from this machine), and the start says so once', { timeout: 90_000 }, async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } };
    const prod = await createTestApp({ env: { NODE_ENV: 'production', APP_URL: 'https://envios.test', PAYMENTS_SANDBOX: '1' }, deps: { logger } });
    try {
      for (const headers of [{}, { authorization: 'Bearer cualquier-cosa-0123456789' }]) {
        const res = await prod.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'route.not_found', message: 'La ruta GET /metrics no existe.' });
      }
      expect(lines.filter((l) => /métricas apagadas/.test(l.msg))).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });

  it('in development answers only on this machine (not through a proxy), and never the business figures', { timeout: 90_000 }, async () => {
    const dev = await createTestApp({ env: adminEnv });
    try {
      const local = await dev.app.inject({ method: 'GET', url: '/metrics' });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('envios_http_requests_total');
      expect(local.body).toContain('envios_jobs');
      expect(local.body).not.toMatch(/envios_payments|envios_wallet/);
      const remote = await dev.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(404);
      const proxied = await dev.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(proxied.statusCode).toBe(404);
    } finally {
      await dev.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let locked: TestApp;
  const token = 'metricas-secretas-0123456789';

  beforeAll(async () => {
    locked = await createTestApp({ env: { METRICS_TOKEN: token, NODE_ENV: 'production', APP_URL: 'https://envios.test', PAYMENTS_SANDBOX: '1' } });
  });

  afterAll(async () => {
    await locked.close();
  });

  it('refuses a scrape without the token or with another one, in Spanish', async () => {
    for (const headers of [{}, { authorization: 'Bearer otra-cosa-de-igual-largo!!' }, { authorization: token }]) {
      const res = await locked.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'metrics.unauthorized', message: expect.stringContaining('METRICS_TOKEN') as string });
      expect(res.body).not.toContain('envios_');
    }
  });

  it('answers the metrics to the bearer of the token', async () => {
    const res = await locked.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('envios_http_requests_total');
    expect(res.body).toContain('envios_wallet_balance_centavos');
  });
});
