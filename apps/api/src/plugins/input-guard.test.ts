import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { adminEnv, signInAdmin, type SignedIn } from '../testing/accounts.js';
import { findControlCharacter, controlCharacterError } from './input-guard.js';
import { safeErrorSerializer, safeUrl } from '../shared/log-safety.js';
import { leafPaths, valueWith, type JsonSchema, type OpenApiDocument } from '../testing/openapi-cases.js';

interface Case {
  name: string;
  method: string;
  url: string;
  payload?: unknown;
  contentType?: string;
  /** Where the NUL went, as the error must name it. */
  field: string;
}

const NUL = '\u0000';
const SOME_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

/** A value with NUL at `path` and nothing else (the guard runs before any schema). */
const valueAt = (path: string[]) => valueWith(path, `abc${NUL}def`);
const stringPaths = (schema: JsonSchema | undefined, refs: Record<string, JsonSchema>) => leafPaths(schema, refs);

function casesFrom(document: OpenApiDocument): Case[] {
  const refs = document.components?.schemas ?? {};
  const cases: Case[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const fill = (target: string | undefined) =>
        path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === target ? encodeURIComponent(`x${NUL}y`) : SOME_ID));
      for (const name of pathParams) {
        cases.push({ name: `${method.toUpperCase()} ${path} path ${name}`, method, url: fill(name), field: name });
      }
      for (const p of params.filter((q) => q.in === 'query')) {
        if (stringPaths(p.schema, refs).length === 0 && p.schema) continue;
        cases.push({
          name: `${method.toUpperCase()} ${path} query ${p.name}`,
          method,
          url: `${fill(undefined)}?${p.name}=${encodeURIComponent(`a${NUL}b`)}`,
          field: p.name,
        });
      }
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      for (const sub of stringPaths(json, refs)) {
        if (sub.length === 0) continue;
        cases.push({
          name: `${method.toUpperCase()} ${path} body ${sub.join('.')}`,
          method,
          url: fill(undefined),
          payload: valueAt(sub),
          field: sub.join('.'),
        });
      }
      for (const type of Object.keys(content).filter((c) => c.startsWith('text/'))) {
        cases.push({ name: `${method.toUpperCase()} ${path} ${type} body`, method, url: fill(undefined), payload: `a${NUL}b`, contentType: type, field: '' });
      }
    }
  }
  return cases;
}

let t: TestApp;
let admin: SignedIn;
let cases: Case[];

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  cases = casesFrom(t.app.swagger() as never);
});

afterAll(async () => {
  await t.close();
});

describe('control characters in what the API accepts', () => {
  it('the cases come from the OpenAPI document, so every new route is covered', () => {
    expect(cases.length).toBeGreaterThan(150);
    const names = cases.map((c) => c.name);
    expect(names).toContain('POST /api/v1/shipments body description_of_the_content');
    expect(names).toContain('GET /api/v1/shipments/{id} path id');
  });

  it('a NUL in any string of any route answers 400 naming the field, never a 500', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const response = await t.app.inject({
        method: c.method.toUpperCase() as 'GET',
        url: c.url,
        headers: { ...admin.headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
        ...(c.payload !== undefined ? { payload: typeof c.payload === 'string' ? c.payload : (c.payload as object) } : {}),
        remoteAddress: '10.77.0.1',
      });
      if (response.statusCode >= 500) {
        failures.push(`${c.name}: ${response.statusCode}`);
        continue;
      }
      // Signed webhooks read their raw text and check the signature first: a refusal is enough.
      if (c.url.includes('/webhooks/')) continue;
      const body = response.json<{ code: string; errors?: { path: string }[] }>();
      if (response.statusCode !== 400 || body.code !== 'request.invalid_characters') {
        failures.push(`${c.name}: ${response.statusCode} ${body.code}`);
      } else if (c.field && !body.errors?.some((e) => e.path === c.field)) {
        failures.push(`${c.name}: names ${JSON.stringify(body.errors)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('tabs and line breaks in free text stay allowed', () => {
    expect(findControlCharacter({ description_of_the_content: 'Ropa\ty zapatos\r\nfrágil' })).toBeUndefined();
    expect(findControlCharacter({ a: [{ b: 'ok\u001b[31m' }] })).toEqual(['a', '0', 'b']);
    expect(findControlCharacter({ ['clave\u0000']: 'x' })).toEqual(['clave?']);
  });

  it('unpaired surrogates are refused like control characters; paired ones (emoji) stay allowed', () => {
    expect(findControlCharacter({ nombre: 'Ana 😀 López', ['clave😀']: 'ñ' })).toBeUndefined();
    expect(findControlCharacter({ a: { b: 'x\ud800' } })).toEqual(['a', 'b']);
    expect(findControlCharacter({ a: ['\udc00y'] })).toEqual(['a', '0']);
    expect(findControlCharacter({ ['k\ud83d']: 1 })).toEqual(['k?']);
    expect(controlCharacterError(['destination_direction', 'full_name'], 'Ana\ud800').message).toBe(
      'El campo nombre completo contiene caracteres mal codificados que no se permiten; escríbelo de nuevo.',
    );
  });

  it('names the field in Spanish', () => {
    const error = controlCharacterError(['destination_direction', 'full_name']);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('El campo nombre completo contiene caracteres de control que no se permiten; escríbelo de nuevo sin ellos.');
    expect(error.errors).toEqual([{ path: 'destination_direction.full_name', message: error.message }]);
  });
});

describe('what logs keep of secrets and of failed queries', () => {
  it('hides signed-link tokens and PayPal return tokens in request lines', () => {
    expect(safeUrl('/api/v1/shipments/abc/label?token=123.SIGNATURE&x=1')).toBe('/api/v1/shipments/abc/label?token=[oculto]&x=1');
    expect(safeUrl('/payments/paypal/return?payment=p1&token=ORDER&PayerID=PAYER')).toBe('/payments/paypal/return?payment=p1&token=[oculto]&PayerID=[oculto]');
    expect(safeUrl('/api/v1/password-recovery/secreto')).toBe('/api/v1/password-recovery/[oculto]');
  });

  it('logs a failed query by its SQLSTATE code, never with its SQL parameters', () => {
    const driver = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      severity: 'ERROR',
      routine: 'report_invalid_encoding',
      detail: 'Ana López ana@correo.test',
    });
    const wrapped = Object.assign(new Error('Failed query: insert into users values ($1, $2)\nparams: Ana López,ana@correo.test'), {
      query: 'insert into users values ($1, $2)',
      params: ['Ana López', 'ana@correo.test'],
      cause: driver,
    });
    const logged = JSON.stringify(safeErrorSerializer(wrapped));
    expect(logged).toContain('22021');
    expect(logged).not.toContain('ana@correo.test');
    expect(logged).not.toContain('Ana López');
    expect(logged).not.toContain('insert into users');
  });
});
