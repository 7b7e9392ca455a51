import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { createLaneGate } from './lanes.js';
import { fillFromTemplate } from './template.js';

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
  /**
   * One parameterised statement straight to the driver, for the few hottest reads: on PGlite it
   * costs a quarter of the same select through Drizzle. Columns come back as the driver types them.
   */
  query<Row>(sql: string, params: unknown[]): Promise<Row[]>;
  /**
   * The embedded database only (one process owns it): NOTIFY payloads of `channel`, delivered
   * in-process when the writing statement or transaction commits, before its promise resolves.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<void>;
  close(): Promise<void>;
}

/**
 * Extensions the schema needs, loaded into every embedded database (PostgreSQL ships them):
 * pg_trgm indexes the admin report's keyword search.
 */
export const pgliteExtensions = { pg_trgm };

/**
 * The embedded engine runs its callers one at a time (a statement, or a whole transaction). They
 * go through the lane gate (lanes.ts): a person's request before queued jobs, turn about when
 * both wait, and each on a new turn of the event loop. PGlite queues callers itself, first come
 * first served, and hands the engine from one to the next in microtasks: with many callers queued
 * sockets and timers waited until the queue was empty (seconds; background jobs' calls to outside
 * services stalled), and a request's statements waited behind every queued job. Inside a
 * transaction statements run back to back as before.
 */
const takingTurnsAlready = new WeakSet<PGlite>();
function takingTurns(client: PGlite): PGlite {
  if (takingTurnsAlready.has(client)) return client;
  takingTurnsAlready.add(client);
  const gate = createLaneGate();
  const callers = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = callers[name].bind(client);
    callers[name] = (...args: unknown[]) => gate.run(() => run(...args));
  }
  return client;
}

export function openPglite(client: PGlite): DatabaseHandle {
  takingTurns(client);
  return {
    db: drizzlePglite(client),
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <Row>(sql: string, params: unknown[]) => (await client.query<Row>(sql, params)).rows,
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `La base embebida en ${dir} está en uso por otro proceso (pid ${pid}). ` +
        'PGlite pertenece a un solo proceso: detén el servidor antes de usarla desde otro comando, o usa DATABASE_URL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Tells this process apart from an earlier one that had the same pid (containers restart as pid 1).
const processToken = randomUUID();

/**
 * PGlite does not lock its directory; two processes (or two opens in one process) on one
 * directory would corrupt it. The lock names the holder's pid and process token.
 */
function acquireDirLock(lockFile: string, dir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${process.pid}:${processToken}`);
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText = '', token = ''] = readFileSync(lockFile, 'utf8').trim().split(':');
      const pid = Number(pidText);
      const heldByThisProcess = pid === process.pid && token === processToken;
      const heldByAnother = pid !== process.pid && Number.isInteger(pid) && pid > 0 && isAlive(pid);
      if (heldByThisProcess || heldByAnother) throw new DatabaseInUseError(dir, pid);
      rmSync(lockFile, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`No se pudo tomar el candado ${lockFile}`);
}

export async function createPgliteDatabase(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDirLock(path.join(dataDir, 'pglite.lock'), dir);
  try {
    // A new database starts from the prepared schema when this checkout has one (template.ts).
    fillFromTemplate(dir, Object.keys(pgliteExtensions));
    mkdirSync(dir, { recursive: true });
    const client = await PGlite.create(dir, { extensions: pgliteExtensions });
    const handle = openPglite(client);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
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
    query: async <Row>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows as Row[],
    close: () => pool.end(),
  };
}

export async function createDatabase(opts: { url?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return opts.url ? createPostgresDatabase(opts.url) : createPgliteDatabase(opts.dataDir);
}
