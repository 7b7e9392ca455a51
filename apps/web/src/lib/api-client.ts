import type { ApiError } from '@envios/contracts/errors';

/** A failed API call, carrying the server's Spanish message and stable code. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiError,
  ) {
    super(body.message);
    this.name = 'ApiRequestError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** A body sent as is (a CSV file's text, for instance) instead of JSON. */
  text?: { contentType: string; content: string };
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** JSON over fetch with the session cookie; non-2xx answers throw ApiRequestError. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method: opts.method ?? 'GET', credentials: 'same-origin', headers: { ...opts.headers, accept: 'application/json' } };
  if (opts.signal) init.signal = opts.signal;
  if (opts.body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(opts.body);
  } else if (opts.text) {
    init.headers = { ...init.headers, 'content-type': opts.text.contentType };
    init.body = opts.text.content;
  }
  const response = await fetch(buildUrl(path, opts.query), init);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const body = (
      data && typeof data === 'object' && 'message' in data ? data : { message: 'No pudimos completar la solicitud. Intenta de nuevo.', code: 'client.unknown' }
    ) as ApiError;
    throw new ApiRequestError(response.status, body);
  }
  return data as T;
}
