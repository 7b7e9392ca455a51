// `npm start`: builds what is missing, then runs the one server (API + web) in this process.
// What it builds: the web app when missing or older than its sources; the API bundle, every time
// (under a second; scripts/lib/build-server.mjs); and the prepared embedded database that a new
// DATA_DIR starts from (apps/api/src/db/template.ts). Migrations are applied by the server at start.
// Workers of a cluster (WEB_CONCURRENCY > 1) run this file again: they use what the primary built.
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { ensureWebBuild } from './lib/build-web.mjs';
import { buildServer, serverEntry, templateEntry } from './lib/build-server.mjs';

if (cluster.isPrimary) {
  ensureWebBuild();
  await buildServer();
}
// The prepared embedded database serves only the embedded database: on PostgreSQL, making it
// would load PGlite into the server for nothing.
if (!process.env.DATABASE_URL?.trim()) {
  const { ensureTemplate } = await import(pathToFileURL(templateEntry).href);
  await ensureTemplate();
}
await import(pathToFileURL(serverEntry).href);
