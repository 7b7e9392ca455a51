import { isIP, Socket } from 'node:net';

/**
 * For tests that aim a client at addresses it must refuse (10.x, 169.254.169.254, a name that
 * rebinds): should the client ever regress, nothing may leave this machine. While installed,
 * any socket connect to a literal address outside loopback, or to a host name that the caller
 * did not resolve itself (no `lookup` of its own: the system resolver would be asked), throws
 * before anything is sent, and is counted.
 */
export function guardOffBoxConnections(): { attempts: string[]; restore(): void } {
  const original = Socket.prototype.connect;
  const attempts: string[] = [];
  function guarded(this: Socket, ...args: unknown[]): Socket {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const options = first && typeof first === 'object' ? (first as { host?: unknown; lookup?: unknown; path?: unknown }) : undefined;
    const host = options?.host;
    if (typeof host === 'string' && options?.path === undefined) {
      const literal = isIP(host) !== 0;
      const loopback = /^(127\.|::1$|::ffff:127\.)/.test(host) || host === 'localhost';
      if ((literal && !loopback) || (!literal && !loopback && typeof options?.lookup !== 'function')) {
        attempts.push(host);
        throw new Error(`prueba: conexión a ${host} impedida`);
      }
    }
    return (original as (...a: unknown[]) => Socket).apply(this, args);
  }
  Socket.prototype.connect = guarded;
  return {
    attempts,
    restore: () => {
      Socket.prototype.connect = original;
    },
  };
}
