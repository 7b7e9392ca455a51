import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (`apps/api`), found by walking up to its package.json. Files the
 * server reads at run time (migrations, the prepared database, the web build) are placed from
 * here rather than from this file's own folder, because the same code runs from `src/` (tests,
 * development) and from the bundle `npm start` builds into `dist/server/`, at another depth.
 */
export const apiRoot = findApiRoot(path.dirname(fileURLToPath(import.meta.url)));

function findApiRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@envios/api') return dir;
    if (path.dirname(dir) === dir) throw new Error(`No se encontró la carpeta de la API (@envios/api) por encima de ${from}.`);
  }
}
