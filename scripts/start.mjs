// `npm start`: builds what is missing, then runs the one server (API + web) in this process.
// What it builds when missing: the web app, and the prepared embedded database that a new
// DATA_DIR starts from (apps/api/src/db/template.ts). Migrations are applied by the server at start.
import { register } from 'tsx/esm/api';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureWebBuild, root } from './lib/build-web.mjs';

ensureWebBuild();
register();
const { ensureTemplate } = await import(pathToFileURL(path.join(root, 'apps/api/src/db/template.build.ts')).href);
await ensureTemplate();
await import(pathToFileURL(path.join(root, 'apps/api/src/server.ts')).href);
