/**
 * `npm run db:backup -- [--out <carpeta>]`: a consistent copy of the database.
 * - Embedded (DATA_DIR): with the server stopped (the folder lock proves it), the PGlite folder is
 *   copied as it is on disk and the copy is opened once to check it reads.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (one snapshot, consistent while the
 *   servers keep running), restorable with `pg_restore` into an empty database.
 * Restore steps: README, «Respaldos».
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../config/env.js';
import { createPgliteDatabase, DatabaseInUseError } from './client.js';

const run = promisify(execFile);

function outDir(argv: string[], callerDir: string, base: string): string {
  const i = argv.indexOf('--out');
  const given = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--out='))?.slice(6);
  return path.resolve(callerDir, given ?? path.join(base, 'backups'));
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

function dirSize(dir: string): number {
  let total = 0;
  const walk = (p: string) => {
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
    else total += s.size;
  };
  walk(dir);
  return total;
}

async function main(argv: string[]): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const out = outDir(argv, config.callerDir, config.DATABASE_URL ? config.callerDir : config.dataDir);
  mkdirSync(out, { recursive: true });

  if (config.DATABASE_URL) {
    const file = path.join(out, `envios-${stamp()}.dump`);
    try {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, config.DATABASE_URL]);
    } catch (error) {
      const e = error as { code?: string; stderr?: string };
      console.error(
        e.code === 'ENOENT'
          ? 'No se encontró pg_dump. Instala el cliente de PostgreSQL de la misma versión que el servidor o una más nueva (Debian: apt-get install postgresql-client).'
          : `pg_dump falló: ${(e.stderr ?? String(error)).trim()}`,
      );
      return 1;
    }
    process.stdout.write(
      `Respaldo de PostgreSQL en ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB).\nRestaurar en una base vacía: pg_restore --no-owner --no-privileges --dbname postgres://…/envios_restaurada ${file}\n`,
    );
    return 0;
  }

  // The lock proves no server has the folder open: a copy of a stopped PGlite folder is consistent.
  let handle;
  try {
    handle = await createPgliteDatabase(config.dataDir);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(`No se respaldó: ${error.message}`);
      console.error('La base embebida se respalda con el servidor detenido (unos segundos). Con PostgreSQL el respaldo no necesita detener nada.');
      return 1;
    }
    throw error;
  }
  const target = path.join(out, `envios-${stamp()}`);
  try {
    await handle.exec('CHECKPOINT');
    await handle.close();
    handle = undefined;
    cpSync(path.join(config.dataDir, 'pglite'), path.join(target, 'pglite'), { recursive: true });
    const legacyKey = path.join(config.dataDir, 'secret.key');
    if (existsSync(legacyKey)) cpSync(legacyKey, path.join(target, 'secret.key'));
  } finally {
    await handle?.close();
  }
  // The copy opens and answers: checked before calling it a backup.
  const check = await PGlite.create(path.join(target, 'pglite'));
  const counts = await check.query<{ users: string; shipments: string }>(
    'select (select count(*) from users)::text as users, (select count(*) from shipments)::text as shipments',
  );
  await check.close();
  const row = counts.rows[0];
  process.stdout.write(
    `Respaldo de la base embebida en ${target} (${(dirSize(target) / 1024 / 1024).toFixed(1)} MB; ${row?.users ?? 0} cuentas, ${row?.shipments ?? 0} envíos; se abrió y responde).\n` +
      `Restaurar: detén el servidor y reemplaza ${path.join(config.dataDir, 'pglite')} por ${path.join(target, 'pglite')}.\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
