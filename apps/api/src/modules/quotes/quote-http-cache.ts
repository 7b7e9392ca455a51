import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { BoundedCache } from '../../shared/bounded-cache.js';
import { deepFreeze } from '../../shared/deep-freeze.js';
import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';

/*
 * The quote's HTTP-level caches, installed on the quotes plugin only (Fastify scopes parsers and
 * compilers to the plugin that sets them). Repeated quotes usually arrive as the very same JSON
 * text (the home form, a refresh, the next wizard step) and the use case then hands back the very
 * same kept answer:
 * - a body text that passed the contract twice maps to its frozen, validated value, so neither
 *   the JSON parse nor the validation runs again (exact text match only, bounded);
 * - a kept answer (frozen, so it cannot change) is written to JSON once.
 * Anything else goes through the usual parse, validation and compiled serializer.
 */

const VALIDATED_BODIES_MAX = 2_000;

type Validate = (data: unknown) => { value?: unknown; error?: Error };

export function installQuoteHttpCache(app: FastifyInstance): void {
  const validatedByText = new BoundedCache<string, object>({ maxEntries: VALIDATED_BODIES_MAX, ttlMs: Infinity });
  const seenOnce = new BoundedCache<string, true>({ maxEntries: VALIDATED_BODIES_MAX, ttlMs: Infinity });
  /** Values that came from a cached text: validated already. */
  const knownValid = new WeakSet<object>();
  /** The text a freshly parsed body came from, until its validation decides whether to keep it. */
  const textOf = new WeakMap<object, string>();

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

  app.setValidatorCompiler((route) => {
    // Fastify hands each part's schema alone (here the zod body schema).
    const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]) as Validate;
    if (route.httpPart !== 'body') return validate;
    return (data: unknown) => {
      if (data && typeof data === 'object' && knownValid.has(data)) return { value: data };
      const result = validate(data);
      const raw = data && typeof data === 'object' ? textOf.get(data) : undefined;
      if (!result.error && result.value && typeof result.value === 'object' && raw !== undefined) {
        // Kept from the second time the same text arrives: a body sent once costs no freezing and no room.
        if (seenOnce.has(raw)) {
          const value = deepFreeze(result.value);
          knownValid.add(value);
          validatedByText.set(raw, value);
        } else {
          seenOnce.set(raw, true);
        }
      }
      return result;
    };
  });

  // The compiled serializer writes the ~16 options several times faster than zod's encoder.
  app.setSerializerCompiler((route) => {
    const write = compiledSerializerCompiler(route);
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return write(data);
      let text = written.get(data);
      if (text === undefined) written.set(data, (text = write(data)));
      return text;
    };
  });
}
