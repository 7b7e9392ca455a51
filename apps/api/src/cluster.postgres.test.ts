import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type DatabaseHandle } from './db/client.js';
import { migrationsFolder } from './db/migrate.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from './testing/accounts.js';
import { httpApp } from './testing/http-app.js';
import { freePort } from './testing/pg-cluster.js';
import { startServer, type ServerProcess } from './testing/processes.js';
import { createEmptyPostgresDatabase } from './testing/test-db.js';
import { testConfig, type TestApp } from './testing/test-app.js';
import { baseBody, createOne, optionNamed, quoteFor } from './modules/shipments/shipments.fixtures.js';
import { cloneShipment } from './modules/guides/guides.testing.js';

/**
 * Two server processes on one PostgreSQL, as `WEB_CONCURRENCY=2` (or two machines behind a load
 * balancer) runs them: everything a process keeps in memory must follow what the other changed,
 * and everything durable must happen once.
 */
const TARIFFS_REFRESH_MS = 1_000;
const SESSION_CACHE_MS = 1_000;
// A busy 2-core machine answers late; the bound checked is the setting plus this.
const SLACK_MS = 1_500;

let target: { url: string; drop: () => Promise<void> };
let database: DatabaseHandle;
let a: ServerProcess;
let b: ServerProcess;
let c: ServerProcess;
let A: TestApp;
let B: TestApp;
let admin: SignedIn;
const dirs: string[] = [];

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (done(value)) return { value, ms: performance.now() - started };
    if (performance.now() - started > timeoutMs) throw new Error(`no ocurrió en ${timeoutMs} ms (último valor: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const METRICS_TOKEN = 'metricas-del-cluster-0123456789';

async function metric(server: ServerProcess, series: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/** One server's settings: the shared database, its own DATA_DIR, short refresh intervals. */
function env(name: string): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `envios-${name}-`));
  dirs.push(dir);
  return {
    DATABASE_URL: target.url,
    DATA_DIR: dir,
    ...adminEnv,
    // The wallet total is a business figure: only the token's holder reads it.
    METRICS_TOKEN,
    TARIFFS_REFRESH_MS: String(TARIFFS_REFRESH_MS),
    SESSION_CACHE_MS: String(SESSION_CACHE_MS),
    JOBS_POLL_INTERVAL_MS: '100',
    APP_URL: 'http://127.0.0.1',
  };
}

beforeAll(async () => {
  target = await createEmptyPostgresDatabase();
  database = createPostgresDatabase(target.url, 4);
  // Both start at once on an empty database: both try to migrate and to seed.
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([startServer(env('a'), { port: portA }), startServer(env('b'), { port: portB })]);
  const config = testConfig();
  A = httpApp(a.url, database, config);
  B = httpApp(b.url, database, config);
  admin = await signInAdmin(A.app);
}, 180_000);

afterAll(async () => {
  for (const server of [a, b, c]) server?.child.kill('SIGKILL');
  await database?.close();
  await target?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two processes on one PostgreSQL', { timeout: 90_000 }, () => {
  it('apply the migrations once, even starting together', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await database.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      [],
    );
    expect(applied[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
    // One seeded catalogue and one admin, not two.
    const seeded = await database.query<{ carriers: number; admins: number }>(
      `select (select count(*) from carriers)::int as carriers, (select count(*) from users where email = $1)::int as admins`,
      [adminEnv.ADMIN_EMAIL],
    );
    expect(seeded[0]).toEqual({ carriers: 5, admins: 1 });
  });

  it('keep one chain of each daily and periodic job', async () => {
    const chains = await database.query<{ type: string; pending: number }>(
      `select type, count(*)::int as pending from jobs where status in ('pending', 'running') and type in ('accounts.cleanup', 'db.maintenance', 'tracking.refresh') group by type order by type`,
      [],
    );
    expect(chains).toEqual([
      { type: 'accounts.cleanup', pending: 1 },
      { type: 'db.maintenance', pending: 1 },
      { type: 'tracking.refresh', pending: 1 },
    ]);
  });

  it('run each link of the tracking refresh chain once, on one of the two', async () => {
    // Both scheduled the current slot at start; the slot's link is due at once. The runs the two
    // processes count together equal the links done: none ran on both.
    const series = 'envios_job_runs_total{queue="tracking.refresh",outcome="done"}';
    const seen = await waitUntil(
      async () => ({
        done: await database.query<{ key: string; attempts: number }>(`select key, attempts from jobs where type = 'tracking.refresh' and status = 'done'`, []),
        runs: (await metric(a, series)) + (await metric(b, series)),
      }),
      ({ done, runs }) => done.length >= 1 && runs >= done.length,
      20_000,
    );
    expect(seen.value.runs).toBe(seen.value.done.length);
    expect(seen.value.done.every((j) => j.attempts === 1)).toBe(true);
  });

  it('a tariff changed through one is quoted by the other within TARIFFS_REFRESH_MS', async () => {
    const quote = async (t: TestApp) => optionNamed(await quoteFor(t, baseBody())).net_total_amount;
    const before = await quote(B);
    const serviceId = optionNamed(await quoteFor(A, baseBody())).service_id;
    const table = await A.app.inject({ method: 'GET', url: `/api/v1/carrier-services/${serviceId}/tariffs`, headers: admin.headers });
    expect(table.statusCode, table.body).toBe(200);
    // Heaviest first: a price never goes down from one weight bracket to the next, even midway.
    const rows = table.json<{ rows: { _id: string; base_price: number; min_kg: number }[] }>().rows.sort((x, y) => y.min_kg - x.min_kg);
    for (const row of rows) {
      const res = await A.app.inject({
        method: 'PATCH',
        url: `/api/v1/carrier-services/${serviceId}/tariffs/${row._id}`,
        headers: admin.headers,
        payload: { base_price: row.base_price + 100 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const onA = await quote(A);
    expect(onA).toBeGreaterThan(before);
    const seen = await waitUntil(
      () => quote(B),
      (price) => price === onA,
      TARIFFS_REFRESH_MS + SLACK_MS,
    );
    expect(seen.ms).toBeLessThanOrEqual(TARIFFS_REFRESH_MS + SLACK_MS);
  });

  it('a sign-out in one is honoured by the other within SESSION_CACHE_MS', async () => {
    const user = await createSignedInUser(A.app, admin);
    expect((await B.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers })).statusCode).toBe(200);
    const out = await A.app.inject({ method: 'POST', url: '/api/v1/logout', headers: user.headers });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await A.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers })).statusCode).toBe(401);
    const seen = await waitUntil(
      async () => (await B.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers })).statusCode,
      (s) => s === 401,
      SESSION_CACHE_MS + SLACK_MS,
    );
    expect(seen.ms).toBeLessThanOrEqual(SESSION_CACHE_MS + SLACK_MS);
  });

  it('a deactivation in one is honoured by the other within SESSION_CACHE_MS', async () => {
    const user = await createSignedInUser(A.app, admin);
    expect((await B.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers })).statusCode).toBe(200);
    const off = await A.app.inject({ method: 'PUT', url: `/api/v1/users/${user.id}`, headers: admin.headers, payload: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    const seen = await waitUntil(
      async () => (await B.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers })).statusCode,
      (s) => s === 401 || s === 403,
      SESSION_CACHE_MS + SLACK_MS,
    );
    expect(seen.ms).toBeLessThanOrEqual(SESSION_CACHE_MS + SLACK_MS);
  });

  it('wallet payments racing through both never overdraw; each guide is issued once; a label e-mailed by one opens on the other', async () => {
    const buyer = await createSignedInUser(A.app, admin);
    const first = await createOne(A, buyer);
    const ids = [first._id, ...(await cloneShipment(A, first._id, 11))];
    const price = first.selected_service.net_total_amount;
    // Enough for exactly 5 of the 12.
    const credit = await A.app.inject({
      method: 'POST',
      url: '/api/v1/prepaid/createPrepaid',
      headers: admin.headers,
      payload: { cantidadAbonar: Number(price) * 5, userId: buyer.id },
    });
    expect(credit.statusCode, credit.body).toBeLessThan(300);
    const runsBefore =
      (await metric(a, 'envios_job_runs_total{queue="guides.issue",outcome="done"}')) +
      (await metric(b, 'envios_job_runs_total{queue="guides.issue",outcome="done"}'));

    const answers = await Promise.all(
      ids.map((id, i) =>
        (i % 2 === 0 ? A : B).app.inject({
          method: 'POST',
          url: '/api/v1/payments/many/monedero',
          headers: buyer.headers,
          payload: { shipments: [id], email: buyer.email },
        }),
      ),
    );
    const paid = answers.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(5);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) expect(refused.statusCode, refused.body).toBeLessThan(500);
    const [wallet] = await database.query<{ balance: string; ledger: string }>(
      `select (select balance_centavos::text from wallets where user_id = $1) as balance,
              (select coalesce(sum(amount_centavos), 0)::text from wallet_entries where user_id = $1 and paid) as ledger`,
      [buyer.id],
    );
    expect(Number(wallet!.balance)).toBeGreaterThanOrEqual(0);
    expect(wallet!.balance).toBe(wallet!.ledger);

    // The guide jobs of the 5 paid shipments run on whichever process claims them, once each.
    const paidIds = (await database.query<{ id: string }>('select id from shipments where id = any($1::uuid[]) and paid', [ids])).map((r) => r.id);
    expect(paidIds).toHaveLength(5);
    await waitUntil(
      () =>
        database.query<{ n: number }>(`select count(*)::int as n from jobs where type = 'guides.issue' and status = 'done' and key = any($1::text[])`, [
          paidIds.map((id) => `guides.issue:${id}`),
        ]),
      (rows) => rows[0]!.n === 5,
      20_000,
    );
    const jobs = await database.query<{ attempts: number }>(`select attempts from jobs where type = 'guides.issue' and key = any($1::text[])`, [
      paidIds.map((id) => `guides.issue:${id}`),
    ]);
    expect(jobs.map((j) => j.attempts)).toEqual([1, 1, 1, 1, 1]);
    const runsAfter =
      (await metric(a, 'envios_job_runs_total{queue="guides.issue",outcome="done"}')) +
      (await metric(b, 'envios_job_runs_total{queue="guides.issue",outcome="done"}'));
    expect(runsAfter - runsBefore).toBe(5);
    // Each guide's e-mail is one job, run once by one of the two: one message per guide.
    const mailKeys = paidIds.map((id) => `guides.ready:${id}`);
    const mailJobs = await waitUntil(
      () =>
        database.query<{ status: string; attempts: number }>(`select status, attempts from jobs where type = 'notifications.email' and key = any($1::text[])`, [
          mailKeys,
        ]),
      (rows) => rows.length === 5 && rows.every((r) => r.status === 'done'),
      20_000,
    );
    expect(mailJobs.value.map((j) => j.attempts)).toEqual([1, 1, 1, 1, 1]);
    const mails = await database.query<{ key: string; text: string }>(`select key, text from outbox where key = any($1::text[])`, [mailKeys]);
    expect(mails).toHaveLength(5);

    for (const mail of mails) {
      const link = new URL(/https?:\/\/\S+\/label\?token=\S+/.exec(mail.text)![0]);
      for (const t of [A, B]) {
        const pdf = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
      }
    }
  });

  it('stop in order on SIGTERM', async () => {
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    expect(a.logs().some((l) => l.msg === 'servidor cerrado')).toBe(true);
  });
});

describe('WEB_CONCURRENCY=2: one command, two workers on one port', () => {
  const ready = (server: ServerProcess) => server.logs().filter((l) => l.msg === 'servidor listo');

  it('starts two workers that share the port and both answer', async () => {
    c = await startServer({ ...env('c'), WEB_CONCURRENCY: '2' }, { port: await freePort() });
    await waitUntil(
      async () => ready(c).length,
      (n) => n === 2,
      90_000,
    );
    expect(new Set(ready(c).map((l) => l.pid)).size).toBe(2);
    expect(ready(c).map((l) => l.pid)).not.toContain(c.child.pid);
    // New connections are handed out in turn: both workers log answers.
    await Promise.all(Array.from({ length: 40 }, () => fetch(`${c.url}/api/health`, { headers: { connection: 'close' } }).then((r) => r.text())));
    const answered = c.logs().filter((l) => l.msg === 'incoming request' && (l.req as { url?: string } | undefined)?.url === '/api/health');
    expect(new Set(answered.map((l) => l.worker))).toEqual(new Set([1, 2]));
  }, 150_000);

  it('answers /metrics for the whole cluster: counters added up, a database reading shown once (not once per worker)', async () => {
    const healthSeries = 'envios_http_requests_total{method="GET",route="/api/health",status="200"}';
    const before = await metric(c, healthSeries);
    await Promise.all(Array.from({ length: 10 }, () => fetch(`${c.url}/api/health`, { headers: { connection: 'close' } }).then((r) => r.text())));
    // Whichever worker is scraped, it counts the answers of both.
    expect((await metric(c, healthSeries)) - before).toBe(10);
    const [wallets] = await database.query<{ balance: string }>('select coalesce(sum(balance_centavos), 0)::text as balance from wallets', []);
    expect(await metric(c, 'envios_wallet_balance_centavos')).toBe(Number(wallets!.balance));
  });

  it('replaces a worker that dies, and stops every worker in order on SIGTERM', async () => {
    const victim = Number(ready(c)[0]!.pid);
    process.kill(victim, 'SIGKILL');
    await waitUntil(
      async () => ready(c).length,
      (n) => n === 3,
      90_000,
    );
    expect(c.logs().some((l) => l.msg === 'un proceso terminó inesperadamente; se inicia otro' && l.workerPid === victim)).toBe(true);
    expect((await fetch(`${c.url}/api/health/ready`)).status).toBe(200);
    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    expect(c.logs().filter((l) => l.msg === 'servidor cerrado')).toHaveLength(2);
    expect(c.logs().some((l) => l.msg === 'todos los procesos cerraron')).toBe(true);
  }, 150_000);
});
