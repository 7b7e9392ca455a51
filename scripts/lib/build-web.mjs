import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(root, 'apps/web/dist');
/** The prerendering bundle the server imports (entry-server.js). */
export const webSsrDist = path.join(root, 'apps/web/dist-ssr');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const m = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (m > newest) newest = m;
  }
  return newest;
}

/** Builds the web app when its bundle is missing or older than its sources. */
export function ensureWebBuild({ quiet = false } = {}) {
  const index = path.join(webDist, 'index.html');
  const sources = [path.join(root, 'apps/web/src'), path.join(root, 'apps/web/public'), path.join(root, 'packages/contracts/src')].filter(existsSync);
  const newestSource = Math.max(
    ...sources.map(newestMtime),
    statSync(path.join(root, 'apps/web/index.html')).mtimeMs,
    statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
  );
  const ssrEntry = path.join(webSsrDist, 'entry-server.js');
  const fresh = (file) => existsSync(file) && statSync(file).mtimeMs >= newestSource;
  if (fresh(index) && fresh(ssrEntry)) return false;
  if (!quiet) console.log('Compilando la aplicación web (solo la primera vez o tras cambios)…');
  const vite = (...args) =>
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', quiet ? 'error' : 'warn'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    });
  vite();
  vite('--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr');
  return true;
}
