import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../testing/processes.js';
import { createEmptyPostgresDatabase } from '../testing/test-db.js';
import { createPostgresDatabase } from './client.js';
import { runMigrations } from './migrate.js';

/** `npm run db:backup` with PostgreSQL, and the README's restore steps. */
const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `envios-${name}-`));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const MARK = `insert into app_settings (name, value) values ('respaldo_prueba', 'sí, esto viajó')`;
const READ_MARK = `select value from app_settings where name = 'respaldo_prueba'`;

describe('npm run db:backup with PostgreSQL', { timeout: 120_000 }, () => {
  it('dumps with pg_dump while the database is in use, and pg_restore brings it back into an empty database', async () => {
    const source = await createEmptyPostgresDatabase();
    const restoredDb = await createEmptyPostgresDatabase();
    const out = tmp('backup-pg');
    try {
      const db = createPostgresDatabase(source.url, 2);
      await runMigrations(db);
      await db.exec(MARK);
      // A connection stays open and busy meanwhile: the dump does not need the servers stopped.
      const busy = db.query('select pg_sleep(1)', []);
      const answer = await runTs('src/db/backup.cli.ts', ['--out', out], { DATABASE_URL: source.url });
      await busy;
      await db.close();
      expect(answer.err).toBe('');
      expect(answer.code).toBe(0);
      const file = readdirSync(out).find((f) => f.endsWith('.dump'));
      expect(file).toBeDefined();
      expect(answer.out).toContain('pg_restore --no-owner --no-privileges --dbname');

      execFileSync('pg_restore', ['--no-owner', '--no-privileges', '--dbname', restoredDb.url, path.join(out, file!)]);
      const back = createPostgresDatabase(restoredDb.url, 1);
      expect(await back.query<{ value: string }>(READ_MARK, [])).toEqual([{ value: 'sí, esto viajó' }]);
      await back.close();
      expect(existsSync(path.join(out, file!))).toBe(true);
    } finally {
      await source.drop();
      await restoredDb.drop();
    }
  });
});
