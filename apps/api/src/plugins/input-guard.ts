import type { FastifyInstance } from 'fastify';
import { errorCodes } from '@envios/contracts/errors';
import { AppError } from '../shared/errors.js';
import { fieldLabel } from './field-labels.js';

/**
 * Control characters have no place in anything a person types: NUL cannot even be stored by
 * PostgreSQL (text and jsonb refuse it), and the others (escape, bell, form feed …) only ever come
 * from a broken or malicious client. Tab, line feed and carriage return stay allowed, because free
 * text (a content description, a message) legitimately has line breaks.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/**
 * Also refused: an unpaired UTF-16 surrogate (`"\ud800"` is valid JSON, and `%ED%A0%80` in a
 * URL decodes to one). It is no character at all, cannot be written as UTF-8, and a database, a
 * PDF or a spreadsheet fails on it. With the `u` flag, `\p{Cs}` matches only unpaired ones.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

/** Deep enough for every body the API accepts; deeper structures are refused by their schemas. */
const MAX_DEPTH = 12;

/** Whether any string (or object key) in `value` holds a control character or an unpaired surrogate; builds nothing. */
function hasControlCharacter(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return FORBIDDEN.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasControlCharacter(value[i], depth + 1)) return true;
    return false;
  }
  if (Buffer.isBuffer(value)) return false;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (FORBIDDEN.test(key) || hasControlCharacter((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * The dotted path of the first string (or object key) holding a control character, if any. Every
 * request is checked, and nearly all are clean: the walk first only asks whether there is one,
 * and names its path only then.
 */
export function findControlCharacter(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (!hasControlCharacter(value, depth)) return undefined;
  return pathOfControlCharacter(value, path, depth);
}

function pathOfControlCharacter(value: unknown, path: string[], depth: number): string[] | undefined {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = pathOfControlCharacter(item, [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (FORBIDDEN.test(key)) return [...path, key.replace(new RegExp(FORBIDDEN.source, 'gu'), '?')];
    const found = pathOfControlCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The string (or key) at `path` in `root`, if there is one. */
function stringAt(root: unknown, path: string[]): string | undefined {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' ? current : undefined;
}

/** True for a string with an unpaired surrogate and no control character (a differently worded refusal). */
export function onlyBadEncoding(value: string | undefined): boolean {
  return value !== undefined && !CONTROL.test(value) && FORBIDDEN.test(value);
}

/**
 * For data we do not control (a store's orders): every control character and unpaired surrogate
 * replaced by U+FFFD, and whether any was. Returns the same value when there was none.
 */
export function scrubText<T>(value: T, depth = 0): { value: T; replaced: boolean } {
  if (!hasControlCharacter(value, depth)) return { value, replaced: false };
  return { value: scrubDeep(value, depth) as T, replaced: true };
}

function scrubDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(new RegExp(FORBIDDEN.source, 'gu'), '\uFFFD');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[scrubDeep(key, depth + 1) as string] = scrubDeep(item, depth + 1);
  return out;
}

export function controlCharacterError(path: string[], offending?: string): AppError {
  const dotted = path.join('.');
  const label = fieldLabel(dotted) || 'enviado';
  const message = onlyBadEncoding(offending)
    ? `El campo ${label} contiene caracteres mal codificados que no se permiten; escríbelo de nuevo.`
    : `El campo ${label} contiene caracteres de control que no se permiten; escríbelo de nuevo sin ellos.`;
  return new AppError(400, errorCodes.invalidCharacters, message, [{ path: dotted, message }]);
}

/**
 * One rule at the edge for every string the API accepts, before any schema, use case or query
 * sees it: the path parameters, the query string and the parsed body (JSON or text). A control
 * character anywhere answers 400 naming the field, never a database error.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A plain callback, not an async function: no promise per request for a check that never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const value of [request.params, request.query, request.body]) {
      const path = findControlCharacter(value);
      if (path) return done(controlCharacterError(path, stringAt(value, path)));
    }
    done();
  });
}
