// `npm start`: builds what is missing, then runs the one server (API + web) in this process.
// Migrations are applied by the server at start.
import { register } from 'tsx/esm/api';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureWebBuild, root } from './lib/build-web.mjs';

ensureWebBuild();
register();
await import(pathToFileURL(path.join(root, 'apps/api/src/server.ts')).href);
