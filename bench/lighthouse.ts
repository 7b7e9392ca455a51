/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile emulation, simulated throttling, the default
 * config) on the public pages of the real server, plus the size of what the home makes the
 * browser download before it can show and run: the JavaScript the HTML loads (entry and its
 * preloads) and the render-blocking CSS, gzipped. Writes bench/results/LIGHTHOUSE.md and
 * lighthouse.json. Not a test: it reports, it asserts nothing. Traffic goes to 127.0.0.1 only.
 *
 *   npm run bench:lighthouse                       /, /preguntas-frecuentes and /servicios, 3 runs each
 *   LIGHTHOUSE_RUNS=5 npm run bench:lighthouse -- /contactanos
 *   LIGHTHOUSE_OUT=LIGHTHOUSE-TRACKING npm run bench:lighthouse -- '/rastreo/{guía}' /signin
 *   CHROME_PATH=/usr/bin/chromium (the default)
 *
 * `{guía}` in a page stands for a real guide: the bench buys one first (a seller, a shipment paid
 * with the wallet, the guide issued by the sandbox carrier) and tracks it. LIGHTHOUSE_OUT names the
 * result files (bench/results/<name>.md and .json; LIGHTHOUSE by default), LIGHTHOUSE_NOTE adds a
 * line about the conditions of the run (a shared machine…).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { freePort } from '../apps/api/src/testing/pg-cluster.js';
import { ensureWebBuild, root } from '../scripts/lib/build-web.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/preguntas-frecuentes', '/servicios'];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const outName = process.env.LIGHTHOUSE_OUT ?? 'LIGHTHOUSE';
const note = process.env.LIGHTHOUSE_NOTE;
const GUIDE = '{guía}';
const admin = { email: 'admin@lighthouse.test', password: 'Admin1234' };
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

interface Run {
  scores: Record<(typeof categories)[number], number>;
  metrics: Record<(typeof metricIds)[number], number>;
  failing: string[];
  scriptBytes: number;
}

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

/** The gzipped size of the JS the home's HTML loads up front and of its render-blocking CSS. */
async function initialWeight(base: string): Promise<{ js: { file: string; gzip: number }[]; css: { file: string; gzip: number }[] }> {
  const html = await (await fetch(`${base}/`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const js = [...head.matchAll(/<script type="module"[^>]*src="([^"]+)"/g), ...head.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const css = [...head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const size = async (file: string) => ({ file, gzip: gzipSync(Buffer.from(await (await fetch(base + file)).arrayBuffer()), { level: 9 }).length });
  return { js: await Promise.all([...new Set(js)].map(size)), css: await Promise.all([...new Set(css)].map(size)) };
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  const lhr = result.lhr;
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores'];
  const metrics = Object.fromEntries(metricIds.map((m) => [m, lhr.audits[m]?.numericValue ?? Number.NaN])) as Run['metrics'];
  const failing: string[] = [];
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a && ref.weight > 0 && a.score !== null && a.score < 0.9) failing.push(`${c}: ${ref.id} (${a.displayValue ?? a.score})`);
    }
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
  return { scores, metrics, failing, scriptBytes };
}

/** A guide bought through the API as a seller would (paid with the wallet), once tracking knows it. */
async function seedGuide(base: string): Promise<string> {
  const call = async <T>(method: 'GET' | 'POST', url: string, token: string | null, body?: object): Promise<T> => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const adminToken = (await call<{ token: string }>('POST', '/api/v1/login', null, admin)).token;
  const seller = { firstName: 'Rita', lastName: 'Rastreo', email: 'rita@lighthouse.test', phone: '3312345678', password: 'Clave123', rol: 'user' };
  await call('POST', '/api/v1/users/createFromDashboard', adminToken, seller);
  const { id: userId, token } = await call<{ id: string; token: string }>('POST', '/api/v1/login', null, { email: seller.email, password: seller.password });
  const origin = {
    full_name: 'Ana López',
    email: 'ana@correo.test',
    phone: '3312345678',
    address: 'Av. Juárez',
    number: '100',
    colony: 'Guadalajara Centro',
    postal_code: '44100',
    city: 'Jalisco, Guadalajara',
  };
  const destination = {
    full_name: 'Luis Pérez',
    email: 'luis@correo.test',
    phone: '5512345678',
    address: 'Calle Roma',
    number: '25',
    colony: 'Roma Norte',
    postal_code: '06700',
    city: 'Ciudad de México, Ciudad de México',
    state_short: 'CDMX',
  };
  const parcels = [{ depth: 20, width: 30, height: 15, weight: 3 }];
  const quote = await call<{ options: { service_id: string; carrier_service_name: string; net_total_amount: number }[] }>('POST', '/api/v1/quoting', token, {
    origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
    destination_direction: { country_code: 'MX', postal_code: '06700', city: 'Ciudad de México', suburb: 'Roma Norte', state_short: 'CDMX' },
    parcels,
    package_type: 'box',
    cantidadGuias: 1,
  });
  // DHL's sandbox numbers guides without keys in any mode (inventory services need stock).
  const option = quote.options.find((o) => o.carrier_service_name === 'EXPRESS DOMESTIC') ?? quote.options[0]!;
  const created = await call<{ shipments: { _id: string }[] }>('POST', '/api/v1/shipments', token, {
    selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount },
    shipment_type: 'box',
    parcels,
    cantidadGuias: 1,
    origin_direction: origin,
    destination_direction: destination,
    description_of_the_content: 'Ropa',
  });
  const id = created.shipments[0]!._id;
  await call('POST', '/api/v1/prepaid/createPrepaid', adminToken, { userId, cantidadAbonar: option.net_total_amount });
  await call('POST', '/api/v1/payments/many/monedero', token, { email: seller.email, shipments: [id] });
  for (let i = 0; i < 60; i += 1) {
    const guide = (await call<{ number_guide: string | null }>('GET', `/api/v1/shipments/${id}`, token)).number_guide;
    if (guide) return guide;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('La guía de prueba no se emitió en un minuto.');
}

function median<T>(items: T[], key: (t: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;

async function main(): Promise<void> {
  ensureWebBuild();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-lighthouse-'));
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: base,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitFor(`${base}/api/health/ready`, 120_000);
    const guide = pages.some((p) => p.includes(GUIDE)) ? await seedGuide(base) : undefined;
    const address = (p: string) => (guide ? p.replace(GUIDE, guide) : p);
    // Every page once before measuring, so the server's first render of each is not what is timed.
    for (const p of pages) await fetch(base + address(p));
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    const weight = await initialWeight(base);
    const rows: { page: string; median: Run; all: Run[] }[] = [];
    for (const page of pages) {
      const all: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const run = await audit(base + address(page), chrome.port);
        all.push(run);
        console.log(
          `${page} #${i + 1}: ${categories.map((c) => `${c} ${run.scores[c]}`).join(', ')}; LCP ${ms(run.metrics['largest-contentful-paint'])}, TBT ${ms(run.metrics['total-blocking-time'])}`,
        );
      }
      rows.push({ page, median: median(all, (r) => r.scores.performance), all });
    }

    const jsTotal = weight.js.reduce((s, f) => s + f.gzip, 0);
    const cssTotal = weight.css.reduce((s, f) => s + f.gzip, 0);
    const args = process.argv.slice(2).map((a) => (/[{}]/.test(a) ? `'${a}'` : a));
    const command = `CHROME_PATH=${chromePath} ${runs === 3 ? '' : `LIGHTHOUSE_RUNS=${runs} `}${outName === 'LIGHTHOUSE' ? '' : `LIGHTHOUSE_OUT=${outName} `}npm run bench:lighthouse${args.length ? ` -- ${args.join(' ')}` : ''}`;
    const lines = [
      '# Lighthouse: public pages on a phone',
      '',
      `Command: \`${command}\` (Lighthouse 12, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end).`,
      'Mobile emulation with simulated throttling (Lighthouse defaults: slow 4G, 4× CPU slowdown); the production server (`npm start`) on a fresh embedded database;',
      `the median of ${runs} runs by performance score. Bars: performance ≥ 90; accessibility, best practices and SEO ≥ 95.`,
      ...(guide ? [`\`${GUIDE}\` is guide ${guide}, bought for the run (paid with the wallet, issued by the DHL sandbox).`] : []),
      ...(note ? ['', note] : []),
      '',
      '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | JS downloaded |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        ({ page, median: r }) =>
          `| \`${page}\` | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${ms(r.metrics['first-contentful-paint'])} | ${ms(r.metrics['largest-contentful-paint'])} | ${ms(r.metrics['total-blocking-time'])} | ${r.metrics['cumulative-layout-shift'].toFixed(3)} | ${ms(r.metrics['speed-index'])} | ${kb(r.scriptBytes)} |`,
      ),
      '',
      'Every run (performance / accessibility / best practices / SEO):',
      '',
      ...rows.map(({ page, all }) => `- \`${page}\`: ${all.map((r) => categories.map((c) => r.scores[c]).join('/')).join(' · ')}`),
      '',
      '## What the home loads before it runs (gzip -9)',
      '',
      `- Initial JavaScript (the module script and its modulepreloads in the HTML): **${kb(jsTotal)}** (bar ≤ 150 KB)`,
      ...weight.js.map((f) => `  - \`${f.file}\` ${kb(f.gzip)}`),
      `- Render-blocking CSS: **${kb(cssTotal)}** (bar ≤ 20 KB)`,
      ...weight.css.map((f) => `  - \`${f.file}\` ${kb(f.gzip)}`),
      "- Afterwards, not blocking the first paint: the quote form's code (the prerendered page carries the form as HTML and styles; its code loads on the visitor's first touch of the page), the sections below the fold (when the browser is idle) and the rest of Mantine's styles. \"JS downloaded\" in the table counts everything a run fetched, compressed as sent.",
      '',
      ...(rows.some((r) => r.median.failing.length)
        ? ['## Audits under 0.9 in the median runs', '', ...rows.flatMap((r) => r.median.failing.map((f) => `- \`${r.page}\` ${f}`)), '']
        : []),
    ];
    writeFileSync(path.join(here, 'results', `${outName}.md`), `${lines.join('\n')}\n`);
    writeFileSync(
      path.join(here, 'results', `${outName.toLowerCase()}.json`),
      `${JSON.stringify({ command, runs, guide, pages: rows, initialJs: weight.js, renderBlockingCss: weight.css }, null, 2)}\n`,
    );
    console.log(lines.join('\n'));
  } finally {
    chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
