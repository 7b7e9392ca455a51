import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { SiteInfo } from '@envios/contracts/site';

/** What the web app's prerendering bundle says about itself, kept by the server once read. */
export interface SsrFacts {
  /** Where each prerendered page's route module lives (its CSS is linked, its code preloaded). */
  routeSources: Record<string, string>;
  /** Modules a page shows as server-rendered snapshots: their styles only, their code stays. */
  routeSnapshotSources: Record<string, string[]>;
  /** Every path pattern of the app but the catch-all. */
  knownPaths: string[];
}

export interface SsrThread {
  /** The bundle's facts (starts the thread if needed). */
  facts(): Promise<SsrFacts>;
  /**
   * The HTML inside #root for `pathname`; `data`: answers the page renders with instead of asking
   * the API; `keepAliveMs`: how long the thread stays after this page without work, if longer than
   * its usual idle time (pages rendered on every visit keep it warm while they are visited).
   */
  render(pathname: string, site: SiteInfo, data?: unknown, keepAliveMs?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Runs in the thread: imports the bundle, reports its facts, then renders what it is asked.
 * Plain CommonJS (a thread started from source text), so it runs the same under any loader.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.entry).then(
  (ssr) => {
    parentPort.on('message', (m) => {
      ssr.renderPage(m.pathname, m.site, m.data).then(
        (html) => parentPort.postMessage({ id: m.id, html }),
        (e) => parentPort.postMessage({ id: m.id, error: (e && e.stack) || String(e) }),
      );
    });
    parentPort.postMessage({ facts: { routeSources: ssr.routeSources, routeSnapshotSources: ssr.routeSnapshotSources || {}, knownPaths: ssr.knownPaths || [] } });
  },
  (e) => parentPort.postMessage({ failed: (e && e.stack) || String(e) }),
);
`;

interface Running {
  worker: Worker;
  facts: Promise<SsrFacts>;
  pending: Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>;
}

/**
 * The prerendering bundle (React's server renderer and the whole web app, some 50 MB once loaded)
 * lives in a thread started when a page must be rendered and stopped after `idleMs` without work.
 * Pages are rendered a few times per process and then kept as HTML, so the server does not carry
 * that memory for the rest of its life: it is given back when the thread ends.
 */
/** A render cut short because the server is closing (the browser draws that page instead). */
export class PrerenderClosedError extends Error {
  constructor() {
    super('El servidor se está cerrando: la página no se prerenderizó.');
    this.name = 'PrerenderClosedError';
  }
}

export function createSsrThread(entryFile: string, idleMs = 15_000): SsrThread {
  let running: Running | undefined;
  /** Set by close(): a page still rendering then ends with PrerenderClosedError, which is no failure. */
  let closing = false;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Until when a page rendered on every visit asked the thread to stay (epoch ms). */
  let keepUntil = 0;

  function start(): Running {
    if (running) return running;
    // No loader flags of the parent (tsx in development): the bundle is plain JavaScript.
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { entry: pathToFileURL(entryFile).href }, execArgv: [] });
    worker.unref();
    const pending: Running['pending'] = new Map();
    const facts = new Promise<SsrFacts>((resolve, reject) => {
      worker.on('message', (m: { facts?: SsrFacts; failed?: string; id?: number; html?: string; error?: string }) => {
        if (m.facts) return resolve(m.facts);
        if (m.failed) return reject(new Error(m.failed));
        const job = pending.get(m.id!);
        pending.delete(m.id!);
        if (m.error !== undefined) job?.reject(new Error(m.error));
        else job?.resolve(m.html!);
        if (pending.size === 0) stopWhenIdle();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        const error = closing ? new PrerenderClosedError() : new Error(`El hilo de prerenderizado terminó (código ${code}).`);
        reject(error);
        for (const job of pending.values()) job.reject(error);
        pending.clear();
        if (running?.worker === worker) running = undefined;
      });
    });
    facts.catch(() => undefined);
    running = { worker, facts, pending };
    return running;
  }

  function stopWhenIdle(): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(
      () => {
        if (Date.now() < keepUntil) return stopWhenIdle();
        const idle = running;
        if (!idle || idle.pending.size > 0) return;
        running = undefined;
        void idle.worker.terminate();
      },
      Math.max(idleMs, keepUntil - Date.now()),
    );
    idleTimer.unref();
  }

  return {
    async facts() {
      const thread = start();
      if (thread.pending.size === 0) stopWhenIdle();
      return thread.facts;
    },
    async render(pathname, site, data, keepAliveMs = 0) {
      const thread = start();
      clearTimeout(idleTimer);
      keepUntil = Math.max(keepUntil, Date.now() + keepAliveMs);
      await thread.facts;
      const id = ++nextId;
      return new Promise<string>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, pathname, site, data });
      });
    },
    async close() {
      closing = true;
      clearTimeout(idleTimer);
      const thread = running;
      running = undefined;
      if (thread) await thread.worker.terminate();
    },
  };
}

/**
 * Whether `pathname` is one of the app's paths, matched as the router does: any letter case, a
 * trailing slash ignored, `:name` one non-empty segment, a final `*` the rest.
 */
export function pathMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const split = (p: string) => p.toLowerCase().split('/').filter(Boolean);
  const compiled = patterns.map(split);
  return (pathname) => {
    const parts = split(pathname);
    return compiled.some((pattern) => {
      for (let i = 0; i < pattern.length; i++) {
        const segment = pattern[i]!;
        if (segment === '*' && i === pattern.length - 1) return true;
        if (i >= parts.length) return false;
        if (!segment.startsWith(':') && segment !== parts[i]) return false;
      }
      return pattern.length === parts.length;
    });
  };
}
