import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { isPublicAddress } from './ip-ranges.js';

/**
 * The one HTTP client for every call we make on a user's behalf (online stores today; carriers,
 * invoicing and user webhooks next). It only reaches the public internet:
 *
 * - the host is resolved by us and the connection is made to the addresses we checked (a custom
 *   `lookup` on the socket), so a DNS answer that changes between the check and the connect
 *   (rebinding) cannot slip through; an IP literal is checked before anything is sent, and the
 *   socket's remote address is checked again once connected;
 * - a host with ANY non-public address (loopback, private, link-local, CGNAT, multicast,
 *   reserved; IPv4 and IPv6, IPv4-mapped too: `ip-ranges.ts`) is refused whole;
 * - redirects are followed hop by hop with the same checks (or refused: `redirect: 'error'`);
 * - one deadline covers the whole call, redirects included, and the body is cut at `maxBytes`.
 *
 * Tests reach a local fake server by passing a policy that names its address (`allow`) and, for
 * TLS, its certificate (`ca`); production builds the client with no policy at all. Nothing here
 * reads the environment, so no switch can be left on by accident.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundPolicy {
  /**
   * Non-public addresses this client may still reach, each `ip` or `ip:port` (`[::1]:8080` for
   * IPv6). Only tests pass it, for their local fake servers.
   */
  allow?: readonly string[];
  /** How host names are resolved (default: the system resolver, every address). Tests answer from a table. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Certificates trusted instead of the system's (tests: a local fake's self-signed certificate). */
  ca?: string | Buffer;
  /**
   * Keep-alive connections per origin (default 16). The webhooks' client takes more: many
   * endpoints of one account often share a host, and each delivery holds a connection until its answer.
   */
  maxSocketsPerOrigin?: number;
}

export interface OutboundRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole call, redirects included (default 15 s). */
  timeoutMs?: number;
  /** The response body is cut (and the call fails) past this many bytes (default 5 MiB). */
  maxBytes?: number;
  /** `follow` (default) re-checks every hop; `error` refuses any redirect; `manual` answers the 3xx as is. */
  redirect?: 'follow' | 'error' | 'manual';
  /** At most this many hops when following (default 5). */
  maxRedirects?: number;
  /** Only `https:` URLs, on every hop (default false). */
  httpsOnly?: boolean;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  /** The URL that answered (after any redirect). */
  url: string;
  headers: Headers;
  body: Buffer;
  text(): string;
  /** The body parsed as JSON (throws a SyntaxError if it is not). */
  json<T = unknown>(): T;
}

/** What sends a request: the real client, or an in-process transport with the same shape (the demo store). */
export interface HttpTransport {
  request(url: string | URL, init?: OutboundRequestInit): Promise<OutboundResponse>;
}

export interface OutboundHttp extends HttpTransport {
  /**
   * Resolves the URL's host now and throws the OutboundError a request would (`invalid_url`,
   * `blocked`, `network`), without connecting: for refusing a user's address when it is given.
   * A later request checks again on its own connect.
   */
  checkDestination(url: string | URL, opts?: { httpsOnly?: boolean }): Promise<void>;
}

export type OutboundErrorKind =
  /** The URL is not http(s), or https was required. */
  | 'invalid_url'
  /** The host is (or resolves to) an address that is not public. */
  | 'blocked'
  /** DNS failed, the connection was refused or reset. */
  | 'network'
  | 'tls'
  | 'timeout'
  | 'aborted'
  | 'too_large'
  /** A redirect was refused, or there were too many. */
  | 'redirect';

export class OutboundError extends Error {
  constructor(
    message: string,
    readonly kind: OutboundErrorKind,
    /** The system's code (ECONNREFUSED, CERT_HAS_EXPIRED…), for logs only: never shown to a user. */
    readonly code = '',
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function blocked(): OutboundError {
  return new OutboundError('La dirección no es pública.', 'blocked');
}

export function createOutboundHttp(policy: OutboundPolicy = {}): OutboundHttp {
  const resolve = policy.resolve ?? systemResolve;
  const allowed = new Set((policy.allow ?? []).map((entry) => entry.toLowerCase()));

  function permitted(address: string, port: number): boolean {
    if (isPublicAddress(address)) return true;
    const bare = stripBrackets(address).toLowerCase();
    const withPort = isIP(bare) === 6 ? `[${bare}]:${port}` : `${bare}:${port}`;
    return allowed.has(bare) || allowed.has(withPort);
  }

  /** The socket's resolver: only addresses that passed the check are ever handed to connect. */
  function checkedLookup(port: number): LookupFunction {
    return (hostname, options, callback) => {
      resolve(hostname).then(
        (answers) => {
          const family = typeof options === 'object' ? options.family : options;
          const usable = answers.filter((a) => !family || family === 0 || a.family === family);
          if (usable.length === 0) {
            const error = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
            callback(error, '', 4);
            return;
          }
          if (usable.some((a) => !permitted(a.address, port))) {
            callback(blocked(), '', 4);
            return;
          }
          if (typeof options === 'object' && options.all) (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, usable);
          else callback(null, usable[0]!.address, usable[0]!.family);
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
      );
    };
  }

  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: policy.maxSocketsPerOrigin ?? 16 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: policy.maxSocketsPerOrigin ?? 16, ...(policy.ca ? { ca: policy.ca } : {}) }),
  };

  function once(url: URL, init: OutboundRequestInit, signal: AbortSignal, maxBytes: number): Promise<{ res: IncomingMessage; body: Buffer }> {
    return new Promise((resolvePromise, reject) => {
      const protocol = url.protocol as 'http:' | 'https:';
      const port = Number(url.port || (protocol === 'https:' ? 443 : 80));
      const host = stripBrackets(url.hostname);
      if (isIP(host) && !permitted(host, port)) {
        reject(blocked());
        return;
      }
      const body = init.body === undefined ? undefined : typeof init.body === 'string' ? Buffer.from(init.body) : Buffer.from(init.body);
      const headers: Record<string, string> = { 'accept-encoding': 'identity', ...init.headers };
      if (body) headers['content-length'] = String(body.length);
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      const req = (protocol === 'https:' ? https : http).request({
        protocol,
        host,
        port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers,
        agent: agents[protocol],
        lookup: checkedLookup(port),
        signal,
        ...(protocol === 'https:' ? { servername: isIP(host) ? undefined : host, ...(policy.ca ? { ca: policy.ca } : {}) } : {}),
      });
      // Whatever resolved the name, the peer we are connected to must be a permitted address.
      req.on('socket', (socket: Socket) => {
        const verify = () => {
          const remote = socket.remoteAddress;
          if (!remote || !permitted(remote, port)) {
            req.destroy(blocked());
          }
        };
        if (socket.connecting) socket.once('connect', verify);
        else verify();
      });
      req.on('error', fail);
      req.on('response', (res) => {
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          fail(new OutboundError('La respuesta es demasiado grande.', 'too_large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            fail(new OutboundError('La respuesta es demasiado grande.', 'too_large'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          settled = true;
          resolvePromise({ res, body: Buffer.concat(chunks) });
        });
      });
      req.end(body);
    });
  }

  function describe(error: unknown, signal: AbortSignal, deadline: AbortSignal): OutboundError {
    if (error instanceof OutboundError) return error;
    if (deadline.aborted) return new OutboundError('El servidor tardó demasiado en responder.', 'timeout');
    if (signal.aborted) return new OutboundError('La solicitud se canceló.', 'aborted');
    const code = (error as { code?: unknown }).code;
    const text = typeof code === 'string' ? code : '';
    if (
      text.startsWith('CERT_') ||
      text.includes('SELF_SIGNED') ||
      text.includes('SSL') ||
      text.includes('TLS') ||
      text.startsWith('ERR_TLS') ||
      text === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
      text === 'ERR_SSL_WRONG_VERSION_NUMBER'
    ) {
      return new OutboundError('El certificado https del servidor no es válido.', 'tls', text);
    }
    return new OutboundError('No pudimos comunicarnos con el servidor.', 'network', text);
  }

  function parse(input: string | URL): URL {
    try {
      return new URL(input);
    } catch {
      throw new OutboundError('La dirección no es válida.', 'invalid_url');
    }
  }

  function checkUrl(url: URL, httpsOnly: boolean | undefined): void {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('La dirección debe usar https.', 'invalid_url');
    if (httpsOnly && url.protocol !== 'https:') throw new OutboundError('La dirección debe usar https.', 'invalid_url');
    if (url.username || url.password) throw new OutboundError('La dirección no puede llevar usuario ni contraseña.', 'invalid_url');
  }

  return {
    async checkDestination(input, opts = {}) {
      const url = parse(input);
      checkUrl(url, opts.httpsOnly);
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      const host = stripBrackets(url.hostname);
      if (isIP(host)) {
        if (!permitted(host, port)) throw blocked();
        return;
      }
      let answers: ResolvedAddress[];
      try {
        answers = await resolve(host);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new OutboundError('No pudimos comunicarnos con el servidor.', 'network', typeof code === 'string' ? code : '');
      }
      if (answers.length === 0) throw new OutboundError('No pudimos comunicarnos con el servidor.', 'network', 'ENOTFOUND');
      if (answers.some((a) => !permitted(a.address, port))) throw blocked();
    },

    async request(input, init = {}) {
      let url = parse(input);
      const deadline = AbortSignal.timeout(init.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
      const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
      const maxRedirects = init.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
      let current = { ...init };
      for (let hop = 0; ; hop += 1) {
        checkUrl(url, init.httpsOnly);
        let answer: { res: IncomingMessage; body: Buffer };
        try {
          answer = await once(url, current, signal, maxBytes);
        } catch (error) {
          throw describe(error, init.signal ?? new AbortController().signal, deadline);
        }
        const { res, body } = answer;
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location && (init.redirect ?? 'follow') !== 'manual') {
          if (init.redirect === 'error') throw new OutboundError('El servidor respondió con una redirección.', 'redirect');
          if (hop >= maxRedirects) throw new OutboundError('Demasiadas redirecciones.', 'redirect');
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new OutboundError('La redirección no es una dirección válida.', 'redirect');
          }
          const headers = { ...current.headers };
          if (next.origin !== url.origin) {
            // Credentials go to the origin they were meant for, never to where a redirect points.
            for (const name of Object.keys(headers)) if (['authorization', 'cookie', 'proxy-authorization'].includes(name.toLowerCase())) delete headers[name];
          }
          const keepsBody = status === 307 || status === 308;
          if (!keepsBody) for (const name of Object.keys(headers)) if (['content-type', 'content-length'].includes(name.toLowerCase())) delete headers[name];
          current = { ...current, headers, ...(keepsBody ? {} : { method: current.method === 'HEAD' ? 'HEAD' : 'GET', body: undefined }) };
          url = next;
          continue;
        }
        return toResponse(url, status, res, body);
      }
    },
  };
}

function toResponse(url: URL, status: number, res: IncomingMessage, body: Buffer): OutboundResponse {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return {
    status,
    ok: status >= 200 && status < 300,
    url: url.toString(),
    headers,
    body,
    text: () => body.toString('utf8'),
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}

/** A ready answer with the same shape (in-process transports and tests). */
export function outboundResponse(url: string, status: number, headers: Record<string, string>, body: string | Buffer): OutboundResponse {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const h = new Headers(headers);
  return {
    status,
    ok: status >= 200 && status < 300,
    url,
    headers: h,
    body: bytes,
    text: () => bytes.toString('utf8'),
    json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
  };
}
