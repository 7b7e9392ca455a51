import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL cluster for tests: initdb (as `postgres` when root) on a free port. */
export function freePort(): Promise<number> {
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

export async function startThrowawayCluster(): Promise<{ url: string; stop: () => void }> {
  const isRoot = process.getuid?.() === 0;
  const base = mkdtempSync(path.join(os.tmpdir(), 'envios-pg-'));
  const dataDir = path.join(base, 'data');
  mkdirSync(dataDir);
  chmodSync(base, 0o777);
  const asPostgres = (bin: string, args: string[]) => (isRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', bin, ...args] } : { cmd: bin, args });
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
