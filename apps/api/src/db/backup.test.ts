import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../testing/processes.js';
import { createPgliteDatabase } from './client.js';
import { runMigrations } from './migrate.js';

/** `npm run db:backup` with the embedded database (whatever the engine of the run), and the README's restore steps. */
// Each test starts the command as its own process (tsx, then PGlite): slow on a busy machine.
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

describe('npm run db:backup with the embedded database', () => {
  it('refuses while a server has the folder open', async () => {
    const dataDir = tmp('backup-busy');
    const running = await createPgliteDatabase(dataDir);
    try {
      const answer = await runTs('src/db/backup.cli.ts', [], { DATA_DIR: dataDir });
      expect(answer.code).toBe(1);
      expect(answer.err).toContain('No se respaldó');
      expect(answer.err).toContain('servidor detenido');
    } finally {
      await running.close();
    }
  }, 120_000);

  it('copies the stopped folder, checks the copy opens, and the copy restores the data', async () => {
    const dataDir = tmp('backup-data');
    const out = tmp('backup-out');
    const db = await createPgliteDatabase(dataDir);
    await runMigrations(db);
    await db.exec(MARK);
    await db.close();

    const answer = await runTs('src/db/backup.cli.ts', ['--out', out], { DATA_DIR: dataDir });
    expect(answer.err).toBe('');
    expect(answer.code).toBe(0);
    expect(answer.out).toMatch(/Respaldo de la base embebida en .*envios-\d{4}-\d\d-\d\dT[\d-]+ \([\d.]+ MB; 0 cuentas, 0 envíos; se abrió y responde\)/);
    const [copy] = readdirSync(out);
    expect(copy).toBeDefined();

    // Restore as the README says: the backup's pglite folder in place of DATA_DIR/pglite.
    const restored = await PGlite.create(path.join(out, copy!, 'pglite'));
    expect((await restored.query<{ value: string }>(READ_MARK)).rows).toEqual([{ value: 'sí, esto viajó' }]);
    await restored.close();
  }, 120_000);
});
