import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteExtensions } from './client.js';
import { runMigrations } from './migrate.js';
import { COMPLETE, templateKey, templatesRoot } from './template.js';
import { seedDemoCatalogue } from '../modules/geography/geography.usecases.js';
import { createCarriers } from '../modules/carriers/carriers.usecases.js';
import { systemClock } from '../shared/clock.js';

/**
 * Makes the prepared embedded database when it is missing, and drops those of earlier versions:
 * the schema, and the two demo catalogues every new database gets on its first start anyway
 * (postal codes; carriers, services and tariffs), seeded by their modules' own use cases. No key,
 * no account. Safe when two starts race: each builds in its own directory and the first rename
 * wins.
 */
export async function buildTemplate(root = templatesRoot): Promise<{ dir: string; built: boolean }> {
  const extensions = Object.keys(pgliteExtensions);
  const key = templateKey(extensions);
  const dir = path.join(root, key);
  if (existsSync(path.join(dir, COMPLETE))) return { dir, built: false };
  mkdirSync(root, { recursive: true });
  const work = path.join(root, `.${key}-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  try {
    const client = await PGlite.create(work, { extensions: pgliteExtensions });
    const handle = openPglite(client);
    try {
      await runMigrations(handle);
      await seedDemoCatalogue({ db: handle.db });
      const carriers = createCarriers({ db: handle.db, clock: systemClock, refreshIntervalMs: 0 });
      await carriers.start();
      await carriers.stop();
      // Leaves the files as a clean stop would, so every copy opens without recovery.
      await client.exec('checkpoint');
    } finally {
      await handle.close();
    }
    writeFileSync(path.join(work, COMPLETE), `${new Date().toISOString()}\n`);
    renameSync(work, dir);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    // Another start finished the same directory first: use theirs.
    if (existsSync(path.join(dir, COMPLETE))) return { dir, built: false };
    throw error;
  }
  for (const other of readdirSync(root)) {
    if (other !== key && !other.startsWith('.')) rmSync(path.join(root, other), { recursive: true, force: true });
  }
  return { dir, built: true };
}

/** `npm start`, `npm run build` and the bench: makes the prepared database if missing, saying so. */
export async function ensureTemplate(): Promise<void> {
  const started = performance.now();
  const { dir, built } = await buildTemplate();
  if (built) process.stdout.write(`Base embebida de partida preparada en ${Math.round(performance.now() - started)} ms (${dir}).\n`);
}
