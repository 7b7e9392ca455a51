import { stdSerializers } from 'pino';

/**
 * What never reaches a log line: credentials, session and recovery tokens, signed links, and the
 * parameters of a failed SQL statement (names, e-mails, phones and addresses of customers).
 */

/** Header and body fields removed from every logged object. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.currentPassword',
  'token',
];

/** Query-string fields that carry a secret (signed label links, PayPal return tokens, store keys). */
const SECRET_QUERY = /^(token|signature|sig|secret|key|api_?key|consumer_key|consumer_secret|hmac|payerid)$/i;

/** A request line as logged: recovery tokens in the path and secrets in the query hidden. */
export function safeUrl(url: string): string {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path.replace(/(\/password-recovery\/)[^/?#]+/, '$1[oculto]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_QUERY.test(decoded) ? `${name}=[oculto]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** SQLSTATE codes are five characters of digits and capital letters. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

interface DriverError {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  constraint?: unknown;
  routine?: unknown;
  message?: unknown;
}

/** The driver's error behind a failed query (Drizzle wraps it and puts the SQL and its parameters in the message). */
export function databaseErrorOf(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const candidate = current as DriverError & { cause?: unknown };
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code) && ('severity' in candidate || 'routine' in candidate)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/**
 * The driver's sentence without the values it quotes: `invalid input syntax for type uuid: "x"`
 * names what was sent, so every quoted part is cut (the constraint and table go in their own fields).
 */
function driverSentence(message: unknown): string {
  if (typeof message !== 'string') return 'error de base de datos';
  return (message.split('\n', 1)[0] ?? '')
    .replace(/"[^"]*"?/g, '"…"')
    .replace(/'[^']*'?/g, "'…'")
    .slice(0, 200);
}

/** Drizzle's own message carries the SQL and every parameter. */
const FAILED_QUERY = /^Failed query:/;

/**
 * Errors as logged: a database error keeps its SQLSTATE code, table, constraint and the driver's
 * own sentence without the values it quotes, never the statement, its parameters or the row detail.
 */
export function safeErrorSerializer(error: unknown): SerializedError {
  const db = databaseErrorOf(error);
  if (db) {
    return {
      type: 'DatabaseError',
      code: db.code,
      message: driverSentence(db.message),
      // The stack of a failed query names only our own files; the SQL is not in it.
      stack:
        error instanceof Error
          ? (error.stack ?? '')
              .split('\n')
              .filter((line) => /^\s+at /.test(line))
              .join('\n')
          : '',
      ...(typeof db.table === 'string' ? { table: db.table } : {}),
      ...(typeof db.constraint === 'string' ? { constraint: db.constraint } : {}),
      ...(typeof db.routine === 'string' ? { routine: db.routine } : {}),
    };
  }
  if (error instanceof Error && FAILED_QUERY.test(error.message)) {
    const cause = (error as { cause?: unknown }).cause;
    return { type: 'DatabaseError', message: cause === undefined ? 'consulta fallida' : `consulta fallida: ${safeErrorText(cause)}`, stack: '' };
  }
  if (error instanceof Error) return stdSerializers.err(error);
  return { type: typeof error, message: String(error), stack: '' };
}

/**
 * One line about an error, safe to store where people read it (`jobs.last_error`, a store's
 * failure record): a database error by its SQLSTATE, table and constraint only; any other error
 * by its message (ours, in Spanish; never the SQL or parameters Drizzle puts in its own).
 */
export function safeErrorText(error: unknown): string {
  const db = databaseErrorOf(error);
  if (db) {
    const parts = [`SQLSTATE ${String(db.code)}`];
    if (typeof db.table === 'string') parts.push(`tabla ${db.table}`);
    if (typeof db.constraint === 'string') parts.push(`restricción ${db.constraint}`);
    return `Error de base de datos (${parts.join(', ')})`;
  }
  if (error instanceof Error) {
    if (FAILED_QUERY.test(error.message)) {
      const cause = (error as { cause?: unknown }).cause;
      return cause === undefined || cause === error ? 'Error de base de datos (consulta fallida)' : safeErrorText(cause);
    }
    return error.message.slice(0, 2000);
  }
  return String(error).slice(0, 2000);
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export const logSerializers = {
  req(request: { method: string; url: string; id?: string; ip?: string }) {
    return { method: request.method, url: safeUrl(request.url), id: request.id, remoteAddress: request.ip };
  },
  err: safeErrorSerializer,
};
