import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { parseEnv, type StartConfig } from '../config/env.js';

export { legacySecretKeyFile, withSecretKey } from '../config/env.js';

/** A test configuration as a process sees it at start: its own DATA_DIR and no SECRET_KEY. */
export function testConfigWithoutSecret(overrides: Record<string, string> = {}): StartConfig {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-test-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...overrides });
  return { ...env, SECRET_KEY: undefined, dataDir, callerDir: dataDir };
}
