// `npm run test:e2e`: builds the web app if needed, then runs Playwright against the real server
// on a free port with a brand-new database: embedded by default, or a throwaway PostgreSQL
// cluster with TEST_DB=postgres (TEST_DATABASE_URL names an existing server instead).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuild, root } from './lib/build-web.mjs';
import { freePort, startThrowawayCluster } from '../apps/api/src/testing/pg-cluster.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`No se encontró Chromium en ${chromium}. Instálalo con: apt-get install -y chromium (o define CHROMIUM_PATH).`);
  process.exit(1);
}

const port = await freePort();
ensureWebBuild({ quiet: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-e2e-'));
const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir };
let stopCluster: (() => void) | undefined;
if (process.env.TEST_DATABASE_URL) {
  env.E2E_DATABASE_URL = process.env.TEST_DATABASE_URL;
} else if (process.env.TEST_DB === 'postgres') {
  const cluster = await startThrowawayCluster();
  stopCluster = cluster.stop;
  env.E2E_DATABASE_URL = cluster.url;
}
let status = 1;
try {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  status = result.status ?? 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  stopCluster?.();
}
process.exit(status);
