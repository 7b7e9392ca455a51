import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../testing/accounts.js';
import { apiOperations, fillPath, leafPaths, valueWith, valueWithAll, type ApiOperation, type OpenApiDocument } from '../testing/openapi-cases.js';

/**
 * Every operation of the OpenAPI document, sent the shapes that used to end in a 500, as a
 * seller and as an admin: unpaired UTF-16 surrogates in every string (path, query, JSON body),
 * bodies with control characters everywhere, absurd numbers, JSON of the wrong shape or cut
 * short, and malformed multipart bodies. Not one answer may be a 5xx; a surrogate in a JSON
 * field answers 400 naming that field. Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */

const SOME_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
/** How a client sends a lone surrogate in a URL: its CESU-8 bytes, which are not UTF-8. */
const SURROGATE_IN_URL = '%ED%A0%80';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

interface Case {
  name: string;
  method: string;
  url: string;
  payload?: string | object | Buffer;
  contentType?: string;
  /** A JSON field holding a surrogate: the answer must be 400 naming it. */
  field?: string;
}

function casesFor(op: ApiOperation, refs: Record<string, never>): Case[] {
  const label = `${op.method.toUpperCase()} ${op.path}`;
  const url = fillPath(op.path, SOME_ID);
  const cases: Case[] = [];
  for (const name of op.pathParams) {
    cases.push({ name: `${label} path ${name}`, method: op.method, url: fillPath(op.path, SOME_ID, name, `x${SURROGATE_IN_URL}y`) });
  }
  for (const p of op.queryParams) {
    cases.push({ name: `${label} query ${p.name}`, method: op.method, url: `${url}?${p.name}=a${SURROGATE_IN_URL}b` });
  }
  if (op.jsonBody) {
    const strings = leafPaths(op.jsonBody, refs).filter((p) => p.length > 0);
    strings.forEach((sub, i) => {
      cases.push({
        name: `${label} body ${sub.join('.')}`,
        method: op.method,
        url,
        payload: valueWith(sub, i % 2 ? `a${LONE_LOW}` : `${LONE_HIGH}b`) as object,
        field: sub.join('.'),
      });
    });
    const numbers = leafPaths(op.jsonBody, refs, ['number', 'integer']);
    cases.push(
      { name: `${label} every string with control characters`, method: op.method, url, payload: valueWithAll(strings, 'a\u001b[31m\u0007b') ?? {} },
      {
        name: `${label} every number 1e308`,
        method: op.method,
        url,
        payload: valueWithAll([...numbers, ...strings.filter((p) => p.length === 1)], 1e308) ?? {},
      },
      { name: `${label} every number -1e308`, method: op.method, url, payload: valueWithAll(numbers, -1e308) ?? {} },
      { name: `${label} JSON cut short`, method: op.method, url, payload: '{"a": "b', contentType: 'application/json' },
      { name: `${label} JSON string with a surrogate`, method: op.method, url, payload: '"\\ud800"', contentType: 'application/json' },
      { name: `${label} JSON array`, method: op.method, url, payload: '[[[[{"a":[]}]]]]', contentType: 'application/json' },
    );
  }
  for (const type of op.textBodies) {
    cases.push({ name: `${label} ${type} with a control character`, method: op.method, url, payload: 'a,b\n\u0007,\u001b', contentType: type });
  }
  if (/multipart/.test(op.operation.summary ?? '')) {
    const boundary = '----sobre';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    cases.push(
      { name: `${label} multipart without boundary`, method: op.method, url, payload: part('message', 'hola'), contentType: 'multipart/form-data' },
      {
        name: `${label} multipart cut short`,
        method: op.method,
        url,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nho`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      {
        name: `${label} multipart file cut short`,
        method: op.method,
        url,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      {
        name: `${label} multipart field with a control character`,
        method: op.method,
        url,
        payload: `${part('message', 'a\u0000b')}--${boundary}--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
        field: 'message',
      },
      // Bytes decode to text on the server: the surrogate's CESU-8 bytes arrive as U+FFFD, never as a surrogate.
      {
        name: `${label} multipart field with a surrogate's bytes`,
        method: op.method,
        url,
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\na`),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from(`b\r\n--${boundary}--\r\n`),
        ]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      { name: `${label} multipart garbage`, method: op.method, url, payload: '\u0000\u0001garbage', contentType: `multipart/form-data; boundary=${boundary}` },
    );
  }
  return cases;
}

let t: TestApp;
let admin: SignedIn;
let seller: SignedIn;
let cases: Case[];

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  seller = await createSignedInUser(t.app, admin);
  const doc = t.app.swagger() as unknown as OpenApiDocument;
  const refs = (doc.components?.schemas ?? {}) as Record<string, never>;
  cases = apiOperations(doc).flatMap((op) => casesFor(op, refs));
});

afterAll(async () => {
  await t.close();
});

describe('no answer of 500 to any shape, on every operation of the OpenAPI document', () => {
  it('covers every operation, with surrogates in every string field and malformed multipart', () => {
    const names = cases.map((c) => c.name);
    expect(cases.length).toBeGreaterThan(400);
    expect(names).toContain('POST /api/v1/shipments body description_of_the_content');
    expect(names).toContain('GET /api/v1/shipments/{id} path id');
    expect(names).toContain('POST /api/v1/overweight/shipment/{shipmentId}/dispute multipart cut short');
  });

  it('as a seller and as an admin: 0 answers ≥ 500; a surrogate in a JSON field is a 400 naming it', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let i = 0;
    for (const c of cases) {
      for (const [role, who] of [
        ['vendedor', seller],
        ['admin', admin],
      ] as const) {
        i += 1;
        const response = await t.app.inject({
          method: c.method.toUpperCase() as 'GET',
          url: c.url,
          headers: { ...who.headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
          // Each case from its own address: the per-address limits must not hide a handler.
          remoteAddress: `10.78.${(i >> 8) & 255}.${i & 255}`,
        });
        if (response.statusCode >= 500) {
          failures.push(`${role} ${c.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          continue;
        }
        if (!c.field || c.url.includes('/webhooks/')) continue;
        const body = response.json<{ code?: string; errors?: { path: string }[] }>();
        // A guard that runs first (401/403 of the route's guard, 429) may answer before the body is read.
        if ([401, 403, 429].includes(response.statusCode)) continue;
        if (response.statusCode !== 400 || body.code !== 'request.invalid_characters' || !body.errors?.some((e) => e.path === c.field)) {
          failures.push(`${role} ${c.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The sessions lived through it all: the admin's calls really were the admin's.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: admin.headers })).statusCode).toBe(200);
  });
});
