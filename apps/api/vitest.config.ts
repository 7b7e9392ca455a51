import { defineProject } from 'vitest/config';

// Tests that need PostgreSQL whatever the run (moving an embedded installation into it, several
// processes on one database) are collected only in PostgreSQL runs: CI has one.
const postgres = process.env.TEST_DB === 'postgres' || Boolean(process.env.TEST_DATABASE_URL);

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: postgres ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.postgres.test.ts'],
    environment: 'node',
    globalSetup: ['./src/testing/global-setup.ts'],
    pool: 'forks',
    // Each file builds its own app on its own database, and no API test mocks a module, so a worker
    // keeps the modules it has loaded from one file to the next: loading the app for each of ~100
    // files cost more CPU than a third of the files' tests.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
