import type { FastifyInstance } from 'fastify';
import { commonErrors } from '../shared/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The work the application does once before it serves (catalogues, first admin…); app.ts lists it. */
    startup: Startup;
  }
}

export interface Startup {
  /** True once the work finished. */
  readonly done: boolean;
  /** Settles when the work finishes (rejects if it failed); begins it if nothing did yet. */
  finished(): Promise<void>;
  /** Resolves once the work, if it began, is over (well or not); never begins it. */
  settled(): Promise<void>;
}

/** The liveness and readiness checks answer during start-up: that is how a supervisor waits for it. */
function isHealthCheck(url: string): boolean {
  return url === '/api/health' || url.startsWith('/api/health/') || url.startsWith('/api/health?');
}

/**
 * The application's start-up work. In the foreground (tests, the default) it runs when the app
 * becomes ready and `app.ready()` waits for it. In the background (the server) the process
 * listens first and begins it right after (`app.startup.finished()`): on the embedded database
 * its queries run on this thread, so beginning earlier would hold up the listening itself. The
 * health checks answer as soon as the database does; every other request waits until the work
 * is done (and begins it, if it comes first), so nothing is ever answered from half-loaded
 * catalogues. The readiness check says 'unavailable' meanwhile: its catalogues are not loaded.
 */
export function registerStartup(app: FastifyInstance, work: () => Promise<void>, opts: { background: boolean }): void {
  let done = false;
  let running: Promise<void> | undefined;
  const finished = () =>
    (running ??= work().then(() => {
      done = true;
    }));
  app.decorate('startup', {
    get done() {
      return done;
    },
    finished,
    settled: async () => {
      await running?.catch(() => undefined);
    },
  });
  if (!opts.background) app.addHook('onReady', finished);
  app.addHook('onRequest', (request, _reply, next) => {
    if (done || isHealthCheck(request.url)) return next();
    finished().then(
      () => next(),
      (error: unknown) => next(commonErrors.unavailable('El servidor no pudo terminar de arrancar. Intenta de nuevo en unos minutos.', error)),
    );
  });
}
