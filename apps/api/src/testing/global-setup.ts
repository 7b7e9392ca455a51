import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, openPglite, pgliteExtensions } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { startThrowawayCluster } from './pg-cluster.js';

/**
 * Prepares one migrated template database for the whole run:
 * - PGlite (default): a migrated data directory dumped to a tarball that each test file loads (<1 s);
 * - PostgreSQL (TEST_DB=postgres): a throwaway cluster (initdb as `postgres`, free port) unless
 *   TEST_DATABASE_URL names a server; each test file gets `CREATE DATABASE … TEMPLATE`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

const TEMPLATE = 'envios_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wantPostgres = process.env.TEST_DB === 'postgres' || Boolean(process.env.TEST_DATABASE_URL);
  if (!wantPostgres) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const handle = openPglite(client);
    await runMigrations(handle);
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'envios-pglite-'));
    const templateFile = path.join(dir, 'template.tar');
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDb', { kind: 'pglite', templateFile });
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const cluster = process.env.TEST_DATABASE_URL ? undefined : await startThrowawayCluster();
  const adminUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;
  const admin = createPostgresDatabase(adminUrl, 1);
  await admin.exec(`drop database if exists ${TEMPLATE}`);
  await admin.exec(`create database ${TEMPLATE}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const tpl = createPostgresDatabase(templateUrl.toString(), 1);
  await runMigrations(tpl);
  await tpl.close();
  await admin.close();
  project.provide('testDb', { kind: 'postgres', adminUrl, template: TEMPLATE });
  return async () => {
    cluster?.stop();
  };
}
