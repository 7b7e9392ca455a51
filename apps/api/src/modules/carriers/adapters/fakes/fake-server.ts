import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** How a fake carrier behaves for the next requests (tests switch it at will). */
export type FakeMode =
  | { kind: 'ok' }
  /** Answers the carrier's documented error body with this HTTP status. */
  | { kind: 'error'; status: number }
  /** Never answers (until the server closes). */
  | { kind: 'hang' }
  /** Answers correctly after a delay. */
  | { kind: 'slow'; delayMs: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  res.statusCode = status;
  res.setHeader('content-type', contentType);
  res.end(JSON.stringify(body));
}

/**
 * A local HTTP server on 127.0.0.1 and a free port; every request is recorded before `handle`.
 * With `tls` (testing/test-tls.ts) it speaks https, as the third party it plays.
 */
export async function startFakeServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>,
  opts: { tls?: { key: string; cert: string } } = {},
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    void readBody(req).then(async (body) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      try {
        await handle(req, res, body);
      } catch (error) {
        if (!res.headersSent) sendJson(res, 500, { message: String(error) });
      }
    });
  };
  const server = opts.tls ? createTlsServer({ key: opts.tls.key, cert: opts.tls.cert }, onRequest) : createServer(onRequest);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
