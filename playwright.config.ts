import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server on a fresh embedded database. Run through
 * `npm run test:e2e` (scripts/e2e.mjs), which picks the port and the data directory.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  // Not test-results/: Playwright empties its output folder, where Vitest's CI report also lives.
  // CI runs the two databases' journeys at once, each with its own folder and report.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '.tmp/playwright-output',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: process.env.E2E_JSON ?? 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? `.tmp/e2e-${port}`,
      ADMIN_EMAIL: 'admin@envios.test',
      ADMIN_PASSWORD: 'Admin1234',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
