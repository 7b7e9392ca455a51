import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Two lanes for the embedded database's one connection. Everything a person waits for (an HTTP
 * request) runs in the foreground lane; the job worker runs its jobs in the background lane. PGlite
 * serves one statement or transaction at a time, first come first served: after a 200-shipment
 * payment, 16 guide jobs keep the queue full and each statement of the seller's next page waited
 * behind all of them (a balance read took 10 s). The gate lets one statement or transaction into
 * the connection at a time, each on a new turn of the event loop (so sockets and timers are served
 * during a burst) and, when both lanes wait, takes turns starting with the foreground: a request
 * waits for at most one background statement, and jobs still get every other turn, so a busy shop
 * never starves them.
 */

const background = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it awaits) in the background lane: the job worker's runs. */
export function inBackgroundLane<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn);
}

export function inBackground(): boolean {
  return background.getStore() === true;
}

export interface LaneGate {
  /** Runs `op` when its lane's turn comes (the lane is the caller's: foreground unless inBackgroundLane). */
  run<T>(op: () => Promise<T>): Promise<T>;
  /** Waiting operations per lane (tests). */
  waiting(): { foreground: number; background: number };
}

export function createLaneGate(): LaneGate {
  const queues = { foreground: [] as (() => void)[], background: [] as (() => void)[] };
  let busy = false;
  let lastWasBackground = true;

  function next(): void {
    if (busy) return;
    const fg = queues.foreground.length > 0;
    const bg = queues.background.length > 0;
    if (!fg && !bg) return;
    const takeBackground = bg && (!fg || !lastWasBackground);
    busy = true;
    lastWasBackground = takeBackground;
    const admit = (takeBackground ? queues.background : queues.foreground).shift()!;
    // On a new turn of the event loop: sockets and timers are served between two callers.
    setImmediate(admit);
  }

  return {
    async run(op) {
      await new Promise<void>((admit) => {
        queues[inBackground() ? 'background' : 'foreground'].push(admit);
        next();
      });
      try {
        return await op();
      } finally {
        busy = false;
        next();
      }
    },
    waiting: () => ({ foreground: queues.foreground.length, background: queues.background.length }),
  };
}
