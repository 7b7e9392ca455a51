/**
 * `npm run bench:webhooks`: issue 17's bar. A WooCommerce store (the local fake, connected as a
 * real store would be: key handshake, webhooks set up by the server) and the real server; after
 * an unmeasured warm-up, for 10 and then 50 connections (BENCH_CONNECTIONS=10,50): 1,000 signed
 * `order.created` deliveries of 1,000 different orders in one burst (autocannon, each request a
 * different order), the same 1,000 again (a store retrying everything), and a bare Fastify
 * handler answering the same burst in the same run. Counts that every order is stored once and
 * writes the figures to bench/results/STORE-WEBHOOKS.md (STORE-WEBHOOKS.postgres.md with
 * TEST_DB=postgres or TEST_DATABASE_URL). Bar: p99 of the webhook answer ≤ 50 ms, all stored
 * once, nothing lost. Not a test: it reports, it asserts nothing.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startThrowawayCluster } from '../apps/api/src/testing/pg-cluster.js';
import { ensureWebBuild, root } from '../scripts/lib/build-web.mjs';
import { mexicanAddress, startWooFake } from '../apps/api/src/modules/integrations/platforms/woocommerce/fakes/woocommerce.fake.js';
import { signWebhookBody, wpJsonEncode } from '../apps/api/src/modules/integrations/platforms/woocommerce/woocommerce-wire.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.env.BENCH_ORDERS ?? 1000);
/** Stores delivering at once: 10 (each store sends one delivery at a time, as its Action Scheduler does), then 50. */
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const PUBLIC_URL = 'https://envios.bench';
const ADMIN = { email: 'bench-admin@envios.test', password: 'BenchAdmin1' };

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} no respondió en ${timeoutMs} ms`);
}

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

async function burst(url: string, deliveries: Delivery[], connections: number) {
  let next = 0;
  const started = performance.now();
  let lastAnswer = started;
  // autocannon ends on its one-second ticker: the burst's own length is until the last answer.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount: deliveries.length,
        method: 'POST',
        requests: [
          {
            method: 'POST',
            setupRequest: (request: object) => {
              const d = deliveries[next++ % deliveries.length]!;
              return { ...request, body: d.body, headers: d.headers };
            },
          },
        ],
      },
      (error, res) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res)),
    );
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
  });
  const ms = lastAnswer - started;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: (1000 * deliveries.length) / ms,
    ok: result['2xx'],
    other: result.non2xx + result.errors + result.timeouts,
    ms,
  };
}

async function main(): Promise<void> {
  ensureWebBuild({ quiet: true });
  const postgres = process.env.TEST_DATABASE_URL
    ? { url: process.env.TEST_DATABASE_URL, stop: () => undefined }
    : process.env.TEST_DB === 'postgres'
      ? await startThrowawayCluster()
      : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-bench-webhooks-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The store reaches our public https address; here that is the local server.
  const fake = await startWooFake({
    send: async (request) => {
      const res = await fetch(request.url.replace(PUBLIC_URL, base), { method: 'POST', headers: request.headers, body: request.body });
      return { status: res.status };
    },
  });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: PUBLIC_URL,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  // `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server under load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/start.mjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const bare = fork(path.join(here, 'bare-server.ts'), ['0'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const barePort = await new Promise<number>((resolve) => bare.once('message', (m: { port: number }) => resolve(m.port)));
  try {
    await waitFor(`${base}/api/health`, 120_000);
    const call = async <T>(method: string, url: string, token: string | null, body?: object): Promise<T> => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const adminToken = (await call<{ token: string }>('POST', '/api/v1/login', null, ADMIN)).token;
    const seller = { firstName: 'Tienda', lastName: 'Banco', email: 'tienda@bench.test', phone: '3312345678', password: 'clave123' };
    await call('POST', '/api/v1/users/createFromDashboard', adminToken, seller);
    const { id: userId, token } = await call<{ id: string; token: string }>('POST', '/api/v1/login', null, { email: seller.email, password: seller.password });

    // Connected as a seller would: consent in the store, keys to our callback, webhooks set up.
    const { url_auth } = await call<{ url_auth: string }>('POST', '/api/v1/woocommerce/oauth', token, {
      store_url: fake.homeUrl,
      app_name: 'Tienda de banco',
      user_id: userId,
    });
    const approved = await fake.approve(url_auth);
    if (approved.status !== 302) throw new Error(`la tienda no entregó las llaves: ${approved.status} ${approved.body}`);
    let connectionId = '';
    for (let i = 0; i < 100 && !connectionId; i++) {
      const stores = await call<{ data: { _id: string; webhooks_ready: boolean }[] }>('GET', `/api/v1/woocommerce/stores/${userId}`, token);
      if (stores.data[0]?.webhooks_ready) connectionId = stores.data[0]._id;
      else await new Promise((r) => setTimeout(r, 200));
    }
    if (!connectionId) throw new Error('los webhooks no quedaron listos');
    const webhook = fake.state.webhooks.find((w) => w.topic === 'order.created')!;

    // Different orders, as the store signs their deliveries (WordPress's JSON bytes).
    const cities = ['44100', '06700', '64000', '97000', '72000', '58000'];
    const signed = (n: number, name: string): Delivery[] => {
      const deliveries: Delivery[] = [];
      for (let i = 0; i < n; i++) {
        const order = fake.placeOrderSilently({
          billing: { ...mexicanAddress({ postcode: cities[i % cities.length]! }), email: `cliente${i}@correo.mx` },
          shipping: mexicanAddress({ first_name: `${name} ${i}`, postcode: cities[i % cities.length]! }),
          items: [{ product_id: 11 + (i % 3), quantity: 1 + (i % 2) }],
        });
        const body = wpJsonEncode(order);
        deliveries.push({
          body,
          headers: {
            'content-type': 'application/json',
            'x-wc-webhook-topic': 'order.created',
            'x-wc-webhook-resource': 'order',
            'x-wc-webhook-event': 'created',
            'x-wc-webhook-id': String(webhook.id),
            'x-wc-webhook-delivery-id': `${name}-${i}`,
            'x-wc-webhook-source': `${fake.homeUrl}/`,
            'x-wc-webhook-signature': signWebhookBody(webhook.secret, body),
          },
        });
      }
      return deliveries;
    };
    const warmup = signed(COUNT, 'Calentamiento');
    const url = `${base}/api/v1/webhooks/woocommerce/${connectionId}`;
    const bareUrl = `http://127.0.0.1:${barePort}/bare-webhook`;
    // Unmeasured warm-up with other orders, as the other suites warm up before each figure.
    await burst(bareUrl, warmup, 10);
    await burst(url, warmup, 10);
    // The warm-up's orders get their product weights in the background; let that finish first.
    await new Promise((r) => setTimeout(r, 5_000));
    const runs: {
      connections: number;
      bare: Awaited<ReturnType<typeof burst>>;
      first: Awaited<ReturnType<typeof burst>>;
      again: Awaited<ReturnType<typeof burst>>;
      stored: number;
    }[] = [];
    for (const connections of LEVELS) {
      const name = `Cliente${connections}x`;
      const deliveries = signed(COUNT, name);
      await new Promise((r) => setTimeout(r, 5_000));
      const bare = await burst(bareUrl, deliveries, connections);
      const first = await burst(url, deliveries, connections);
      const again = await burst(url, deliveries, connections);
      const stored = (await call<{ count: number }>('GET', `/api/v1/marketplace/shipments/${userId}?limit=1&filter=${name.toLowerCase()}`, token)).count;
      runs.push({ connections, bare, first, again, stored });
    }

    const line = (connections: number, name: string, r: Awaited<ReturnType<typeof burst>>) =>
      `| ${connections} | ${name} | ${r.ok} | ${r.other} | ${Math.round(r.ms)} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.max} |`;
    const when = new Date().toISOString();
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    const machine = `${os.cpus().length} núcleos (carga media 1/5/15 min al terminar: ${load}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const db = postgres ? 'PostgreSQL (clúster local en la misma máquina)' : 'base de datos embebida (PGlite)';
    const pass = (r: (typeof runs)[number]) => r.first.p99 <= 50 && r.first.other === 0 && r.again.other === 0 && r.stored === COUNT;
    const md = [
      '# Avisos de pedidos de WooCommerce en ráfaga',
      '',
      `Medido el ${when} en ${machine}, ${db}. Comando: \`${postgres ? 'TEST_DB=postgres ' : ''}npm run bench:webhooks\`.`,
      '',
      `La tienda (el doble local de WooCommerce) se conecta como lo haría un vendedor y el servidor crea sus webhooks. Tras una ráfaga de calentamiento sin medir (otros ${COUNT} pedidos) y 5 s de reposo (el peso de sus productos se lee en segundo plano), para cada número de conexiones salen ${COUNT} entregas firmadas de \`order.created\`, una por pedido distinto, en una sola ráfaga con autocannon (cada petición un pedido distinto), y después las mismas ${COUNT} otra vez (una tienda que reintenta todo). El handler Fastify desnudo recibe la misma ráfaga en la misma corrida. Diez conexiones son diez tiendas entregando a la vez (cada tienda WooCommerce entrega de una en una desde su Action Scheduler); cincuenta, una prueba de esfuerzo. La duración va de la primera petición a la última respuesta.`,
      '',
      '| conexiones | ráfaga | 2xx | otras | duración ms | req/s | p50 ms | p99 ms | máx ms |',
      '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
      ...runs.flatMap((r) => [
        line(r.connections, 'handler desnudo (base)', r.bare),
        line(r.connections, `${COUNT} pedidos nuevos`, r.first),
        line(r.connections, `los mismos ${COUNT} otra vez`, r.again),
      ]),
      '',
      ...runs.map(
        (r) =>
          `- ${r.connections} conexiones: pedidos guardados **${r.stored}** de ${COUNT} (cada uno una vez); meta (p99 ≤ 50 ms, todos guardados una vez, nada perdido) → **${pass(r) ? 'cumple' : 'NO cumple'}**.`,
      ),
      '',
    ].join('\n');
    writeFileSync(path.join(here, `results/STORE-WEBHOOKS${postgres ? '.postgres' : ''}.md`), md);
    console.log(md);
  } finally {
    server.kill('SIGTERM');
    bare.kill('SIGTERM');
    await fake.close();
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
    postgres?.stop();
  }
}

await main();
process.exit(0);
