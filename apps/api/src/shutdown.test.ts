import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from './db/client.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake, type DhlFake } from './modules/carriers/dhl/dhl-express.fake.js';
import { baseBody, optionNamed, quoteFor } from './modules/shipments/shipments.fixtures.js';
import { adminEnv, createSignedInUser, signInAdmin } from './testing/accounts.js';
import { httpApp } from './testing/http-app.js';
import { freePort } from './testing/pg-cluster.js';
import { startServer, type ServerProcess } from './testing/processes.js';
import { createEmptyPostgresDatabase } from './testing/test-db.js';
import { testConfig } from './testing/test-app.js';

/**
 * The real server process, stopped with SIGTERM while it is busy: requests waiting on a slow
 * carrier and an e-mail job waiting on a slow SMTP server. Nothing in flight may be cut, and the
 * job must end done (its mail delivered whole), not half-run or lost.
 */
const SLOW_QUOTE_MS = 1_500;
const SLOW_MAIL_MS = 2_500;

let dhl: DhlFake;
let smtp: SMTPServer;
let smtpPort: number;
let mailStarted = false;
const delivered: string[] = [];
let server: ServerProcess;
let dataDir: string;
let postgres: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  dhl = await startDhlFake();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      mailStarted = true;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          delivered.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        }, SLOW_MAIL_MS);
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as AddressInfo).port;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-shutdown-'));
  postgres = inject('testDb').kind === 'postgres' ? await createEmptyPostgresDatabase() : undefined;
  server = await startServer(
    {
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...adminEnv,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JOBS_POLL_INTERVAL_MS: '100',
      CARRIER_RATE_TIMEOUT_MS: '8000',
      DHL_API_URL: dhl.baseUrl,
      DHL_API_KEY: DHL_FAKE_CREDENTIALS.apiKey,
      DHL_API_SECRET: DHL_FAKE_CREDENTIALS.apiSecret,
      DHL_ACCOUNT_NUMBER: DHL_FAKE_CREDENTIALS.accountNumber,
      SHUTDOWN_TIMEOUT_MS: '20000',
    },
    { port: await freePort() },
  );
}, 180_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await dhl?.close();
  smtp?.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('no ocurrió a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SIGTERM while busy', () => {
  it('finishes every request in flight and the running job, refuses new work, and exits cleanly', async () => {
    const T = httpApp(server.url, undefined as unknown as DatabaseHandle, testConfig());
    const admin = await signInAdmin(T.app);
    const user = await createSignedInUser(T.app, admin);
    // The account-approved mail first goes out, so the SMTP server is free for the next one.
    await waitFor(() => delivered.includes(user.email), 20_000);

    // A job under way: the password-recovery mail, held by the SMTP server for SLOW_MAIL_MS.
    const before = delivered.length;
    mailStarted = false;
    const recovery = await T.app.inject({ method: 'POST', url: '/api/v1/password-recovery', payload: { email: user.email } });
    expect(recovery.statusCode, recovery.body).toBeLessThan(300);
    await waitFor(() => mailStarted, 10_000);

    // Requests under way: ten quotes waiting on DHL's live rates for SLOW_QUOTE_MS.
    dhl.mode = { kind: 'slow', delayMs: SLOW_QUOTE_MS };
    const ratesBefore = dhl.requests.length;
    const quotes = Array.from({ length: 10 }, () => quoteFor(T, baseBody()));
    await waitFor(() => dhl.requests.length - ratesBefore >= 10, 10_000);

    server.child.kill('SIGTERM');
    await waitFor(() => server.lines.some((l) => l.includes('cerrando el servidor')), 5_000);
    // New work after the signal is refused at once (a Spanish 503, or no connection), never held.
    const late = await fetch(`${server.url}/api/health/ready`).then(
      async (res) => ({ status: res.status, body: await res.text() }),
      () => ({ status: 0, body: '' }),
    );
    expect([0, 503]).toContain(late.status);

    const answers = await Promise.all(quotes);
    for (const answer of answers) expect(optionNamed(answer).source).toBe('api');
    expect(await server.exited, server.lines.slice(-12).join('\n')).toBe(0);
    expect(delivered.length).toBe(before + 1);
    expect(delivered.filter((to) => to === user.email)).toHaveLength(2);

    // After the exit: the mail job is done, nothing is left running or waiting.
    const database: DatabaseHandle = postgres ? createPostgresDatabase(postgres.url, 1) : await createPgliteDatabase(dataDir);
    try {
      const jobs = await database.query<{ key: string; status: string; attempts: number; run_at: Date }>(
        `select key, status, attempts, run_at from jobs where type = 'notifications.email' and payload->>'to' = $1 order by created_at`,
        [user.email],
      );
      expect(jobs.map((j) => ({ kind: j.key.split(':')[1], status: j.status, attempts: j.attempts }))).toEqual([
        { kind: 'account-approved', status: 'done', attempts: 1 },
        { kind: 'password-recovery', status: 'done', attempts: 1 },
      ]);
      const unfinished = await database.query<{ n: number }>(`select count(*)::int as n from jobs where status = 'running'`, []);
      expect(unfinished[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
    const log = server.logs();
    expect(log.find((l) => l.msg === 'servidor cerrado')).toBeDefined();
    expect(log.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
