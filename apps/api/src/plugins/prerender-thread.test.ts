import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '@envios/contracts/site';
import { createSsrThread, pathMatcher } from './prerender-thread.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'envios-ssr-thread-'));
const entry = path.join(dir, 'entry-server.js');
writeFileSync(
  entry,
  `import { threadId } from 'node:worker_threads';
export const routeSources = { '/': 'src/home.tsx' };
export const knownPaths = ['/', '/shipments/:id'];
export async function renderPage(p, site) {
  if (p === '/roto') throw new Error('no se puede');
  return '<h1>' + p + ' ' + site.supportPhone + ' hilo ' + threadId + '</h1>';
}
`,
);
const site = { supportPhone: '33 1234 5678' } as SiteInfo;

describe('the prerendering thread', () => {
  it('reports the bundle facts and renders pages off the main thread', async () => {
    const ssr = createSsrThread(entry);
    try {
      expect(await ssr.facts()).toEqual({ routeSources: { '/': 'src/home.tsx' }, routeSnapshotSources: {}, knownPaths: ['/', '/shipments/:id'] });
      const html = await ssr.render('/', site);
      expect(html).toMatch(/^<h1>\/ 33 1234 5678 hilo [1-9]\d*<\/h1>$/);
      await expect(ssr.render('/roto', site)).rejects.toThrow('no se puede');
      // One failed page does not stop the others.
      expect(await ssr.render('/faq', site)).toContain('/faq');
    } finally {
      await ssr.close();
    }
  });

  it('stops when idle, giving its memory back, and starts again for the next page', async () => {
    const ssr = createSsrThread(entry, 50);
    try {
      const first = await ssr.render('/', site);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const second = await ssr.render('/', site);
      const thread = (html: string) => /hilo (\d+)/.exec(html)![1];
      expect(thread(second)).not.toBe(thread(first));
    } finally {
      await ssr.close();
    }
  });

  it('stays while a page rendered on every visit asked it to (keepAliveMs), then stops', async () => {
    const ssr = createSsrThread(entry, 50);
    try {
      const thread = (html: string) => /hilo (\d+)/.exec(html)![1];
      const first = await ssr.render('/rastreo/1234567', site, undefined, 3_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const kept = await ssr.render('/', site);
      expect(thread(kept)).toBe(thread(first));
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(thread(await ssr.render('/', site))).not.toBe(thread(first));
    } finally {
      await ssr.close();
    }
  });

  it('fails clearly when the bundle cannot be loaded', async () => {
    const ssr = createSsrThread(path.join(dir, 'no-existe.js'));
    await expect(ssr.facts()).rejects.toThrow(/no-existe\.js/);
    await ssr.close();
  });
});

describe('pathMatcher (the app paths, as the router matches them)', () => {
  const known = pathMatcher(['/', '/shipments/:id', '/shipments/:id/edit/:part', '/docs/*']);
  it.each([
    ['/', true],
    ['/shipments/abc', true],
    ['/Shipments/abc/', true],
    ['/shipments/abc/edit/parcels', true],
    ['/docs/a/b/c', true],
    ['/shipments', false],
    ['/shipments/abc/edit', false],
    ['/otra', false],
  ])('%s → %s', (pathname, expected) => {
    expect(known(pathname)).toBe(expected);
  });
});
