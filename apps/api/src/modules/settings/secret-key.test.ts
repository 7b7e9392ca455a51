import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { legacySecretKeyFile, testConfigWithoutSecret, withSecretKey } from '../../testing/secret-config.js';
import { createTestDatabase } from '../../testing/test-db.js';
import type { DatabaseHandle } from '../../db/client.js';
import { adminEnv, createSignedInUser, signInAdmin } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { cloneShipment, markPaid } from '../guides/guides.testing.js';
import { enqueueGuideIssue, labelPath, signedLabelUrl } from '../guides/guides.usecases.js';
import { resolveSecretKey, SecretKeyMismatchError } from './secret-key.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const now = () => new Date();

describe('one secret key for every process on a database', () => {
  it('is generated once: processes starting at the same moment, each with its own DATA_DIR, all get the same key', async () => {
    const start = () =>
      resolveSecretKey(database.db, { given: undefined, legacyFile: path.join(mkdtempSync(path.join(os.tmpdir(), 'k-')), 'secret.key'), now: now() });
    // Many rounds on an empty database: a process reading between another's key and its
    // fingerprint must take that key, not mistake it for one given by hand.
    for (let round = 0; round < 20; round++) {
      await database.query("delete from app_settings where name in ('secret_key', 'secret_key_fingerprint')", []);
      const keys = await Promise.all(Array.from({ length: 6 }, start));
      expect(new Set(keys).size).toBe(1);
    }
    const keys = await Promise.all(Array.from({ length: 6 }, start));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    // The same key given by hand is accepted.
    await expect(resolveSecretKey(database.db, { given: keys[0], now: now() })).resolves.toBe(keys[0]);
  });

  it('refuses to start a process whose SECRET_KEY differs from the one the database works with', async () => {
    const error = await resolveSecretKey(database.db, { given: 'otra-clave-distinta-de-al-menos-32-caracteres', now: now() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretKeyMismatchError);
    expect((error as Error).message).toMatch(/^SECRET_KEY no coincide con la clave con la que esta base de datos trabaja/);
  });

  it('a database started with a key given by hand never gets a generated one', async () => {
    const other = await createTestDatabase();
    try {
      const given = 'clave-dada-a-mano-con-mas-de-32-caracteres!!';
      await resolveSecretKey(other.db, { given, now: now() });
      const error = await resolveSecretKey(other.db, { given: undefined, now: now() }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SecretKeyMismatchError);
      expect((error as Error).message).toContain('Define la misma SECRET_KEY en todos los procesos');
    } finally {
      await other.close();
    }
  });

  it('an installation from before keeps the key it had in DATA_DIR', async () => {
    const other = await createTestDatabase();
    try {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'legacy-'));
      const file = legacySecretKeyFile({ dataDir: dir });
      writeFileSync(file, 'a'.repeat(64));
      expect(await resolveSecretKey(other.db, { given: undefined, legacyFile: file, now: now() })).toBe('a'.repeat(64));
      // Later processes read it from the database, whatever their own folder holds.
      expect(await resolveSecretKey(other.db, { given: undefined, legacyFile: path.join(dir, 'nada'), now: now() })).toBe('a'.repeat(64));
    } finally {
      await other.close();
    }
  });
});

describe('two processes on one database', () => {
  it('a label link e-mailed by one process opens on the other', async () => {
    const shared = await createTestDatabase();
    const apps: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const start = testConfigWithoutSecret(adminEnv);
        const secret = await resolveSecretKey(shared.db, { given: undefined, legacyFile: legacySecretKeyFile(start), now: now() });
        const app = await buildApp({ config: withSecretKey(start, secret), database: shared });
        await app.ready();
        apps.push(app);
      }
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const t = { app: first, database: shared } as never;
      const admin = await signInAdmin(first);
      const owner = await createSignedInUser(first, admin);
      const s = await createOne(t, owner);
      const [id] = (await cloneShipment(t, s._id, 1)) as [string];
      await markPaid(t, [id]);
      await shared.db.transaction((tx) => enqueueGuideIssue(first.jobs, tx, [id]));
      await first.jobs.drain();
      const [row] = await shared.query<{ value: string }>("select value from app_settings where name = 'secret_key'", []);
      const link = new URL(signedLabelUrl('http://localhost:3000', row!.value, id, new Date()));
      const opened = await second.inject({ method: 'GET', url: `${labelPath(id)}${link.search}` });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.headers['content-type']).toBe('application/pdf');
    } finally {
      for (const app of apps) await app.close();
      await shared.close();
    }
  });
});
