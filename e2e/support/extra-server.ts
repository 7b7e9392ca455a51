import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/testing/pg-cluster.js';

/**
 * A second server with its own configuration (e.g. META_PIXEL_ID) and its own embedded
 * database, for journeys that need settings the shared e2e server does not have.
 */
export async function startExtraServer(env: Record<string, string>): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-e2e-extra-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@envios.test',
      ADMIN_PASSWORD: 'Admin1234',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`El servidor adicional terminó con código ${child.exitCode}`);
    if (performance.now() - started > 120_000) throw new Error('El servidor adicional no arrancó en 2 minutos');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
