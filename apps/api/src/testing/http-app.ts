import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app.js';
import type { DatabaseHandle } from '../db/client.js';
import type { Config } from '../config/env.js';

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

export interface HttpAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  json<T = unknown>(): T;
}

/**
 * A running server (another process) seen through the `inject` shape the route-test helpers use
 * (sign in, create shipments, quote), so the same helpers drive real processes over HTTP.
 */
export function httpApp(baseUrl: string, database: DatabaseHandle, config: Config): TestApp {
  const inject = async (opts: InjectOptions): Promise<HttpAnswer> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookies)
      headers.cookie = Object.entries(opts.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
    let body: string | undefined;
    if (opts.payload !== undefined) {
      body = typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}${opts.url}`, { method: opts.method ?? 'GET', headers, body, redirect: 'manual' });
    const buffer = Buffer.from(await res.arrayBuffer());
    const text = buffer.toString('utf8');
    return {
      statusCode: res.status,
      body: text,
      headers: Object.fromEntries(res.headers.entries()),
      json: <T>() => JSON.parse(text) as T,
    };
  };
  const app = { inject } as unknown as FastifyInstance;
  return { app, database, config, close: async () => undefined };
}
