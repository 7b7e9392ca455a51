import { defineConfig } from 'vitest/config';

/** One run for every workspace; `TEST_DB=postgres` moves the API tests onto PostgreSQL. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web'],
    maxWorkers: 2,
    // CI also writes a JSON report, summed by .ci/run into one "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
  },
});
