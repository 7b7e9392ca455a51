import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * A version that moves whenever a shipment or an overweight changes anywhere, so a process may
 * keep report answers while it stands. Fed by the database's own notices: the shipments'
 * statement triggers announce `shipment_list` on every write (migration 0003) and the overweight
 * use cases announce `overweight_changed` at their commits.
 *
 * - The embedded database delivers notices in-process at commit: exact.
 * - PostgreSQL delivers them to a dedicated LISTEN connection right after each commit (any
 *   process's): a change made elsewhere is seen within milliseconds. While that connection is
 *   down nothing is kept (`version()` is undefined) and the version jumps when it is back, so no
 *   answer from before the gap is ever served.
 * - Neither: nothing is kept.
 */
export interface ChangeFeed {
  /** The current version, or undefined when changes cannot be followed right now (do not cache). */
  version(): number | undefined;
  /** This process just committed a change: move at once, without waiting for the notice. */
  touch(): void;
  close(): Promise<void>;
}

export const REPORT_CHANNELS = ['shipment_list', 'overweight_changed'] as const;

export function noChangeFeed(): ChangeFeed {
  return { version: () => undefined, touch: () => undefined, close: async () => undefined };
}

/** The embedded database: listens in-process; until the subscription is in place nothing is kept. */
export function localChangeFeed(listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>, log?: FastifyBaseLogger): ChangeFeed {
  let version = 0;
  let live = false;
  Promise.all(REPORT_CHANNELS.map((c) => listen(c, () => version++))).then(
    () => {
      version++;
      live = true;
    },
    (error: unknown) => log?.warn({ err: error }, 'reportes: no se pudo escuchar cambios; se calculan siempre'),
  );
  return {
    version: () => (live ? version : undefined),
    touch: () => {
      version++;
    },
    close: async () => undefined,
  };
}

/** PostgreSQL: one LISTEN connection, reconnected with a growing pause (1 s up to 30 s). */
export function postgresChangeFeed(url: string, log?: FastifyBaseLogger): ChangeFeed {
  let version = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = 1000;
  let timer: NodeJS.Timeout | undefined;

  const lost = () => {
    if (!live && !client) return;
    live = false;
    version++;
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
      log?.warn({ err: error }, 'reportes: se perdió la conexión que escucha cambios');
      lost();
    });
    c.on('end', lost);
    c.on('notification', () => {
      version++;
    });
    try {
      await c.connect();
      for (const channel of REPORT_CHANNELS) await c.query(`listen ${channel}`);
      if (client !== c) return;
      version++;
      live = true;
      retryMs = 1000;
    } catch (error) {
      log?.warn({ err: error }, 'reportes: no se pudo escuchar cambios; se reintenta');
      lost();
    }
  }
  void connect();

  return {
    version: () => (live ? version : undefined),
    touch: () => {
      version++;
    },
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
