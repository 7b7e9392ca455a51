import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';

/**
 * Moves an embedded installation (PGlite) into an empty PostgreSQL database: the target gets the
 * same migrations, then every table is copied in one transaction on the target (COPY out of
 * PGlite, COPY into PostgreSQL, parents before children), identity sequences and every other
 * counter (folios, catalogue versions) continue where they were, and the copy is verified:
 * the same rows per table, the same money per table and column (every `*_centavos` column to
 * the centavo), and wallets whose balances equal their paid ledger. The secret key lives in
 * `app_settings`, so encrypted secrets and signed label links keep working.
 */

export class MoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveError';
  }
}

export interface TableReport {
  table: string;
  rows: number;
  /** Sum of each money column (centavos), on both sides. */
  money: Record<string, number>;
}

export interface MoveReport {
  tables: TableReport[];
  sequences: { name: string; value: number }[];
  wallets: { count: number; balanceCentavos: number; ledgerCentavos: number };
  durationMs: number;
}

export interface MoveProgress {
  (event: { step: 'migrations' | 'table' | 'sequences' | 'verify'; table?: string; rows?: number; index?: number; of?: number }): void;
}

interface Column {
  name: string;
  type: string;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

async function sourceRows<Row>(source: PGlite, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await source.query<Row>(sql, params)).rows;
}

/** Public tables with rows in the target: a move never writes over data. */
export async function nonEmptyTables(pool: pg.Pool): Promise<string[]> {
  const tables = await pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  const full: string[] = [];
  for (const { name } of tables.rows) {
    const any = await pool.query(`select 1 from ${quote(name)} limit 1`);
    if (any.rowCount) full.push(name);
  }
  return full;
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
function parentsFirst(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const pending = new Set(tables);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((t) => !edges.some((e) => e.child === t && e.parent !== t && pending.has(e.parent)));
    if (ready.length === 0) throw new MoveError(`Las tablas ${[...pending].join(', ')} se referencian en ciclo; no hay un orden de copia.`);
    for (const t of ready.sort()) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered;
}

async function moneyAndCount(run: (sql: string) => Promise<Record<string, unknown>[]>, table: string, moneyColumns: string[]): Promise<TableReport> {
  const sums = moneyColumns.map((c) => `coalesce(sum(${quote(c)}), 0)::text as ${quote(c)}`);
  const [row] = await run(`select count(*)::text as "__rows"${sums.length ? `, ${sums.join(', ')}` : ''} from ${quote(table)}`);
  const money: Record<string, number> = {};
  for (const c of moneyColumns) money[c] = Number(row?.[c] ?? 0);
  return { table, rows: Number(row?.__rows ?? 0), money };
}

export async function moveEmbeddedToPostgres(opts: { source: DatabaseHandle; target: DatabaseHandle; progress?: MoveProgress }): Promise<MoveReport> {
  const started = performance.now();
  const { source: sourceHandle, target: targetHandle } = opts;
  if (sourceHandle.raw.kind !== 'pglite') throw new MoveError('El origen debe ser la base embebida (DATA_DIR).');
  if (targetHandle.raw.kind !== 'postgres') throw new MoveError('El destino debe ser PostgreSQL (--to postgres://…).');
  const source = sourceHandle.raw.client;
  const pool = targetHandle.raw.pool;
  const progress = opts.progress ?? (() => undefined);

  const full = await nonEmptyTables(pool);
  if (full.length > 0) {
    throw new MoveError(
      `La base de destino no está vacía (${full.length} tabla(s) con datos: ${full.slice(0, 5).join(', ')}${full.length > 5 ? ', …' : ''}). ` +
        'Para no mezclar ni sobrescribir datos, crea una base vacía (por ejemplo: createdb envios) y vuelve a intentarlo con esa.',
    );
  }

  // Both sides on the migrations of this version: the source as the server would at its start.
  progress({ step: 'migrations' });
  await runMigrations(sourceHandle);
  await runMigrations(targetHandle);

  const tables = (
    await sourceRows<{ name: string }>(
      source,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).map((r) => r.name);
  const targetTables = new Set(
    (await pool.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`)).rows.map((r) => r.name),
  );
  const missing = tables.filter((t) => !targetTables.has(t));
  if (missing.length) throw new MoveError(`El destino no tiene las tablas ${missing.join(', ')} tras aplicar las migraciones.`);
  const edges = await sourceRows<{ child: string; parent: string }>(
    source,
    `select conrelid::regclass::text as child, confrelid::regclass::text as parent
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  const order = parentsFirst(
    tables,
    edges.map((e) => ({ child: e.child.replaceAll('"', ''), parent: e.parent.replaceAll('"', '') })),
  );
  const columns = new Map<string, Column[]>();
  for (const row of await sourceRows<{ table: string; name: string; type: string }>(
    source,
    `select table_name as "table", column_name as name, data_type as type from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  )) {
    const list = columns.get(row.table) ?? [];
    list.push({ name: row.name, type: row.type });
    columns.set(row.table, list);
  }
  const moneyColumnsOf = (table: string) =>
    (columns.get(table) ?? []).filter((c) => c.name.endsWith('_centavos') && ['bigint', 'integer', 'numeric', 'smallint'].includes(c.type)).map((c) => c.name);

  const client = await pool.connect();
  const copied: TableReport[] = [];
  try {
    await client.query('begin');
    // Rows a migration itself wrote into the empty target are in the source too (it ran the same
    // migrations): the copy brings them with everything else.
    await client.query(`truncate ${order.map(quote).join(', ')}`);
    // Our own triggers (the shipment list counters) would count the copied rows a second time:
    // their state tables are copied as they are. Foreign keys stay checked.
    for (const table of order) await client.query(`alter table ${quote(table)} disable trigger user`);
    for (const [index, table] of order.entries()) {
      const list = (columns.get(table) ?? []).map((c) => quote(c.name)).join(', ');
      const exported = await source.query(`copy (select ${list} from ${quote(table)}) to '/dev/blob' with (format text)`);
      const blob = exported.blob;
      if (blob && blob.size > 0) {
        const into = client.query(copyFrom(`copy ${quote(table)} (${list}) from stdin with (format text)`));
        await pipeline(Readable.from(blobChunks(blob)), into);
      }
      const rows = Number((await client.query<{ n: string }>(`select count(*)::text as n from ${quote(table)}`)).rows[0]?.n ?? 0);
      progress({ step: 'table', table, rows, index: index + 1, of: order.length });
    }
    for (const table of order) await client.query(`alter table ${quote(table)} enable trigger user`);

    // Sequences (folios, catalogue versions) continue exactly where the embedded database left them.
    progress({ step: 'sequences' });
    const sequences = await sourceRows<{ name: string; last_value: string | null; is_called: boolean }>(
      source,
      `select sequencename as name, last_value::text, (last_value is not null) as is_called from pg_sequences where schemaname = 'public'`,
    );
    const sequenceReport: { name: string; value: number }[] = [];
    for (const s of sequences) {
      if (s.last_value === null) continue;
      await client.query(`select setval($1::regclass, $2::bigint, true)`, [`public.${quote(s.name)}`, s.last_value]);
      sequenceReport.push({ name: s.name, value: Number(s.last_value) });
    }

    // Verify before committing: rows and money per table, and every wallet against its ledger.
    progress({ step: 'verify' });
    for (const table of order) {
      const money = moneyColumnsOf(table);
      const before = await moneyAndCount((sql) => sourceRows(source, sql), table, money);
      const after = await moneyAndCount(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows, table, money);
      if (before.rows !== after.rows) throw new MoveError(`La tabla ${table} tiene ${before.rows} filas en el origen y ${after.rows} en el destino.`);
      for (const c of money) {
        if (before.money[c] !== after.money[c]) {
          throw new MoveError(`La suma de ${table}.${c} no coincide: ${before.money[c]} centavos en el origen, ${after.money[c]} en el destino.`);
        }
      }
      copied.push(after);
    }
    const ledger = async (run: (sql: string) => Promise<Record<string, unknown>[]>) => {
      const [row] = await run(
        `select count(*)::text as count, coalesce(sum(w.balance_centavos), 0)::text as balance,
                coalesce(sum((select coalesce(sum(e.amount_centavos), 0) from wallet_entries e where e.user_id = w.user_id and e.paid)), 0)::text as ledger,
                count(*) filter (where w.balance_centavos <> (select coalesce(sum(e.amount_centavos), 0) from wallet_entries e where e.user_id = w.user_id and e.paid))::text as off
           from wallets w`,
      );
      return { count: Number(row?.count ?? 0), balance: Number(row?.balance ?? 0), ledger: Number(row?.ledger ?? 0), off: Number(row?.off ?? 0) };
    };
    const walletsBefore = await ledger((sql) => sourceRows(source, sql));
    const walletsAfter = await ledger(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
    if (walletsBefore.balance !== walletsAfter.balance || walletsBefore.ledger !== walletsAfter.ledger || walletsBefore.count !== walletsAfter.count) {
      throw new MoveError(
        `Los monederos no coinciden: origen ${walletsBefore.count} con saldo ${walletsBefore.balance} y libro ${walletsBefore.ledger}; destino ${walletsAfter.count} con saldo ${walletsAfter.balance} y libro ${walletsAfter.ledger} (centavos).`,
      );
    }
    if (walletsAfter.off !== walletsBefore.off) {
      throw new MoveError(`${walletsAfter.off} monedero(s) del destino no cuadran con su libro mayor (en el origen: ${walletsBefore.off}).`);
    }
    await client.query('commit');
    return {
      tables: copied,
      sequences: sequenceReport,
      wallets: { count: walletsAfter.count, balanceCentavos: walletsAfter.balance, ledgerCentavos: walletsAfter.ledger },
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A blob read in slices, so a large table never needs a second full copy in memory. */
async function* blobChunks(blob: Blob, size = 4 * 1024 * 1024): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < blob.size; offset += size) {
    yield Buffer.from(await blob.slice(offset, offset + size).arrayBuffer());
  }
}
