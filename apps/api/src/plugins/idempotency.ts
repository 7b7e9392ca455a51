import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeySchema } from '@envios/contracts/shipments';
import { commonErrors } from '../shared/errors.js';
import { fingerprintOf, type Idempotency } from '../modules/idempotency/idempotency.usecases.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds its Idempotency-Key (the first one with it). */
    idempotencyHeld: { userId: string; key: string; done: boolean } | null;
  }
}

/**
 * Safe retries for any POST that declares `config.idempotent` (one line per route): with an
 * `Idempotency-Key` header, the first request runs and its answer is kept; the same key with the
 * same method, URL and body answers that answer again for 24 hours (`Idempotent-Replayed: true`);
 * with anything else, 422; while the first runs, the others wait and answer the same. Keys
 * belong to the account (another account may use the same). A 5xx is not kept: a retry runs again.
 *
 * Registered before compression, so the answer is kept as the route wrote it (its onSend runs
 * first); it runs after authentication and validation (preHandler), so a bad body is a 400 that
 * is never kept and never takes the key.
 */
export function registerIdempotency(app: FastifyInstance, idempotency: Idempotency): void {
  app.decorateRequest('idempotencyHeld', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply) => {
    if (request.method !== 'POST' || !request.routeOptions.config?.idempotent) return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined || !request.caller) return;
    const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (!parsed.success) {
      throw commonErrors.validation(
        [{ path: 'idempotency-key', message: parsed.error.issues[0]?.message ?? 'La clave de idempotencia no es válida.' }],
        'Revisa la cabecera Idempotency-Key.',
      );
    }
    const key = parsed.data;
    const userId = request.caller.id;
    const started = await idempotency.begin(userId, key, fingerprintOf(request.method, request.url, request.body));
    if (started.run) {
      request.idempotencyHeld = { userId, key, done: false };
      return;
    }
    return reply.code(started.answer.status).header('content-type', started.answer.type).header('idempotent-replayed', 'true').send(started.answer.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyHeld;
    if (!held || held.done) return payload;
    held.done = true;
    const keepable = typeof payload === 'string' || Buffer.isBuffer(payload);
    const answer =
      reply.statusCode < 500 && keepable
        ? {
            status: reply.statusCode,
            type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
            body: Buffer.isBuffer(payload) ? payload.toString('utf8') : payload,
          }
        : null;
    await idempotency.finish(held.userId, held.key, answer);
    return payload;
  });

  // An answer that never reached onSend (the client left) gives the key back.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotencyHeld;
    if (!held || held.done) return;
    held.done = true;
    await idempotency.finish(held.userId, held.key, null);
  });
}
