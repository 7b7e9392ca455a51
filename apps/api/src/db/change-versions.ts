import type { DatabaseHandle } from './client.js';

/**
 * Versions of keys (a user's id, for example) that change whenever a write announces the key on a
 * NOTIFY channel. Only the embedded database offers them: there a statement's notices reach this
 * process before the statement's promise resolves, so a version read after a write always sees
 * that write. PostgreSQL serves several processes and delivers notices after the fact, so there
 * is no version source and readers go to the tables every time.
 */
export interface ChangeVersions {
  /** The key's current version, or undefined while notices do not flow (read the tables then). */
  of(key: string): string | undefined;
}

/** Keys remembered before everything is forgotten at once (each forgotten key only changes version). */
const KEYS_MAX = 100_000;

/**
 * Listens to `channel`, whose payloads are keys joined by commas, or '*' (or nothing) when every
 * key changed. Undefined when the database cannot deliver notices in-process.
 */
export function createChangeVersions(handle: Pick<DatabaseHandle, 'listen'>, channel: string): ChangeVersions | undefined {
  if (!handle.listen) return undefined;
  let listening = false;
  let epoch = 0;
  let counter = 0;
  const versions = new Map<string, number>();
  const everything = () => {
    epoch++;
    versions.clear();
  };
  handle
    .listen(channel, (payload) => {
      if (payload === '*' || payload === '') return everything();
      if (versions.size >= KEYS_MAX) everything();
      for (const key of payload.split(',')) versions.set(key, ++counter);
    })
    .then(
      () => {
        listening = true;
      },
      () => undefined,
    );
  return { of: (key) => (listening ? `${epoch}:${versions.get(key) ?? 0}` : undefined) };
}
