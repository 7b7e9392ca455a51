import type { PlatformId } from '@envios/contracts/integrations';
import { outboundResponse, type HttpTransport } from '../../../shared/outbound-http.js';
import * as repo from '../integrations.repository.js';
import { JOB, type Ctx } from '../integrations.shared.js';

/*
 * What the simulated demo stores (Shopify, Tiendanube) share: one store per account in its
 * `demo_stores` row, changed under a row lock, its webhook notices queued as durable jobs in the
 * same commit (only to this app's own address), and the in-process transport the platform's real
 * client talks to.
 */

export interface SimulatedRequest {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface SimulatedNotice {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function simulatedStore<S, N extends SimulatedNotice>(
  ctx: Ctx,
  opts: {
    platform: PlatformId;
    /** The stored state, or a new store when there is none yet. */
    asState: (raw: unknown) => S;
    /** A notice's durable job key (the same notice queued twice is sent once). */
    noticeKey: (notice: N, index: number, userId: string) => string;
    /** The simulated platform's answer to one API request, with the notices it sends. */
    handle: (
      state: S,
      request: SimulatedRequest,
      now: Date,
    ) => { response: { status: number; headers?: Record<string, string>; body: unknown }; deliveries: N[] };
  },
) {
  const ourOrigin = new URL(ctx.base).origin;
  const isOurs = (url: string) => {
    try {
      return new URL(url).origin === ourOrigin;
    } catch {
      return false;
    }
  };

  /** One change to the account's store, row locked; its notices become durable jobs in the same commit. */
  async function mutate<T>(userId: string, change: (state: S) => { value: T; deliveries?: N[] }): Promise<T> {
    const value = await ctx.db.transaction(async (tx) => {
      const state = opts.asState(await repo.lockDemoStore(tx, userId, opts.platform));
      const result = change(state);
      await repo.saveDemoStore(tx, userId, state, ctx.clock.now(), opts.platform);
      for (const [i, d] of (result.deliveries ?? []).entries()) {
        if (!isOurs(d.url)) continue;
        await ctx.jobs.enqueue({ type: JOB.demoSend, key: opts.noticeKey(d, i, userId), payload: d, maxAttempts: 3 }, tx);
      }
      return result.value;
    });
    ctx.jobs.wake();
    return value;
  }

  /** The transport the platform's real client uses for this account's demo store. */
  function transportFor(userId: string): HttpTransport {
    return {
      async request(input, init = {}) {
        const url = input.toString();
        const body = init.body === undefined ? '' : typeof init.body === 'string' ? init.body : Buffer.from(init.body).toString('utf8');
        const response = await mutate(userId, (state) => {
          const answer = opts.handle(state, { method: init.method ?? 'GET', url, headers: { ...init.headers }, body }, ctx.clock.now());
          return { value: answer.response, deliveries: answer.deliveries };
        });
        return outboundResponse(
          url,
          response.status,
          { 'content-type': 'application/json; charset=utf-8', ...response.headers },
          JSON.stringify(response.body),
        );
      },
    };
  }

  return { isOurs, mutate, transportFor };
}
