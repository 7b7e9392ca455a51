import { defineConfig } from 'vitest/config';

/*
 * One run for every workspace. `TEST_DB=postgres` (or `TEST_DATABASE_URL`) runs the API's tests on
 * PostgreSQL and leaves out the contracts' and the web's: they never touch a database, so the
 * PGlite run has already run them, and CI runs them once.
 */
const postgres = process.env.TEST_DB === 'postgres' || Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: postgres ? ['apps/api'] : ['packages/contracts', 'apps/api', 'apps/web'],
    maxWorkers: 2,
    // CI also writes a JSON report, summed by .ci/run into one "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: process.env.VITEST_JSON ?? 'test-results/vitest.json' }]] : ['default'],
  },
});
