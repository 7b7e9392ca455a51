import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardOffBoxConnections } from '../testing/no-off-box.js';
import { localOutboundPolicy, TEST_TLS } from '../testing/test-tls.js';
import { isPublicAddress } from './ip-ranges.js';
import { createOutboundHttp, OutboundError } from './outbound-http.js';

/** Listeners on loopback that count every TCP connection they receive. */
interface Listener {
  server: Server;
  port: number;
  connections: number;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}

async function listen(host: string, tls = false): Promise<Listener> {
  const box: Listener = { server: undefined as unknown as Server, port: 0, connections: 0, handle: (_req, res) => res.end('{"ok":true}') };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => box.handle(req, res);
  box.server = tls ? createHttpsServer({ key: TEST_TLS.key, cert: TEST_TLS.cert }, onRequest) : createHttpServer(onRequest);
  box.server.on('connection', () => {
    box.connections += 1;
  });
  await new Promise<void>((resolve) => box.server.listen(0, host, resolve));
  box.port = (box.server.address() as AddressInfo).port;
  return box;
}

let v4: Listener;
let v6: Listener | undefined;
let secure: Listener;

// Should the client ever regress, no test here may send a packet off this machine.
const guard = guardOffBoxConnections();

beforeAll(async () => {
  v4 = await listen('127.0.0.1');
  secure = await listen('127.0.0.1', true);
  v6 = await listen('::1').catch(() => undefined);
});
afterAll(async () => {
  guard.restore();
  expect(guard.attempts).toEqual([]);
  for (const l of [v4, secure, v6]) {
    if (!l) continue;
    l.server.closeAllConnections();
    await new Promise((resolve) => l.server.close(resolve));
  }
});
afterEach(() => {
  v4.handle = (_req, res) => res.end('{"ok":true}');
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('se conectó'),
    (e: unknown) => e,
  );

describe('the outbound client refuses every address that is not public', () => {
  // 10.x and 169.254.169.254 are refused before any packet leaves: nothing may be sent there.
  it.each([
    ['loopback', () => `http://127.0.0.1:${v4.port}/`],
    ['loopback written as a number', () => `http://2130706433:${v4.port}/`],
    ['loopback elsewhere in 127/8', () => `http://127.1.2.3:${v4.port}/`],
    ['private 10.x', () => 'http://10.0.0.1/'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${v4.port}/`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${v4.port}/`],
    ['IPv4-mapped IPv6 loopback in hex', () => `http://[::ffff:7f00:1]:${v4.port}/`],
    ['the unspecified address', () => `http://0.0.0.0:${v4.port}/`],
  ])('%s', async (_name, url) => {
    const client = createOutboundHttp(localOutboundPolicy());
    const before = v4.connections + (v6?.connections ?? 0);
    const error = await refusal(client.request(url()));
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ kind: 'blocked' });
    expect(v4.connections + (v6?.connections ?? 0)).toBe(before);
  });

  it('a host name whose DNS answer is a private address, and nothing reaches the listener there', async () => {
    const client = createOutboundHttp(localOutboundPolicy({ hosts: { 'tienda.ejemplo.mx': '127.0.0.1' } }));
    const before = v4.connections;
    const error = await refusal(client.request(`http://tienda.ejemplo.mx:${v4.port}/wp-json/wc/v3/orders`));
    expect(error).toMatchObject({ kind: 'blocked' });
    expect(v4.connections).toBe(before);
  });

  it('a host name with one public and one private address is refused whole', async () => {
    const client = createOutboundHttp({
      resolve: () =>
        Promise.resolve([
          { address: '127.0.0.1', family: 4 },
          { address: '93.184.215.14', family: 4 },
        ]),
    });
    const before = v4.connections;
    expect(await refusal(client.request(`http://mezcla.ejemplo.mx:${v4.port}/`))).toMatchObject({ kind: 'blocked' });
    expect(v4.connections).toBe(before);
  });

  it('DNS rebinding: a name public when checked and private when connecting is refused at the connect', async () => {
    let calls = 0;
    const client = createOutboundHttp({
      resolve: () => {
        calls += 1;
        return Promise.resolve([{ address: calls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }]);
      },
    });
    const url = `https://rebind.ejemplo.mx:${v4.port}/`;
    await expect(client.checkDestination(url, { httpsOnly: true })).resolves.toBeUndefined();
    const before = v4.connections;
    expect(await refusal(client.request(url))).toMatchObject({ kind: 'blocked' });
    expect(calls).toBe(2);
    expect(v4.connections).toBe(before);
  });

  it('checks a destination without connecting: scheme, then every address', async () => {
    const client = createOutboundHttp(localOutboundPolicy({ hosts: { 'interna.test': '10.0.0.7', 'publica.test': '93.184.215.14' } }));
    await expect(client.checkDestination('http://publica.test/', { httpsOnly: true })).rejects.toMatchObject({ kind: 'invalid_url' });
    await expect(client.checkDestination('https://interna.test/')).rejects.toMatchObject({ kind: 'blocked' });
    await expect(client.checkDestination('https://[::ffff:10.0.0.1]/')).rejects.toMatchObject({ kind: 'blocked' });
    await expect(client.checkDestination('https://no-existe.test/')).rejects.toMatchObject({ kind: 'network' });
    await expect(client.checkDestination('https://publica.test/')).resolves.toBeUndefined();
  });

  it('a redirect to a private address is not followed', async () => {
    const client = createOutboundHttp(localOutboundPolicy({ hosts: { 'publica.test': '127.0.0.1' }, allow: [`127.0.0.1:${v4.port}`] }));
    v4.handle = (req, res) => {
      if (req.url === '/start') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      }
      res.end('no');
    };
    expect(await refusal(client.request(`http://publica.test:${v4.port}/start`))).toMatchObject({ kind: 'blocked' });
    v4.handle = (req, res) => {
      res.writeHead(301, { location: `http://[::1]:${v4.port}/x` });
      res.end();
    };
    expect(await refusal(client.request(`http://publica.test:${v4.port}/start`))).toMatchObject({ kind: 'blocked' });
  });
});

describe('the outbound client, allowed to reach a local fake', () => {
  it('follows redirects hop by hop, drops credentials across origins, and can refuse them', async () => {
    const other = await listen('127.0.0.1');
    other.handle = (req, res) => res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization ?? null, method: req.method }));
    v4.handle = (_req, res) => {
      res.writeHead(303, { location: `http://127.0.0.1:${other.port}/final` });
      res.end();
    };
    const client = createOutboundHttp({ allow: [`127.0.0.1:${v4.port}`, `127.0.0.1:${other.port}`] });
    const answer = await client.request(`http://127.0.0.1:${v4.port}/start`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
    });
    expect(answer.json()).toEqual({ path: '/final', auth: null, method: 'GET' });
    expect(answer.url).toBe(`http://127.0.0.1:${other.port}/final`);
    expect(await refusal(client.request(`http://127.0.0.1:${v4.port}/start`, { redirect: 'error' }))).toMatchObject({ kind: 'redirect' });
    other.server.closeAllConnections();
    await new Promise((resolve) => other.server.close(resolve));
  });

  it('allows only the address (and port) it was given', async () => {
    const client = createOutboundHttp({ allow: [`127.0.0.1:${v4.port + 1}`] });
    expect(await refusal(client.request(`http://127.0.0.1:${v4.port}/`))).toMatchObject({ kind: 'blocked' });
  });

  it('sends method, headers and body, and answers status, headers and raw bytes', async () => {
    v4.handle = (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(201, { 'x-wp-total': '7', 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, got: Buffer.concat(chunks).toString(), h: req.headers['x-prueba'] }));
      });
    };
    const client = createOutboundHttp({ allow: ['127.0.0.1'] });
    const answer = await client.request(`http://127.0.0.1:${v4.port}/a?b=1`, { method: 'PUT', headers: { 'x-prueba': 'si' }, body: 'hola' });
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    expect(answer.headers.get('x-wp-total')).toBe('7');
    expect(answer.json()).toEqual({ method: 'PUT', got: 'hola', h: 'si' });
    expect(answer.body).toBeInstanceOf(Buffer);
  });

  it('cuts a response past its size limit, declared or streamed', async () => {
    const client = createOutboundHttp({ allow: ['127.0.0.1'] });
    v4.handle = (_req, res) => res.end('x'.repeat(2048));
    expect(await refusal(client.request(`http://127.0.0.1:${v4.port}/`, { maxBytes: 1024 }))).toMatchObject({ kind: 'too_large' });
    v4.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('x'.repeat(800));
      setTimeout(() => res.end('y'.repeat(800)), 10);
    };
    expect(await refusal(client.request(`http://127.0.0.1:${v4.port}/`, { maxBytes: 1024 }))).toMatchObject({ kind: 'too_large' });
  });

  it('gives up at its deadline, and on the caller’s abort', async () => {
    const client = createOutboundHttp({ allow: ['127.0.0.1'] });
    v4.handle = () => undefined;
    expect(await refusal(client.request(`http://127.0.0.1:${v4.port}/`, { timeoutMs: 100 }))).toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await refusal(client.request(`http://127.0.0.1:${v4.port}/`, { signal: controller.signal }))).toMatchObject({ kind: 'aborted' });
  });

  it('speaks https with the trusted certificate, and refuses http when told to', async () => {
    const client = createOutboundHttp(localOutboundPolicy({ hosts: { 'tienda.test': '127.0.0.1' }, allow: [`127.0.0.1:${secure.port}`] }));
    expect((await client.request(`https://tienda.test:${secure.port}/`)).json()).toEqual({ ok: true });
    expect(await refusal(client.request(`http://127.0.0.1:${v4.port}/`, { httpsOnly: true }))).toMatchObject({ kind: 'invalid_url' });
    const untrusting = createOutboundHttp({
      resolve: localOutboundPolicy({ hosts: { 'tienda.test': '127.0.0.1' } }).resolve,
      allow: [`127.0.0.1:${secure.port}`],
    });
    expect(await refusal(untrusting.request(`https://tienda.test:${secure.port}/`))).toMatchObject({ kind: 'tls' });
  });

  it('reads a refused connection and an unknown name the same way (network)', async () => {
    const client = createOutboundHttp(localOutboundPolicy({ allow: ['127.0.0.1'] }));
    expect(await refusal(client.request('http://127.0.0.1:1/'))).toMatchObject({ kind: 'network' });
    expect(await refusal(client.request('http://no-existe.test/'))).toMatchObject({ kind: 'network' });
  });
});

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.2',
    '203.0.113.9',
    '192.0.0.8',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:7f00:1',
    '::127.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'fec0::1',
    '2001:db8::1',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    '2002:7f00:1::1',
    '2002:a00:1::',
    '2001::1',
    '100::1',
    '[::1]',
    'fe80::1%eth0',
    'localhost',
    '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700::6810:84e5',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '[2606:4700::1]',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
