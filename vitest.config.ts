import { defineConfig } from 'vitest/config';

/** One run for every workspace; `TEST_DB=postgres` moves the API tests onto PostgreSQL. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web'],
    maxWorkers: 2,
  },
});
