import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('answers written before any route runs', () => {
  it('headers too large: 431 in Spanish with our code, not Node English', async () => {
    const answer = await get('/api/health', { cookie: `x=${'a'.repeat(20_000)}` });
    expect(answer.status).toBe(431);
    const body = JSON.parse(answer.body) as { message: string; code: string; statusCode?: number };
    expect(body.code).toBe('request.headers_too_large');
    expect(body.message).toMatch(/encabezados/);
    expect(body.statusCode).toBeUndefined();
  });

  it('a URL that cannot be decoded: 400 in Spanish', async () => {
    const answer = await get('/api/v1/tracking/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/URL/) as string, code: 'request.invalid' });
  });
});
