import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, openPglite } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function pgBin(name: string): string {
  for (const dir of ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']) {
    try {
      execFileSync(path.join(dir, name), ['--version'], { stdio: 'ignore' });
      return path.join(dir, name);
    } catch {
      /* try the next version */
    }
  }
  return name;
}

async function startThrowawayCluster(): Promise<{ url: string; stop: () => void }> {
  const isRoot = process.getuid?.() === 0;
  const base = mkdtempSync(path.join(os.tmpdir(), 'envios-pg-'));
  const dataDir = path.join(base, 'data');
  mkdirSync(dataDir);
  chmodSync(base, 0o777);
  const asPostgres = (bin: string, args: string[]) =>
    isRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', bin, ...args] } : { cmd: bin, args };
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  const init = asPostgres(pgBin('initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  execFileSync(init.cmd, init.args, { stdio: 'ignore' });
  const port = await freePort();
  writeFileSync(
    path.join(dataDir, 'postgresql.auto.conf'),
    `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${base}'\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n`,
  );
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  const start = asPostgres(pgBin('pg_ctl'), ['-D', dataDir, '-l', path.join(base, 'log'), '-w', 'start']);
  execFileSync(start.cmd, start.args, { stdio: 'ignore' });
  const stop = () => {
    const s = asPostgres(pgBin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    try {
      execFileSync(s.cmd, s.args, { stdio: 'ignore' });
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wantPostgres = process.env.TEST_DB === 'postgres' || Boolean(process.env.TEST_DATABASE_URL);
  if (!wantPostgres) {
    const client = await PGlite.create();
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
