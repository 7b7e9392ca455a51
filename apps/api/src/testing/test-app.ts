import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { parseEnv, type Config } from '../config/env.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './test-db.js';

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-test-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...overrides });
  return { ...env, SECRET_KEY: 'test-secret-key-of-at-least-32-characters!!', dataDir, callerDir: dataDir };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real application on a fresh test database, for `app.inject` route tests. */
export async function createTestApp(opts: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(opts.env);
  const app = await buildApp({ config, database, ...opts.deps });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
