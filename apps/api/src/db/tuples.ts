import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseHandle } from './client.js';

/*
 * Rows read as tuples, the same JS values on both drivers, for the hottest bulk reads (the admin
 * report's pages and exports). The statement is written with Drizzle's `sql` over table objects (no
 * table named in a string); this file alone decides how it travels, because the two drivers are
 * fastest in opposite forms:
 * - PGlite as JSON: the whole result as one text with `json_agg(json_build_array(…))`. Its driver
 *   then decodes one value per statement instead of some thirty per row, which there costs more
 *   than reading the rows;
 * - PostgreSQL as plain columns left as text (COLUMN_TEXTS below): there building the JSON took
 *   PostgreSQL about twice the time of sending the columns (measured: 100 rows 0.86 ms as JSON,
 *   0.6 ms as columns, of which 0.23 ms is finding them), and its driver reads text columns cheaply.
 * Each column declares its type and is converted once, in place.
 */

/** How a selected column arrives: text, a number (bigint and numeric too), a boolean, a JSON value, or an instant as `Date#toISOString` writes it. */
export type ColumnType = 'text' | 'number' | 'boolean' | 'json' | 'instant';
/** A selected expression (a column, or `sql<T>` for a JSON value of type T) and its type. */
export type TupleColumn = readonly [SQLWrapper, ColumnType];

type ValueOf<C extends TupleColumn> = C[1] extends 'number'
  ? number
  : C[1] extends 'boolean'
    ? boolean
    : C[1] extends 'json'
      ? C[0] extends SQL<infer T>
        ? T
        : unknown
      : string;

/** A row of these columns, in their order; any value may be null. */
export type Tuple<C extends readonly TupleColumn[]> = { -readonly [I in keyof C]: C[I] extends TupleColumn ? ValueOf<C[I]> | null : never };

/** The select list of a tuple read and how to convert each column. */
export interface TupleShape<C extends readonly TupleColumn[]> {
  list: SQL;
  /** Converts rows in place from each form. */
  fromText: (rows: unknown[][]) => unknown[][];
  fromJson: (rows: unknown[][]) => unknown[][];
  /** Only for typing the rows. */
  readonly columns?: C;
}

export function tupleShape<const C extends readonly TupleColumn[]>(columns: C): TupleShape<C> {
  const types = columns.map(([, type]) => type);
  return {
    list: sql.join(
      columns.map(([expression]) => sql`${expression}`),
      sql`, `,
    ),
    fromText: converter(types, FROM_TEXT),
    fromJson: converter(types, FROM_JSON),
  };
}

/** What follows the select list (FROM, joins, WHERE) and the rows' order. */
export interface TupleSource {
  from: SQL;
  orderBy: SQL;
}

const dialect = new PgDialect();

/** A statement's text and parameters, as the drivers take them. */
export function statementOf(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

const TIMESTAMPTZ_OID = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (text: string) => Date;

/**
 * PostgreSQL's text of an instant as `toISOString` writes it. A UTC session sends
 * '2026-02-03 04:05:06.789012+00': rewritten as text (milliseconds truncated, as a Date keeps
 * them); any other form (another session time zone, years past 9999) goes through the driver's
 * parser.
 */
export function isoFromTimestamptz(text: string): string {
  const n = text.length;
  if (text.endsWith('+00') && text.charCodeAt(4) === 45 && text.charCodeAt(10) === 32) {
    if (n === 22) return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
    if (n > 23 && text.charCodeAt(19) === 46) return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${text.slice(20, n - 3)}00`.slice(0, 3)}Z`;
  }
  return parseTimestamptz(text).toISOString();
}

type Convert = (value: never) => unknown;
const same = <T>(value: T) => value;
const toNumber = (value: string | number | null) => (value === null ? null : Number(value));
const FROM_TEXT: Record<ColumnType, Convert> = {
  text: same,
  number: toNumber,
  boolean: (value: string | null) => (value === null ? null : value === 't'),
  json: (value: string | null): unknown => (value === null ? null : JSON.parse(value)),
  instant: (value: string | null) => (value === null ? null : isoFromTimestamptz(value)),
};
const FROM_JSON: Record<ColumnType, Convert> = {
  text: same,
  number: toNumber,
  boolean: same,
  json: same,
  instant: (value: string | null) => (value === null ? null : new Date(value).toISOString()),
};

function converter(types: readonly ColumnType[], form: Record<ColumnType, Convert>) {
  const steps = types.map((type) => form[type]);
  const skip = types.map((type) => form[type] === same);
  return (rows: unknown[][]): unknown[][] => {
    for (const row of rows) {
      for (let i = 0; i < steps.length; i++) if (!skip[i]) row[i] = steps[i]!(row[i] as never);
    }
    return rows;
  };
}

const asText = (text: string) => text;
/** Every column left as the text PostgreSQL sent: converted once, by its declared type. */
const COLUMN_TEXTS = { getTypeParser: () => asText };

function jsonStatement(shape: TupleShape<readonly TupleColumn[]>, source: TupleSource): SQL {
  return sql`select json_agg(json_build_array(${shape.list}) order by ${source.orderBy})::text as rows from ${source.from}`;
}

function columnsStatement(shape: TupleShape<readonly TupleColumn[]>, source: TupleSource): SQL {
  return sql`select ${shape.list} from ${source.from} order by ${source.orderBy}`;
}

function parseJsonRows(result: { rows: string | null }[]): unknown[][] {
  const text = result[0]?.rows;
  return text ? (JSON.parse(text) as unknown[][]) : [];
}

/** Where tuple reads run: the database (its pool or its one session), or one read-only snapshot. */
export interface TupleReader {
  read<C extends readonly TupleColumn[]>(shape: TupleShape<C>, source: TupleSource): Promise<Tuple<C>[]>;
}

type TextQuery = (config: { text: string; values: unknown[]; name?: string }) => Promise<unknown[][]>;

function columnsQuery(run: pg.Pool | pg.PoolClient): TextQuery {
  return async (config) => (await run.query<unknown[]>({ ...config, rowMode: 'array', types: COLUMN_TEXTS })).rows;
}

function readerOf(handle: DatabaseHandle, textQuery: TextQuery | undefined): TupleReader {
  return {
    async read<C extends readonly TupleColumn[]>(shape: TupleShape<C>, source: TupleSource) {
      if (textQuery) {
        const { text, params } = statementOf(columnsStatement(shape, source));
        return shape.fromText(await textQuery({ text, values: params })) as Tuple<C>[];
      }
      const { text, params } = statementOf(jsonStatement(shape, source));
      return shape.fromJson(parseJsonRows(await handle.query<{ rows: string | null }>(text, params))) as Tuple<C>[];
    },
  };
}

/** Tuple reads on the database: PostgreSQL's pool, or the embedded database's session. */
export function tupleReader(handle: DatabaseHandle): TupleReader {
  return readerOf(handle, handle.raw.kind === 'postgres' ? columnsQuery(handle.raw.pool) : undefined);
}

/**
 * Reads that must see one consistent state. On PostgreSQL: one connection of their own in a
 * read-only REPEATABLE READ transaction, ended however the reads end (a download cancelled
 * half-way, a failure). The embedded database has one connection, and a transaction held open
 * while a client downloads would stall every other request, so there other statements run
 * between the reads.
 */
export async function* inReadSnapshot<T>(handle: DatabaseHandle, body: (reader: TupleReader) => AsyncGenerator<T>): AsyncGenerator<T> {
  if (handle.raw.kind !== 'postgres') {
    yield* body(tupleReader(handle));
    return;
  }
  const client = await handle.raw.pool.connect();
  let open = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    open = true;
    yield* body(readerOf(handle, columnsQuery(client)));
    await client.query('commit');
    open = false;
  } finally {
    if (open) await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

/**
 * A tuple read planned once per connection, whose only parameter is a list of integers
 * (`sql.placeholder('list')`, cast to `bigint[]`): a named statement on PostgreSQL; on the
 * embedded database (one session) a PREPARE, then EXECUTE with the list written as an array
 * literal (its values are checked integers), prepared again if the session forgot it.
 */
export function preparedTupleRead<C extends readonly TupleColumn[]>(name: string, shape: TupleShape<C>, source: TupleSource) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nombre de sentencia inválido: ${name}`);
  const json = statementOf(jsonStatement(shape, source));
  const columns = statementOf(columnsStatement(shape, source));
  if (json.params.length !== 1 || columns.params.length !== 1) throw new Error('Una sentencia preparada de tuplas lleva un solo parámetro: la lista.');
  /** Embedded sessions that already hold the statement. */
  const preparedOn = new WeakMap<PGlite, Promise<void>>();

  return async (handle: DatabaseHandle, list: readonly number[]): Promise<Tuple<C>[]> => {
    if (!list.every((n) => Number.isSafeInteger(n))) throw new Error('Lista de enteros inválida para una lectura preparada.');
    const literal = `{${list.join(',')}}`;
    if (handle.raw.kind === 'postgres') {
      // Written as the array's text, the driver has nothing to convert.
      return shape.fromText(await columnsQuery(handle.raw.pool)({ name, text: columns.text, values: [literal] })) as Tuple<C>[];
    }
    const session = handle.raw.client;
    const prepare = () => {
      let ready = preparedOn.get(session);
      if (!ready) {
        ready = handle.exec(`prepare ${name}(bigint[]) as ${json.text}`);
        preparedOn.set(session, ready);
        ready.catch(() => preparedOn.delete(session));
      }
      return ready;
    };
    const execute = async () => parseJsonRows(await handle.query<{ rows: string | null }>(`execute ${name}('${literal}')`, []));
    await prepare();
    let rows: unknown[][];
    try {
      rows = await execute();
    } catch (error) {
      // The session lost it (DISCARD ALL, a restore): prepare again once.
      if ((error as { code?: string }).code !== '26000') throw error;
      preparedOn.delete(session);
      await prepare();
      rows = await execute();
    }
    return shape.fromJson(rows) as Tuple<C>[];
  };
}
