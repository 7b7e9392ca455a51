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
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
