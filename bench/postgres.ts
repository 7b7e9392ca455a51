/**
 * `npm run bench:postgres [suites…]`: the same bench with the server on a throwaway local
 * PostgreSQL cluster (initdb as the postgres user, free port), or on TEST_DATABASE_URL when set.
 * Writes bench/results/RESULTS.postgres.md and latest.postgres.json.
 */
import { execFileSync } from 'node:child_process';
import { startThrowawayCluster } from '../apps/api/src/testing/pg-cluster.js';

const given = process.env.TEST_DATABASE_URL;
const cluster = given ? { url: given, stop: () => undefined } : await startThrowawayCluster();
try {
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: cluster.url },
  });
} finally {
  cluster.stop();
}
