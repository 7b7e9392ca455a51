import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiRoot } from '../api-root.js';
import { migrationsFolder } from './migrations-folder.js';

/**
 * A new embedded database starts as a copy of a prepared one instead of running PostgreSQL's
 * initdb, every migration and the demo catalogues' seeding: initdb alone costs seconds of
 * WebAssembly, a copy a few hundred milliseconds. The prepared directory is a build output of this
 * checkout (`npm start` and `npm run build` make it when it is missing; template.build.ts says
 * what it holds), and its name says exactly what made it: the PGlite version, the extensions, the
 * migrations and the demo catalogues' sources. Any change to one of them names another directory,
 * so a stale copy is never used; without one, the database is created the slow way as before.
 */

/** Beside the API's other build outputs; `dist/` is never committed. */
export const templatesRoot = path.join(apiRoot, 'dist/pglite-template');
/** The modules whose demo catalogues the prepared database holds (template.build.ts). */
const seededModules = ['geography', 'carriers'];
/** Written last: a directory without it was interrupted and is not used. */
export const COMPLETE = '.complete';

/** The installed PGlite's version (its package does not export its package.json). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The contracts' sources (tests pass a copy). */
const contractsSources = path.join(apiRoot, '../../packages/contracts/src');

/** What the prepared directory depends on, as a short digest. */
export function templateKey(extensions: readonly string[], contracts: string = contractsSources): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  hash.update(`extensions ${[...extensions].sort().join(',')}\n`);
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (!file.endsWith('.sql') && !file.endsWith('_journal.json')) continue;
    hash.update(`${file}\n`).update(readFileSync(full));
  }
  // The code that seeds the demo catalogues: any change to those two modules prepares a new copy.
  for (const module of seededModules) {
    const dir = path.join(apiRoot, 'src/modules', module);
    for (const file of readdirSync(dir).sort()) {
      if (file.endsWith('.ts') && !file.endsWith('.test.ts')) hash.update(`${module}/${file}\n`).update(readFileSync(path.join(dir, file)));
    }
  }
  // Their shared constants (carrier codes and names, zones, state abbreviations) live in the
  // contracts, split over several files: every contracts source counts.
  for (const file of readdirSync(contracts, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) hash.update(`contracts/${file}\n`).update(readFileSync(path.join(contracts, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The prepared directory for this checkout, when it has been made. */
export function readyTemplate(extensions: readonly string[], root = templatesRoot): string | undefined {
  const dir = path.join(root, templateKey(extensions));
  return existsSync(path.join(dir, COMPLETE)) ? dir : undefined;
}

/**
 * Fills an empty database directory from the prepared one; false (and nothing touched) when the
 * directory already holds a database or there is no prepared copy. The caller holds the
 * directory's lock. The copy lands under another name and is renamed into place, so a crash
 * halfway leaves no half database behind.
 */
export function fillFromTemplate(dir: string, extensions: readonly string[], root = templatesRoot): boolean {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const template = readyTemplate(extensions, root);
  if (!template) return false;
  const copying = `${dir}.copying`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(template, copying, { recursive: true, filter: (source) => path.basename(source) !== COMPLETE });
  rmSync(dir, { recursive: true, force: true });
  renameSync(copying, dir);
  return true;
}
