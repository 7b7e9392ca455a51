import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client.js';
import { migrationsFolder } from './migrations-folder.js';

export { migrationsFolder };

// Any fixed number: every process that migrates the same PostgreSQL takes this lock first.
const MIGRATION_LOCK = 727_001;

/** Applies the committed migrations; safe when several processes start at once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const raw = handle.raw;
  if (raw.kind === 'pglite') {
    await migratePglite(drizzlePglite(raw.client), { migrationsFolder });
    return;
  }
  // A session-level lock on one dedicated connection; the migrator runs on that same connection.
  const client = await raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * How many of the migrations this version ships are not applied yet (the readiness check): the
 * migrator records each applied migration's journal time, and applies in that order.
 */
export async function pendingMigrations(handle: Pick<DatabaseHandle, 'query'>): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const rows = await handle
    .query<{ last: string | number | null }>('select max(created_at) as last from drizzle.__drizzle_migrations', [])
    .catch(() => [{ last: null }]);
  const last = rows[0]?.last === null || rows[0]?.last === undefined ? -1 : Number(rows[0].last);
  return journal.entries.filter((entry) => entry.when > last).length;
}
