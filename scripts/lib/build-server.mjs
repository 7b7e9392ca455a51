import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const api = path.join(root, 'apps/api');
/** Where `npm start` runs the server from. `dist/` is never committed. */
export const serverDist = path.join(api, 'dist/server');
export const serverEntry = path.join(serverDist, 'server.mjs');
export const templateEntry = path.join(serverDist, 'template.build.mjs');

/**
 * The API as plain JavaScript, one bundle of our own code (the shared contracts included) with the
 * installed packages left as imports. Running it instead of compiling TypeScript on the fly halves
 * the server's memory (the on-the-fly compiler keeps every source and its map) and shortens the
 * start. It takes well under a second, so `npm start` always makes it afresh: never stale.
 * Several starts may build at once (CI's two browser runs, a test's extra server): each file is
 * written beside its place and renamed over it, so a server loading a chunk never reads a file
 * half written; the chunks' names carry their content's hash, so a rename never changes one that
 * a running server already uses.
 */
export async function buildServer() {
  const manifest = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
  const packages = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@envios/'));
  const { outputFiles } = await build({
    write: false,
    entryPoints: { server: path.join(api, 'src/server.ts'), 'template.build': path.join(api, 'src/db/template.build.ts') },
    outdir: serverDist,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: packages.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  for (const file of outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return { serverEntry, templateEntry };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
