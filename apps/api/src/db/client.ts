import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';

/** Drizzle over either driver; repositories only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** A repository accepts the database or a transaction already open. */
export type Executor = Database | Transaction;

export type RawClient = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  raw: RawClient;
  /** Runs raw SQL on the underlying driver (migrations, advisory locks, test setup). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export function openPglite(client: PGlite): DatabaseHandle {
  return {
    db: drizzlePglite(client),
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function createPgliteDatabase(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return openPglite(client);
}

export function createPostgresDatabase(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Without a listener an idle-client error (server restart) would crash the process.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool),
    kind: 'postgres',
    raw: { kind: 'postgres', pool },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export async function createDatabase(opts: { url?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return opts.url ? createPostgresDatabase(opts.url) : createPgliteDatabase(opts.dataDir);
}
