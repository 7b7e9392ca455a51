import pg from 'pg';
import type { DatabaseHandle } from './client.js';

/**
 * The one change feed of a process: which topics (NOTIFY channels) changed, as versions every
 * kept answer follows. A topic's payload names the keys that changed (a user's id, several joined
 * by commas), or nothing / '*' when the whole topic changed. Each process listens once, for every
 * topic, whichever caches follow them.
 *
 * - The embedded database (`exact`): notices reach this process when the writing statement or
 *   transaction commits, before its promise resolves, so a version read after a write always
 *   sees that write.
 * - PostgreSQL (`notices`): one LISTEN connection receives every process's notices right after
 *   each commit, so a change made by another process is seen within milliseconds; a reader that
 *   must see its own write at once reads a version from the tables instead (the shipments' list
 *   state) or this process `touch`es the topic at its commit. While that connection is down every
 *   version is undefined (keep nothing), and they all move when it is back, so no answer from
 *   before the gap is ever served.
 * - Neither (`none`): versions are always undefined.
 */
export interface ChangeFeed {
  readonly mode: 'exact' | 'notices' | 'none';
  /** The version of these whole topics, or undefined while changes cannot be followed (keep nothing then). */
  version(...topics: string[]): string | undefined;
  /** The version of one key of a topic (a user's shipments): moves when a notice names it or the whole topic. */
  versionOf(topic: string, key: string): string | undefined;
  /** This process just committed a change: move at once, without waiting for the notice. */
  touch(topic: string, keys?: readonly string[]): void;
  close(): Promise<void>;
}

/** Keys remembered per topic before the whole topic moves at once (each forgotten key only changes version). */
const KEYS_MAX = 100_000;

interface Topic {
  /** Moves with every notice of the topic. */
  any: number;
  /** Moves when the whole topic changed (keys forgotten). */
  epoch: number;
  keys: Map<string, number>;
}

export interface ChangeFeedLog {
  warn(obj: object, msg: string): void;
}

/** What the feed listens with: the embedded database's in-process notices, or a PostgreSQL URL for a LISTEN connection. */
export type ChangeSource =
  { kind: 'local'; listen: (channel: string, onPayload: (payload: string) => void) => Promise<void> } | { kind: 'postgres'; url: string } | { kind: 'none' };

/** The source a database handle offers. */
export function changeSourceOf(handle: Pick<DatabaseHandle, 'listen' | 'raw'>): ChangeSource {
  if (handle.listen) return { kind: 'local', listen: handle.listen };
  const url = handle.raw.kind === 'postgres' ? (handle.raw.pool.options as { connectionString?: string }).connectionString : undefined;
  return url ? { kind: 'postgres', url } : { kind: 'none' };
}

export function createChangeFeed(source: ChangeSource, topics: readonly string[], log?: ChangeFeedLog): ChangeFeed {
  for (const topic of topics) if (!/^[a-z_][a-z0-9_]*$/.test(topic)) throw new Error(`change feed: invalid topic ${topic}`);
  const state = new Map<string, Topic>(topics.map((t) => [t, { any: 0, epoch: 0, keys: new Map() }]));
  let counter = 0;
  /** Moves with every gap in the notices (and when they start flowing). */
  let generation = 0;
  let live = false;

  function topicOf(name: string): Topic {
    const topic = state.get(name);
    if (!topic) throw new Error(`change feed: topic ${name} is not followed`);
    return topic;
  }

  function changed(name: string, payload: string): void {
    const topic = state.get(name);
    if (!topic) return;
    topic.any = ++counter;
    if (payload === '' || payload === '*' || topic.keys.size >= KEYS_MAX) {
      topic.epoch = counter;
      topic.keys.clear();
      if (payload === '' || payload === '*') return;
    }
    for (const key of payload.split(',')) if (key) topic.keys.set(key, counter);
  }

  const feed = {
    version(...names: string[]): string | undefined {
      if (!live) return undefined;
      let text = String(generation);
      for (const name of names) text += `:${topicOf(name).any}`;
      return text;
    },
    versionOf(name: string, key: string): string | undefined {
      if (!live) return undefined;
      const topic = topicOf(name);
      return `${generation}:${topic.epoch}:${topic.keys.get(key) ?? 0}`;
    },
    touch(name: string, keys?: readonly string[]): void {
      changed(name, keys && keys.length > 0 ? keys.join(',') : '*');
    },
  };

  if (source.kind === 'none' || topics.length === 0) return { mode: 'none', ...feed, close: async () => undefined };

  if (source.kind === 'local') {
    Promise.all(topics.map((t) => source.listen(t, (payload) => changed(t, payload)))).then(
      () => {
        generation++;
        live = true;
      },
      (error: unknown) => log?.warn({ err: error }, 'cambios: no se pudo escuchar la base; no se guardan respuestas'),
    );
    return { mode: 'exact', ...feed, close: async () => undefined };
  }

  // PostgreSQL: one LISTEN connection, reconnected with a growing pause (1 s up to 30 s).
  const url = source.url;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = 1000;
  let timer: NodeJS.Timeout | undefined;

  const lost = () => {
    if (!live && !client) return;
    live = false;
    generation++;
    const dead = client;
    client = undefined;
    dead?.removeAllListeners();
    dead?.on('error', () => undefined);
    void dead?.end().catch(() => undefined);
    if (!closed) {
      timer = setTimeout(() => void connect(), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, 30_000);
    }
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', (error) => {
      log?.warn({ err: error }, 'cambios: se perdió la conexión que escucha la base');
      lost();
    });
    c.on('end', lost);
    c.on('notification', (n) => changed(n.channel, n.payload ?? ''));
    try {
      await c.connect();
      await c.query(topics.map((t) => `listen ${t}`).join('; '));
      if (client !== c || closed) return;
      generation++;
      live = true;
      retryMs = 1000;
    } catch (error) {
      log?.warn({ err: error }, 'cambios: no se pudo escuchar la base; se reintenta');
      lost();
    }
  }
  void connect();

  return {
    mode: 'notices',
    ...feed,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      live = false;
      const c = client;
      client = undefined;
      c?.removeAllListeners();
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
