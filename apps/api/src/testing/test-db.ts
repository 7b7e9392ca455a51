import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createPostgresDatabase, openPglite, pgliteExtensions, type DatabaseHandle } from '../db/client.js';

/**
 * A fresh, migrated database for one test file, on the engine the run was started for
 * (PGlite by default, PostgreSQL with TEST_DB=postgres). Close it in afterAll.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    const blob = new Blob([readFileSync(target.templateFile)]);
    const client = await PGlite.create({ loadDataDir: blob, extensions: pgliteExtensions });
    return openPglite(client);
  }
  const name = `envios_t_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDatabase(target.adminUrl, 1);
  try {
    await admin.exec(`create database ${name} template ${target.template}`);
  } finally {
    await admin.close();
  }
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const handle = createPostgresDatabase(url.toString(), 5);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = createPostgresDatabase(target.adminUrl, 1);
      await cleanup.exec(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await cleanup.close();
    },
  };
}

/**
 * An empty PostgreSQL database (no migrations) on the run's server, for tests that need one
 * whatever the engine of the other tests: moving an embedded installation, several processes.
 * Only in PostgreSQL runs (`*.postgres.test.ts` files are collected only there).
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const target = inject('testDb');
  if (target.kind !== 'postgres') throw new Error('Esta prueba necesita TEST_DB=postgres (o TEST_DATABASE_URL).');
  const name = `envios_e_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDatabase(target.adminUrl, 1);
  try {
    await admin.exec(`create database ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = createPostgresDatabase(target.adminUrl, 1);
      await cleanup.exec(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await cleanup.close();
    },
  };
}
