import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { quoteRequestSchema, quoteResponseSchema, type QuoteResponse } from '@envios/contracts/quotes';
import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';
import { deepFreeze } from '../../shared/deep-freeze.js';
import type { Quoting } from './quotes.usecases.js';

const writeAnswer = compiledSerializerCompiler({ schema: quoteResponseSchema });
/** A repeated quote gets the (frozen) answer kept by the use case: its bytes are written once. */
const answerBytes = new WeakMap<QuoteResponse, Buffer>();

/** The answer as JSON bytes, exactly what the route's schema serializer writes. */
export function quoteResponseBytes(answer: QuoteResponse): Buffer {
  let bytes = answerBytes.get(answer);
  if (bytes === undefined) {
    bytes = Buffer.from(writeAnswer(answer));
    if (Object.isFrozen(answer)) answerBytes.set(answer, bytes);
  }
  return bytes;
}

/**
 * Repeated quotes usually arrive as the very same JSON text (the home form, a refresh, the next
 * wizard step). A body text that already passed the contract maps to its frozen, validated value,
 * so neither the JSON parse nor the validation runs again. Bounded; exact text match only.
 */
const VALIDATED_BODIES_MAX = 2_000;
const validatedByText = new Map<string, object>();
const knownValid = new WeakSet<object>();
const textOf = new WeakMap<object, string>();


export const quotesRoutes: FastifyPluginAsyncZod<{ quoting: Quoting }> = async (app, { quoting }) => {
  // This plugin's own JSON parser (Fastify scopes it to these routes): the default one, plus the text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const raw = text as string;
    const known = validatedByText.get(raw);
    if (known) return done(null, known);
    // The default parser answers through its callback; its return value means nothing.
    void parseJson(request, raw, (error, value: unknown) => {
      if (!error && value && typeof value === 'object') textOf.set(value, raw);
      done(error, value);
    });
  });
  app.post(
    '/api/v1/quoting',
    {
      config: { guard: 'public' },
      // The hot path: a compiled serializer writes the ~20 options several times faster than zod.
      serializerCompiler: compiledSerializerCompiler,
      validatorCompiler: (route) => {
        // Fastify hands each part's schema alone (here the zod body schema).
        const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]) as (data: unknown) => { value?: unknown; error?: Error };
        if (route.httpPart !== 'body') return validate;
        return (data: unknown) => {
          if (data && typeof data === 'object' && knownValid.has(data)) return { value: data };
          const result = validate(data);
          const raw = data && typeof data === 'object' ? textOf.get(data) : undefined;
          if (!result.error && result.value && typeof result.value === 'object' && raw !== undefined) {
            const value = deepFreeze(result.value);
            knownValid.add(value);
            if (validatedByText.size >= VALIDATED_BODIES_MAX) validatedByText.delete(validatedByText.keys().next().value!);
            validatedByText.set(raw, value);
          }
          return result;
        };
      },
      schema: {
        tags: ['cotización'],
        summary:
          'Cotiza un envío con todas las paqueterías (spec 01 §3, §7): cada guía lleva un paquete (la lista se repite hasta cantidadGuias, máximo 100); ' +
          'responde las opciones de la más barata a la más cara y las paqueterías que no respondieron. Con sesión, aplica el margen del cliente y suma su sobrepeso pendiente.',
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Public, but a signed-in customer gets their own margin and owed overweight.
      const caller = await request.identify();
      const answer = await quoting.quote(request.body, caller, { ip: request.ip });
      // Sent as bytes: Fastify writes a buffer as it is, so a kept answer is not serialized again.
      void reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // The buffer stands in for the typed answer (same bytes as the schema's serializer; see the route tests).
      return reply.send(quoteResponseBytes(answer) as unknown as QuoteResponse);
    },
  );
};
