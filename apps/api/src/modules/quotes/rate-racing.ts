import type { RateSource } from '@envios/contracts/carriers';
import type { ServiceRate } from '../carriers/carriers.usecases.js';
import type { RateTask } from './quote-plan.js';

/*
 * Asking the carriers of a plan: every live carrier API at once, each under its own time limit;
 * the in-memory tariff engine answers at once and needs none. A carrier that fails or runs out
 * of time is an outcome, never an error of the whole quote.
 */

export type RateOutcome = { ok: true; rates: ServiceRate[]; source: RateSource } | { ok: false; reason: 'timeout' | 'error' };

interface Logger {
  warn(obj: object, msg: string): void;
}

/** In-memory adapters answer at once; they get a signal that never fires. */
const NEVER_ABORTED = new AbortController().signal;

class RateTimeout extends Error {
  constructor() {
    super('rate timeout');
    this.name = 'RateTimeout';
  }
}

async function raceDeadline(task: RateTask, timeoutMs: number, logger: Logger | undefined): Promise<RateOutcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // The race keeps the promise: an adapter that ignores its signal still cannot hold the answer.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timeout = new RateTimeout();
      controller.abort(timeout);
      reject(timeout);
    }, timeoutMs);
  });
  try {
    const rates = await Promise.race([task.adapter.rate(task.request, controller.signal), deadline]);
    return { ok: true, rates, source: task.adapter.source };
  } catch (error) {
    const reason = controller.signal.aborted ? 'timeout' : 'error';
    logger?.warn({ err: error, carrier: task.carrier.code, reason }, 'la paquetería no cotizó');
    return { ok: false, reason };
  } finally {
    clearTimeout(timer);
  }
}

/** One outcome per task, in the tasks' order. */
export async function rateAll(tasks: readonly RateTask[], options: { timeoutMs: number; logger?: Logger | undefined }): Promise<RateOutcome[]> {
  const outcomes: RateOutcome[] = [];
  const live: Promise<void>[] = [];
  // Live calls start first, so the in-memory work below overlaps their wait.
  tasks.forEach((task, i) => {
    if (!task.adapter.inMemory) live.push(raceDeadline(task, options.timeoutMs, options.logger).then((outcome) => void (outcomes[i] = outcome)));
  });
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!;
    if (!task.adapter.inMemory) continue;
    try {
      outcomes[i] = { ok: true, rates: await task.adapter.rate(task.request, NEVER_ABORTED), source: task.adapter.source };
    } catch (error) {
      options.logger?.warn({ err: error, carrier: task.carrier.code }, 'la tarifa de la paquetería falló');
      outcomes[i] = { ok: false, reason: 'error' };
    }
  }
  if (live.length > 0) await Promise.all(live);
  return outcomes;
}
