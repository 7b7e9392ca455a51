/**
 * `npm run bench:webhooks`: issue 29's bar. The real server with three stores of one seller,
 * WooCommerce, Shopify and Tiendanube, written straight into the bench's database (as the
 * installs leave them: sealed keys and webhook secrets; the Tiendanube one is the labelled demo
 * store, whose API is inside the server, so the orders its notices name can be read). After an
 * unmeasured warm-up, for 10 and then 50 connections (BENCH_CONNECTIONS=10,50): 1,000 signed
 * order notices of 1,000 different orders spread over the three platforms in one burst
 * (autocannon, each request a different order to its store's webhook route), the same 1,000
 * again (stores retrying everything), and a bare Fastify handler answering the same burst in the
 * same run. Signatures as each platform signs: WooCommerce and Shopify base64 HMAC-SHA256 of the
 * body (X-WC-Webhook-Signature; X-Shopify-Hmac-Sha256 with X-Shopify-Webhook-Id), Tiendanube hex
 * (x-linkedstore-hmac-sha256, a notice naming the order, read later with GET /orders/{id} within
 * its 2-a-second bucket). Counts that every order is stored once and writes the figures to
 * bench/results/STORE-WEBHOOKS.md (STORE-WEBHOOKS.postgres.md with TEST_DB=postgres or
 * TEST_DATABASE_URL). Bar: p99 of the webhook answer ≤ 50 ms, all stored once, nothing lost. Not
 * a test: it reports, it asserts nothing.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDatabase } from '../apps/api/src/db/client.js';
import { createSecretBox } from '../apps/api/src/shared/secret-box.js';
import { freePort, startThrowawayCluster } from '../apps/api/src/testing/pg-cluster.js';
import { ensureWebBuild, root } from '../scripts/lib/build-web.mjs';
import { demoStores, storeConnections } from '../apps/api/src/modules/integrations/integrations.table.js';
import { mexicanAddress, startWooFake } from '../apps/api/src/modules/integrations/platforms/woocommerce/fakes/woocommerce.fake.js';
import { signWebhookBody, wpJsonEncode } from '../apps/api/src/modules/integrations/platforms/woocommerce/woocommerce-wire.js';
import { shopifyAddress } from '../apps/api/src/modules/integrations/platforms/shopify/fakes/shopify.fake.js';
import { emptyShopState, placeOrder as placeShopifyOrder, restOrder } from '../apps/api/src/modules/integrations/platforms/shopify/shopify-simulator.js';
import { signShopifyBody } from '../apps/api/src/modules/integrations/platforms/shopify/shopify-wire.js';
import { DEMO_TIENDANUBE_STORE } from '../apps/api/src/modules/integrations/platforms/tiendanube/tiendanube-demo.js';
import { emptyTiendanubeState, placeOrder as placeTiendanubeOrder } from '../apps/api/src/modules/integrations/platforms/tiendanube/tiendanube-simulator.js';
import { signTiendanubeBody, TIENDANUBE_API } from '../apps/api/src/modules/integrations/platforms/tiendanube/tiendanube-wire.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.env.BENCH_ORDERS ?? 1000);
/** Stores delivering at once: 10 (each store sends one delivery at a time), then 50 (a stress test). */
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const PUBLIC_URL = 'https://envios.bench';
const ADMIN = { email: 'bench-admin@envios.test', password: 'BenchAdmin1' };
const SECRET_KEY = randomBytes(32).toString('base64url');
const PLATFORMS = ['woocommerce', 'shopify', 'tiendanube'] as const;
type Platform = (typeof PLATFORMS)[number];
/** How long the stored orders may take to appear (Tiendanube's are read at 2 a second). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 15 * 60_000);

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
  platform: Platform;
  path: string;
  body: string;
  headers: Record<string, string>;
}

async function burst(url: string, deliveries: Delivery[], connections: number, ownPaths: boolean) {
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
              return { ...request, ...(ownPaths ? { path: d.path } : {}), body: d.body, headers: d.headers };
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
  // Only an order generator: nothing reaches it, and the server never calls it.
  const woo = await startWooFake({ send: async () => ({ status: 0 }) });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: PUBLIC_URL,
    SECRET_KEY,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  // `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server under load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  let server: ChildProcess | undefined;
  const startServer = async () => {
    server = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/start.mjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`${base}/api/health`, 120_000);
  };
  const stopServer = async () => {
    const s = server;
    if (!s || s.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      s.once('exit', () => resolve());
      s.kill('SIGTERM');
    });
  };
  const bare = fork(path.join(here, 'bare-server.ts'), ['0'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const barePort = await new Promise<number>((resolve) => bare.once('message', (m: { port: number }) => resolve(m.port)));
  try {
    await startServer();
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
    const { id: userId } = await call<{ id: string }>('POST', '/api/v1/login', null, { email: seller.email, password: seller.password });

    // The orders the bench will notify: built now (the Tiendanube ones must be in its store before its notices are read).
    const levels = LEVELS.map((connections) => ({ connections, name: `Cliente${connections}x` }));
    const shop = emptyShopState('banco.myshopify.com', { clientId: 'bench', clientSecret: 'bench' });
    const demoApp = { clientId: 'envios-demo-tiendanube', clientSecret: createHmac('sha256', SECRET_KEY).update('demo-app:tiendanube').digest('base64url') };
    const nube = { ...emptyTiendanubeState(DEMO_TIENDANUBE_STORE, demoApp), localHooks: true };
    const nubeToken = randomBytes(24).toString('hex');
    nube.tokens.push(nubeToken);
    const secrets = { woocommerce: randomBytes(32).toString('base64'), shopify: randomBytes(32).toString('hex'), tiendanube: demoApp.clientSecret };
    const cities = ['44100', '06700', '64000', '97000', '72000', '58000'];
    type Built = { platform: Platform; body: string; id: number };
    const build = (n: number, name: string): Built[] => {
      const out: Built[] = [];
      const now = new Date(Date.now() - 60 * 60_000);
      for (let i = 0; i < n; i++) {
        const platform = PLATFORMS[i % 3]!;
        const zip = cities[i % cities.length]!;
        const who = `${name} ${platform.slice(0, 4)} ${i}`;
        if (platform === 'woocommerce') {
          const order = woo.placeOrderSilently({
            billing: { ...mexicanAddress({ postcode: zip }), email: `cliente${i}@correo.mx` },
            shipping: mexicanAddress({ first_name: who, postcode: zip }),
            items: [{ product_id: 11 + (i % 3), quantity: 1 + (i % 2) }],
          });
          out.push({ platform, id: order.id, body: wpJsonEncode(order) });
        } else if (platform === 'shopify') {
          const { order } = placeShopifyOrder(
            shop,
            {
              shipping: shopifyAddress({ first_name: who, last_name: '', zip }),
              email: `cliente${i}@correo.mx`,
              lines: [{ name: 'Rebozo de algodón', quantity: 1 + (i % 2), sku: 'REB-104', grams: 350 }],
              total_price: '349.00',
            },
            now,
          );
          out.push({ platform, id: order.id, body: JSON.stringify(restOrder(shop, order)) });
        } else {
          const { order } = placeTiendanubeOrder(
            nube,
            {
              shipping_address: {
                name: who,
                address: 'Av. Juárez',
                number: '123',
                floor: '',
                locality: 'Centro',
                city: 'Guadalajara',
                province: 'Jalisco',
                zipcode: zip,
                country: 'MX',
                phone: '3312345678',
              },
              email: `cliente${i}@correo.mx`,
              products: [{ name: 'Rebozo de algodón', quantity: 1, sku: 'REB-104', weight: '0.35' }],
              total: '349.00',
            },
            now,
          );
          out.push({ platform, id: order.id, body: JSON.stringify({ store_id: nube.storeId, event: 'order/paid', id: order.id }) });
        }
      }
      return out;
    };
    const warmupOrders = build(COUNT, 'Calentamiento');
    const levelOrders = levels.map((l) => build(COUNT, l.name));

    // The three stores, written into the bench's database as their installs leave them (the server stopped: PGlite has one owner).
    await stopServer();
    const database = await createDatabase({ url: postgres?.url, dataDir });
    const keys = createSecretBox(SECRET_KEY, 'store-keys');
    const hooks = createSecretBox(SECRET_KEY, 'store-webhook-secret');
    const now = new Date();
    const connectionIds = { woocommerce: randomUUID(), shopify: randomUUID(), tiendanube: randomUUID() };
    const common = { userId, state: 'connected' as const, keyId: 1, connectedAt: now, lastSyncAt: now, syncCursor: now, createdAt: now, updatedAt: now };
    await database.db.insert(storeConnections).values([
      {
        ...common,
        id: connectionIds.woocommerce,
        platform: 'woocommerce',
        storeUrl: 'https://woo.bench.invalid',
        appName: 'Tienda de banco Woo',
        consumerKeySealed: keys.seal(`ck_${randomBytes(20).toString('hex')}`),
        consumerSecretSealed: keys.seal(`cs_${randomBytes(20).toString('hex')}`),
        keyHint: '…banc',
        webhookSecretSealed: hooks.seal(secrets.woocommerce),
        webhookIds: { created: 1, updated: 2 },
      },
      {
        ...common,
        id: connectionIds.shopify,
        platform: 'shopify',
        storeUrl: `https://${shop.shop}`,
        appName: 'banco',
        consumerKeySealed: keys.seal(`shpat_${randomBytes(16).toString('hex')}`),
        keyHint: '…banc',
        webhookSecretSealed: hooks.seal(secrets.shopify),
        webhookIds: {},
      },
      {
        ...common,
        id: connectionIds.tiendanube,
        platform: 'tiendanube',
        storeUrl: `${TIENDANUBE_API}/${DEMO_TIENDANUBE_STORE}`,
        appName: 'Tienda demo de Tiendanube',
        sandbox: true,
        consumerKeySealed: keys.seal(nubeToken),
        keyHint: `…${nubeToken.slice(-4)}`,
        webhookSecretSealed: hooks.seal(secrets.tiendanube),
        webhookIds: {},
        externalStoreId: String(DEMO_TIENDANUBE_STORE),
      },
    ]);
    await database.db.insert(demoStores).values({ userId, platform: 'tiendanube', state: nube, updatedAt: now });
    await database.close();
    await startServer();

    const signed = (orders: Built[], name: string): Delivery[] =>
      orders.map((o, i) => {
        const at = `/api/v1/webhooks/${o.platform}/${connectionIds[o.platform]}`;
        const headers: Record<string, string> =
          o.platform === 'woocommerce'
            ? {
                'x-wc-webhook-topic': 'order.created',
                'x-wc-webhook-resource': 'order',
                'x-wc-webhook-event': 'created',
                'x-wc-webhook-id': '1',
                'x-wc-webhook-delivery-id': `${name}-${i}`,
                'x-wc-webhook-source': 'https://woo.bench.invalid/',
                'x-wc-webhook-signature': signWebhookBody(secrets.woocommerce, o.body),
              }
            : o.platform === 'shopify'
              ? {
                  'x-shopify-topic': 'orders/paid',
                  'x-shopify-hmac-sha256': signShopifyBody(secrets.shopify, o.body),
                  'x-shopify-shop-domain': shop.shop,
                  'x-shopify-webhook-id': `${name}-${i}-${randomBytes(4).toString('hex')}`,
                }
              : { 'x-linkedstore-hmac-sha256': signTiendanubeBody(secrets.tiendanube, o.body) };
        return { platform: o.platform, path: at, body: o.body, headers: { 'content-type': 'application/json', ...headers } };
      });

    const { token } = await call<{ token: string }>('POST', '/api/v1/login', null, { email: seller.email, password: seller.password });
    const storedOf = async (name: string) => {
      const counts = {} as Record<Platform, number>;
      for (const p of PLATFORMS)
        counts[p] = (
          await call<{ count: number }>(
            'GET',
            `/api/v1/marketplace/shipments/${userId}?limit=1&filter=${encodeURIComponent(`${name} ${p.slice(0, 4)}`.toLowerCase())}`,
            token,
          )
        ).count;
      return counts;
    };
    const expected = (p: Platform) => Array.from({ length: COUNT }, (_, i) => i).filter((i) => PLATFORMS[i % 3] === p).length;
    /** Until every order is there (or nothing moved for the settle time): the Tiendanube notices are read by jobs. */
    const settle = async (name: string) => {
      const started = performance.now();
      let last = await storedOf(name);
      while (performance.now() - started < SETTLE_MS && PLATFORMS.some((p) => last[p] < expected(p))) {
        await new Promise((r) => setTimeout(r, 2_000));
        last = await storedOf(name);
      }
      return { counts: last, seconds: (performance.now() - started) / 1000 };
    };

    const bareUrl = `http://127.0.0.1:${barePort}/bare-webhook`;
    const serverUrl = `${base}/api/v1/webhooks`;
    // Unmeasured warm-up with other orders, as the other suites warm up before each figure.
    const warmup = signed(warmupOrders, 'Calentamiento');
    await burst(bareUrl, warmup, 10, false);
    await burst(serverUrl, warmup, 10, true);
    const warm = await settle('Calentamiento');
    console.log('calentamiento guardado', warm);
    const runs: {
      connections: number;
      bare: Awaited<ReturnType<typeof burst>>;
      first: Awaited<ReturnType<typeof burst>>;
      again: Awaited<ReturnType<typeof burst>>;
      stored: Record<Platform, number>;
      seconds: number;
    }[] = [];
    for (const [i, level] of levels.entries()) {
      const deliveries = signed(levelOrders[i]!, level.name);
      await new Promise((r) => setTimeout(r, 5_000));
      const bare = await burst(bareUrl, deliveries, level.connections, false);
      const first = await burst(serverUrl, deliveries, level.connections, true);
      const again = await burst(serverUrl, deliveries, level.connections, true);
      const { counts, seconds } = await settle(level.name);
      runs.push({ connections: level.connections, bare, first, again, stored: counts, seconds });
      console.log(level.connections, first, counts, seconds);
    }
    // Stored once: one row per (store, order) is the table's key; the list counts rows, so a duplicate would show as more than sent.
    const line = (connections: number, name: string, r: Awaited<ReturnType<typeof burst>>) =>
      `| ${connections} | ${name} | ${r.ok} | ${r.other} | ${Math.round(r.ms)} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.max} |`;
    const when = new Date().toISOString();
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    const machine = `${os.cpus().length} núcleos (carga media 1/5/15 min al terminar: ${load}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const db = postgres ? 'PostgreSQL (clúster local en la misma máquina)' : 'base de datos embebida (PGlite)';
    const total = (r: (typeof runs)[number]) => PLATFORMS.reduce((sum, p) => sum + r.stored[p], 0);
    const pass = (r: (typeof runs)[number]) =>
      r.first.p99 <= 50 && r.first.other === 0 && r.again.other === 0 && PLATFORMS.every((p) => r.stored[p] === expected(p));
    const md = [
      '# Avisos de pedidos de las tres plataformas en ráfaga',
      '',
      `Medido el ${when} en ${machine}, ${db}. Comando: \`${postgres ? 'TEST_DB=postgres ' : ''}npm run bench:webhooks\`. La máquina era compartida con otros procesos: las cifras son ruidosas.`,
      '',
      `Un vendedor con tres tiendas escritas directamente en la base del banco como las deja su instalación (llaves y secretos sellados con \`SECRET_KEY\`): WooCommerce, Shopify y la tienda demo de Tiendanube (su API vive dentro del servidor, así que los pedidos que nombran sus avisos se pueden leer). Tras una ráfaga de calentamiento sin medir (otros ${COUNT} pedidos, esperados hasta guardarse), para cada número de conexiones salen ${COUNT} avisos firmados de ${COUNT} pedidos distintos repartidos entre las tres plataformas (uno de cada tres a cada una), en una sola ráfaga con autocannon, cada petición a la ruta de webhook de su tienda; después los mismos ${COUNT} otra vez (tiendas que reintentan todo). Firmas como las de cada plataforma: WooCommerce \`X-WC-Webhook-Signature\` y Shopify \`X-Shopify-Hmac-Sha256\` (HMAC-SHA256 en base64 del cuerpo; Shopify con \`X-Shopify-Webhook-Id\`), Tiendanube \`x-linkedstore-hmac-sha256\` (hex) sobre un aviso que solo nombra el pedido: un trabajo lo lee después con \`GET /orders/{id}\`, dentro de la cubeta de 2 peticiones por segundo de la tienda, así que guardarlos tarda más que contestar. El handler Fastify desnudo recibe la misma ráfaga en la misma corrida. La duración va de la primera petición a la última respuesta.`,
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
          `- ${r.connections} conexiones: pedidos guardados **${total(r)}** de ${COUNT} (${PLATFORMS.map((p) => `${p} ${r.stored[p]}/${expected(p)}`).join(', ')}; cada uno una vez, en ${Math.round(r.seconds)} s tras la ráfaga); meta (p99 ≤ 50 ms, todos guardados una vez, nada perdido) → **${pass(r) ? 'cumple' : 'NO cumple'}**.`,
      ),
      '',
    ].join('\n');
    writeFileSync(path.join(here, `results/STORE-WEBHOOKS${postgres ? '.postgres' : ''}.md`), md);
    console.log(md);
  } finally {
    await stopServer();
    bare.kill('SIGTERM');
    await woo.close();
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
    postgres?.stop();
  }
}

await main();
process.exit(0);
