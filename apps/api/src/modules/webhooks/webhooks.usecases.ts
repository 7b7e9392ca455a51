import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_TYPES, TEST_EVENT_TYPE, type EventType } from '@envios/contracts/events';
import {
  SIGNATURE_HEADER,
  WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  WEBHOOK_RETRY_WINDOW_MS,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@envios/contracts/developers';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { OutboundError, type OutboundHttp } from '../../shared/outbound-http.js';
import { toPage } from '../../shared/pagination.js';
import { createSecretBox } from '../../shared/secret-box.js';
import { writeTestEvent, type DomainEvent, type DurableSubscriber } from '../events/events.usecases.js';
import type { JobContext, JobQueue } from '../jobs/jobs.usecases.js';
import { webhookPausedMail, type Notifier } from '../notifications/notifications.usecases.js';
import { webhooksErrors } from './webhooks.errors.js';
import * as repo from './webhooks.repository.js';

/*
 * Outgoing webhooks: a seller's https endpoints receive the account's events, signed.
 *
 * The `webhooks` subscriber is durable: the job of event E writes one delivery per endpoint that
 * wants E's type (unique per endpoint and event), takes them, sends them at once through the
 * guarded outbound client (public addresses only, checked at connect), and commits the answers
 * with the job's completion. A failed delivery gets its own retry job, with growing waits (30 s,
 * 1 min, 2 min … up to 6 h) for three days; then the endpoint is paused, its open deliveries end,
 * and the seller gets one e-mail. «Reenviar» opens a delivery again; «Enviar prueba» sends a
 * `webhook.test` to one endpoint now and answers how it went.
 *
 * Each delivery: `X-Envios-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` with the
 * endpoint's secret, and `X-Envios-Event-Id` for deduplication (a receiver may see an event twice
 * when an answer was lost).
 */

export interface WebhooksDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  notifier: Pick<Notifier, 'sendEmail'>;
  /** The guarded client: https, public addresses only. */
  outbound: OutboundHttp;
  /** SECRET_KEY: seals each endpoint's signing secret at rest. */
  secret: string;
  /** Without a trailing slash (the pause e-mail links to the developer page). */
  appUrl: string;
  findContact(ex: Executor, userId: string): Promise<{ email: string; firstName: string } | undefined>;
  /**
   * The embedded database (one process): which event types each account's endpoints want is kept
   * in memory and forgotten on every change here. Elsewhere each event asks the database.
   */
  cacheWanted?: boolean;
  /** One attempt's time limit (default 10 s). */
  timeoutMs?: number;
  log?: FastifyBaseLogger | undefined;
}

export const WEBHOOK_RETRY_JOB = 'webhooks.retry';
const LOCK_MS = 2 * 60_000;
const RESPONSE_KEPT = 2_048;
const MAX_WAIT_MS = 6 * 60 * 60_000;
const USER_AGENT = 'EnviosMX-Webhooks/1.0';

/** The signature header's value for a body sent at `unixSeconds`. */
export function signatureFor(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/** The wait after `failures` failed attempts: 30 s doubling, at most 6 h. */
export function retryWaitMs(failures: number): number {
  return Math.min(MAX_WAIT_MS, 30_000 * 2 ** Math.max(0, failures - 1));
}

function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The JSON a delivery carries, the same bytes for every attempt of an event. */
export function envelopeBody(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, created: event.createdAt.toISOString(), data: event.data });
}

function toEndpointDto(row: repo.EndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((e): e is EventType => (EVENT_TYPES as readonly string[]).includes(e)),
    active: row.active,
    paused_reason: row.pausedReason,
    paused_at: row.pausedAt ? row.pausedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

function toDeliveryDto(row: repo.DeliveryListRow): WebhookDelivery {
  return {
    _id: row.id,
    event_id: row.eventId,
    event_type: row.eventType as WebhookDelivery['event_type'],
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    response_ms: row.responseMs,
    response_body: row.responseBody,
    error: row.error,
    request_body: envelopeBody({ id: row.eventId, type: row.eventType, createdAt: row.eventCreatedAt, data: row.eventData }),
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt ? row.lastAttemptAt.toISOString() : null,
    next_attempt_at: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt ? row.deliveredAt.toISOString() : null,
  };
}

/** A person's words for why a call got no answer (the outbound client's errors are already Spanish). */
function failureText(error: unknown): string {
  if (error instanceof OutboundError) {
    if (error.kind === 'blocked') return 'La dirección no es pública: solo enviamos avisos a servidores en internet.';
    if (error.kind === 'redirect') return 'El destino respondió con una redirección: configura la URL final.';
    if (error.kind === 'timeout') return 'El destino no respondió en 10 segundos.';
    return error.message;
  }
  return 'No pudimos comunicarnos con el destino.';
}

export function createWebhooks(deps: WebhooksDeps) {
  const { db, clock } = deps;
  const box = createSecretBox(deps.secret, 'webhook-endpoint-secret');
  // The embedded database: each account's active endpoints, kept until anything here changes
  // them. A read that raced a change (the version moved meanwhile) is used but not kept.
  const endpointCache = new Map<string, repo.SendingEndpoint[]>();
  let cacheVersion = 0;

  async function endpointsOf(ex: Executor, userId: string): Promise<repo.SendingEndpoint[]> {
    if (!deps.cacheWanted) return repo.activeEndpointsOf(ex, userId);
    const cached = endpointCache.get(userId);
    if (cached) return cached;
    const version = cacheVersion;
    const read = await repo.activeEndpointsOf(ex, userId);
    if (version === cacheVersion) {
      if (endpointCache.size > 50_000) endpointCache.clear();
      endpointCache.set(userId, read);
    }
    return read;
  }
  async function wantedTypes(ex: Executor, userId: string): Promise<Set<string>> {
    if (!deps.cacheWanted) return repo.wantedTypesOf(ex, userId);
    return new Set((await endpointsOf(ex, userId)).flatMap((e) => e.events));
  }
  const forget = (userId: string) => {
    cacheVersion++;
    endpointCache.delete(userId);
  };

  async function checkUrl(url: string): Promise<void> {
    try {
      await deps.outbound.checkDestination(url, { httpsOnly: true });
    } catch (error) {
      if (error instanceof OutboundError) {
        if (error.kind === 'blocked') throw webhooksErrors.urlRefused('La dirección no es pública: los avisos solo se envían a servidores en internet.');
        if (error.kind === 'network') throw webhooksErrors.urlRefused('No encontramos ese servidor: revisa el nombre del dominio.');
        throw webhooksErrors.urlRefused('La URL debe empezar con https:// y no llevar usuario ni contraseña.');
      }
      throw error;
    }
  }

  // Opened secrets by their sealed text (a changed secret is another text): one decryption per endpoint, not per delivery.
  const opened = new Map<string, string>();
  function openSecret(sealed: string): string {
    let plain = opened.get(sealed);
    if (plain === undefined) {
      plain = box.open(sealed);
      if (opened.size > 10_000) opened.clear();
      opened.set(sealed, plain);
    }
    return plain;
  }

  /** One attempt at one delivery: never throws; answers what to record. */
  async function send(
    d: repo.ClaimedDelivery,
    body: string,
  ): Promise<{ ok: boolean; code: number | null; ms: number | null; body: string | null; error: string | null }> {
    const started = performance.now();
    const t = Math.floor(clock.now().getTime() / 1000);
    try {
      const answer = await deps.outbound.request(d.url, {
        method: 'POST',
        httpsOnly: true,
        redirect: 'error',
        timeoutMs: deps.timeoutMs ?? 10_000,
        maxBytes: 256 * 1024,
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [SIGNATURE_HEADER.toLowerCase()]: signatureFor(openSecret(d.secretSealed), t, body),
          'x-envios-event-id': d.eventId,
          'x-envios-event-type': d.eventType,
          'x-envios-delivery-id': d.id,
          'x-envios-attempt': String(d.attempts),
        },
        body,
      });
      const ms = Math.round(performance.now() - started);
      return {
        ok: answer.ok,
        code: answer.status,
        ms,
        body: answer.text().slice(0, RESPONSE_KEPT).replace(/\0/g, ''),
        error: answer.ok ? null : `El destino respondió ${answer.status}.`,
      };
    } catch (error) {
      return { ok: false, code: null, ms: null, body: null, error: failureText(error) };
    }
  }

  /**
   * Sends what was claimed and writes the answers, retries and pauses in `commit` (the job's
   * completion, or a plain transaction for «Enviar prueba»).
   */
  async function deliver(
    claimed: repo.ClaimedDelivery[],
    owner: string,
    bodyOf: (d: repo.ClaimedDelivery) => Promise<string | undefined>,
    commit: (effect: (tx: Executor) => Promise<void>) => Promise<void>,
  ) {
    const outcomes = await Promise.all(
      claimed.map(async (d) => {
        const body = await bodyOf(d);
        if (body === undefined) return { d, result: { ok: false, code: null, ms: null, body: null, error: 'El evento ya no existe.' }, final: true };
        const result = await send(d, body);
        return { d, result, final: d.eventType === TEST_EVENT_TYPE };
      }),
    );
    const now = clock.now();
    const results: repo.AttemptResult[] = [];
    const retries: { id: string; attempts: number; at: Date }[] = [];
    const exhausted: repo.ClaimedDelivery[] = [];
    for (const { d, result, final } of outcomes) {
      let next: Date | null = null;
      if (!result.ok && !final) {
        const at = new Date(now.getTime() + retryWaitMs(d.attempts));
        if (at.getTime() <= d.windowStartedAt.getTime() + WEBHOOK_RETRY_WINDOW_MS) next = at;
        else exhausted.push(d);
      }
      if (next) retries.push({ id: d.id, attempts: d.attempts, at: next });
      results.push({
        id: d.id,
        status: result.ok ? 'delivered' : next ? 'retrying' : 'failed',
        at: now,
        code: result.code,
        ms: result.ms,
        body: result.body,
        error: result.error,
        next,
      });
      if (!result.ok)
        deps.log?.info(
          { deliveryId: d.id, endpointId: d.endpointId, eventId: d.eventId, attempt: d.attempts, code: result.code, retryAt: next },
          'aviso no entregado',
        );
    }
    await commit(async (tx) => {
      const written = new Set(await repo.recordResults(tx, owner, results));
      for (const r of retries) {
        if (!written.has(r.id)) continue;
        await deps.jobs.enqueue({ type: WEBHOOK_RETRY_JOB, key: `${WEBHOOK_RETRY_JOB}:${r.id}:${r.attempts}`, payload: { deliveryId: r.id }, runAt: r.at }, tx);
      }
      for (const d of exhausted)
        if (written.has(d.id))
          await pause(
            tx,
            d,
            results.find((r) => r.id === d.id)!,
            now,
          );
    });
  }

  /** Three days of failures: the endpoint is paused (once), its open deliveries end, its owner hears it. */
  async function pause(tx: Executor, d: repo.ClaimedDelivery, last: repo.AttemptResult, now: Date): Promise<void> {
    const reason = 'Pausado automáticamente: no respondió con éxito durante 3 días.';
    const paused = await repo.pauseEndpoint(tx, d.endpointId, reason, now);
    if (!paused) return;
    forget(d.userId);
    await repo.failOpenDeliveries(tx, d.endpointId, 'El destino quedó en pausa; reanúdalo y usa «Reenviar».');
    const contact = await deps.findContact(tx, d.userId);
    if (contact) {
      await deps.notifier.sendEmail(
        {
          key: `webhooks.paused:${d.endpointId}:${now.getTime()}`,
          to: contact.email,
          mail: webhookPausedMail({
            firstName: contact.firstName,
            endpointUrl: d.url,
            lastError: last.code !== null ? `código ${last.code}` : (last.error ?? 'sin respuesta'),
            developersUrl: `${deps.appUrl}/desarrolladores`,
          }),
        },
        tx,
      );
    }
    deps.log?.warn({ endpointId: d.endpointId }, 'destino de webhooks pausado tras 3 días de fallas');
  }

  async function bodyFromStore(d: repo.ClaimedDelivery): Promise<string | undefined> {
    const event = await repo.findEventOf(db, d.eventId);
    return event ? envelopeBody(event) : undefined;
  }

  /** `webhooks.retry`: one delivery again (after a failure, or «Reenviar»). */
  deps.jobs.register<{ deliveryId: string }>(WEBHOOK_RETRY_JOB, {
    async run(payload, ctx) {
      const owner = `job:${ctx.id}`;
      const now = clock.now();
      const claimed = await repo.claim(db, { deliveryId: payload.deliveryId }, owner, now, new Date(now.getTime() + LOCK_MS));
      if (claimed.length === 0) return;
      await deliver(claimed, owner, bodyFromStore, (effect) => ctx.commit(effect));
    },
  });

  const subscriber: DurableSubscriber = {
    name: 'webhooks',
    mode: 'durable',
    types: EVENT_TYPES,
    async wants(tx, event) {
      return event.userId !== null && (await wantedTypes(tx, event.userId)).has(event.type);
    },
    async handle(event: DomainEvent, ctx: JobContext) {
      if (!event.userId) return;
      await sendFirst(event as DomainEvent & { userId: string }, ctx);
    },
  };

  /**
   * An event's first attempt at every endpoint that wants it: sent at once, then each delivery
   * written once, with its answer, in the job's completion (one statement for all of them, and
   * the retry jobs of those that failed). A crash before that commit sends again on the job's
   * next attempt (same event id: the receiver deduplicates).
   */
  async function sendFirst(event: DomainEvent & { userId: string }, ctx: JobContext): Promise<void> {
    const owner = `job:${ctx.id}`;
    const started = clock.now();
    const endpoints = (await endpointsOf(db, event.userId)).filter((e) => e.events.includes(event.type));
    if (endpoints.length === 0) return;
    const body = envelopeBody(event);
    const outcomes = await Promise.all(
      endpoints.map(async (e) => {
        const d: repo.ClaimedDelivery = {
          id: randomUUID(),
          endpointId: e.id,
          eventId: event.id,
          eventType: event.type,
          attempts: 1,
          windowStartedAt: started,
          userId: e.userId,
          url: e.url,
          secretSealed: e.secretSealed,
        };
        return { d, result: await send(d, body) };
      }),
    );
    const now = clock.now();
    const results = outcomes.map(({ d, result }) => {
      const next = result.ok ? null : new Date(now.getTime() + retryWaitMs(1));
      if (!result.ok) deps.log?.info({ endpointId: d.endpointId, eventId: d.eventId, attempt: 1, code: result.code, retryAt: next }, 'aviso no entregado');
      return {
        id: d.id,
        endpointId: d.endpointId,
        status: result.ok ? ('delivered' as const) : ('retrying' as const),
        at: now,
        code: result.code,
        ms: result.ms,
        body: result.body,
        error: result.error,
        next,
      };
    });
    await ctx.commit(async (tx) => {
      const written = await repo.insertFirstResults(tx, event, owner, started, results);
      const failed = new Map(results.filter((r) => r.next).map((r) => [r.endpointId, r.next!]));
      for (const w of written) {
        const at = failed.get(w.endpointId);
        if (at) await deps.jobs.enqueue({ type: WEBHOOK_RETRY_JOB, key: `${WEBHOOK_RETRY_JOB}:${w.id}:1`, payload: { deliveryId: w.id }, runAt: at }, tx);
      }
    });
  }

  async function owned(caller: Caller, id: string) {
    const row = await repo.findEndpoint(db, caller.id, id);
    if (!row) throw webhooksErrors.endpointNotFound();
    return row;
  }

  return {
    subscriber,

    async listEndpoints(caller: Caller): Promise<WebhookEndpointList> {
      return { data: (await repo.listEndpoints(db, caller.id)).map(toEndpointDto) };
    },

    /** https and a public address (checked now, and again at every delivery's connect); at most 10 per account. */
    async createEndpoint(caller: Caller, input: CreateWebhookEndpoint & { description: string; events: EventType[] }): Promise<CreatedWebhookEndpoint> {
      await checkUrl(input.url);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        if ((await repo.countEndpoints(tx, caller.id)) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) throw webhooksErrors.endpointLimit();
        return repo.insertEndpoint(tx, {
          userId: caller.id,
          url: input.url,
          description: input.description,
          events: input.events,
          secretSealed: box.seal(secret),
          now: clock.now(),
        });
      });
      forget(caller.id);
      return { endpoint: toEndpointDto(row), secret };
    },

    /** Change the URL, description or events; `active: true` resumes a paused endpoint, `false` pauses it. */
    async updateEndpoint(caller: Caller, id: string, input: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
      const current = await owned(caller, id);
      if (input.url !== undefined && input.url !== current.url) await checkUrl(input.url);
      const now = clock.now();
      const patch: Parameters<typeof repo.updateEndpoint>[3] = {};
      if (input.url !== undefined) patch.url = input.url;
      if (input.description !== undefined) patch.description = input.description;
      if (input.events !== undefined) patch.events = input.events;
      if (input.active === true) Object.assign(patch, { active: true, pausedAt: null, pausedReason: null });
      if (input.active === false && current.active) Object.assign(patch, { active: false, pausedAt: now, pausedReason: 'Pausado por ti.' });
      const row = await repo.updateEndpoint(db, caller.id, id, patch, now);
      forget(caller.id);
      if (!row) throw webhooksErrors.endpointNotFound();
      return toEndpointDto(row);
    },

    async deleteEndpoint(caller: Caller, id: string): Promise<void> {
      if (!(await repo.deleteEndpoint(db, caller.id, id))) throw webhooksErrors.endpointNotFound();
      forget(caller.id);
    },

    async revealSecret(caller: Caller, id: string): Promise<{ secret: string }> {
      return { secret: box.open((await owned(caller, id)).secretSealed) };
    },

    /** «Enviar prueba»: a `webhook.test` to this endpoint now (even paused), one attempt; answers the delivery. */
    async sendTest(caller: Caller, id: string): Promise<WebhookDelivery> {
      const endpoint = await owned(caller, id);
      const now = clock.now();
      const lockedUntil = new Date(now.getTime() + LOCK_MS);
      const { deliveryId, event, owner } = await db.transaction(async (tx) => {
        const written = await writeTestEvent(tx, {
          userId: caller.id,
          now,
          data: { message: 'Aviso de prueba de Envíos MX: si lo ves, tu destino recibe y puede verificar la firma.', endpoint_id: endpoint.id },
        });
        // Held by this call from the start (even for a paused endpoint, which no job sends to).
        const heldBy = `test:${written.id}`;
        const id = await repo.insertDelivery(tx, {
          endpointId: endpoint.id,
          eventId: written.id,
          eventType: written.type,
          now,
          lock: { owner: heldBy, until: lockedUntil },
        });
        return { event: written, deliveryId: id, owner: heldBy };
      });
      const claimed: repo.ClaimedDelivery = {
        id: deliveryId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        attempts: 1,
        windowStartedAt: now,
        userId: caller.id,
        url: endpoint.url,
        secretSealed: endpoint.secretSealed,
      };
      await deliver(
        [claimed],
        owner,
        async () => envelopeBody(event),
        (effect) => db.transaction(effect),
      );
      const { rows } = await repo.listDeliveries(db, endpoint.id, 1, 1);
      return toDeliveryDto(rows.find((r) => r.id === deliveryId) ?? rows[0]!);
    },

    async listDeliveries(caller: Caller, id: string, query: { page: number; limit: number }): Promise<WebhookDeliveryPage> {
      await owned(caller, id);
      const { rows, total } = await repo.listDeliveries(db, id, query.page, query.limit);
      return toPage(rows.map(toDeliveryDto), total, query.page, query.limit);
    },

    /** «Reenviar»: the same event again (same id), with a new three-day window; 409 while the endpoint is paused. */
    async resend(caller: Caller, endpointId: string, deliveryId: string): Promise<{ queued: true }> {
      const found = await repo.findDelivery(db, caller.id, endpointId, deliveryId);
      if (!found) throw webhooksErrors.deliveryNotFound();
      if (!found.active) throw webhooksErrors.endpointPaused();
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.reopen(tx, deliveryId, now);
        await deps.jobs.enqueue({ type: WEBHOOK_RETRY_JOB, key: `webhooks.resend:${deliveryId}:${now.getTime()}`, payload: { deliveryId } }, tx);
      });
      deps.jobs.wake();
      return { queued: true };
    },

    /** Counts by status (the bench). */
    deliveryCounts: () => repo.deliveryCounts(db),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
