import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { adminEnv, signInAdmin, someAddress } from '../../../testing/accounts.js';
import { jobsQueries } from '../../jobs/jobs.usecases.js';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback: what arrives here went through nodemailer over the wire. */
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let rejectNext = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectNext > 0) {
        rejectNext--;
        const error = new Error('Buzón no disponible por ahora') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mail over SMTP (SMTP_URL set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...adminEnv, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Envíos MX <no-responder@envios.test>' },
      // No wait between tries, so one drain shows the failure and the retry.
      deps: { jobs: { backoffMs: () => 0 } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers the sign-up mails through the SMTP server, in Spanish HTML and text, and keeps nothing in the outbox', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      remoteAddress: someAddress(),
      payload: { firstName: 'Iris', lastName: 'Mora', email: 'iris@correo.test', phone: '3312345678', password: 'secreto1' },
    });
    expect(signUp.statusCode).toBe(201);
    await t.app.jobs.drain();

    const toIris = received.find((m) => m.to.includes('iris@correo.test'));
    expect(toIris, 'mail to the new user').toBeDefined();
    expect(toIris!.from).toBe('no-responder@envios.test');
    expect(toIris!.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(toIris!.raw).toContain('Content-Type: text/plain');
    expect(toIris!.raw).toContain('Content-Type: text/html');
    expect(toIris!.raw).toMatch(/Message-ID: <[0-9a-f]{32}@envios\.test>/i);
    expect(received.some((m) => m.to.includes(adminEnv.ADMIN_EMAIL))).toBe(true);

    const admin = await signInAdmin(t.app);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin.headers });
    expect(outbox.json()).toMatchObject({ count: 0, keepsEmail: false });
  });

  it('retries when the server refuses for now, then delivers once', async () => {
    rejectNext = 1;
    const before = received.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-recovery',
      remoteAddress: someAddress(),
      payload: { email: 'iris@correo.test' },
    });
    expect(await t.app.jobs.runOnce()).toBe(1);
    const jobs = await jobsQueries.list(t.database.db, { type: 'notifications.email' });
    const recovery = jobs.find((j) => (j.payload as { subject: string }).subject === 'Recupera tu contraseña');
    expect(recovery).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('451') });
    expect(received.length).toBe(before);

    await t.app.jobs.drain();
    expect(await jobsQueries.findByKey(t.database.db, recovery!.key)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    const delivered = received.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.raw).toContain('/password-recovery/');
  });
});
