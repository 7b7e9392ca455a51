import type { FastifyInstance } from 'fastify';
import type { QuoteResponse } from '@envios/contracts/quotes';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { deepFreeze } from '../../shared/deep-freeze.js';
import { asFastifySerializer, compiledSerializerCompiler, rememberFrozen } from '../../shared/fast-serializer.js';
import type { AnswerCaching } from '../../shared/kept-answers.js';
import { quoteAnswerJson } from './quote-answer-json.js';

/*
 * The quote's HTTP-level caches, installed on the quotes plugin only (Fastify scopes parsers and
 * compilers to the plugin that sets them). Repeated quotes usually arrive as the very same JSON
 * text (the home form, a refresh, the next wizard step) and the use case then hands back the very
 * same kept answer:
 * - a body text that passed the contract twice maps to its frozen, validated value, so neither
 *   the JSON parse nor the validation runs again (exact text match only, bounded);
 * - a kept answer (frozen, so it cannot change) is written to JSON once.
 * Any other body goes through the usual parse and validation. The answer itself is written by hand
 * (quote-answer-json.ts), straight to bytes; error answers by their schema's compiled serializer.
 */

const VALIDATED_BODIES_MAX = 2_000;

/** Where a freshly parsed body keeps the text it came from. */
const SOURCE_TEXT = Symbol('source text');

type Validate = (data: unknown) => { value?: unknown; error?: Error };

/** A body's validated value depends on the contract alone: one version for as long as the process runs. */
const CONTRACT = '';

export function installQuoteHttpCache(app: FastifyInstance, caching: AnswerCaching): void {
  // Kept from the second time the same text arrives: a body sent once costs no freezing and no room.
  const validatedByText = caching.create<object>('quotes.bodies', { budget: VALIDATED_BODIES_MAX, remember: VALIDATED_BODIES_MAX, freeze: deepFreeze });
  /** Values that came from a cached text: validated already. */
  const knownValid = new WeakSet<object>();

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const raw = text as string;
    const known = validatedByText.get(raw, CONTRACT);
    if (known) return done(null, known);
    // The default parser answers through its callback; its return value means nothing.
    void parseJson(request, raw, (error, value: unknown) => {
      // The text rides on the parsed value (hidden, never serialized) until its validation decides
      // whether to keep it: a per-request side table would cost the garbage collector more.
      if (!error && value && typeof value === 'object') Object.defineProperty(value, SOURCE_TEXT, { value: raw });
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
      const raw = data && typeof data === 'object' ? (data as { [SOURCE_TEXT]?: string })[SOURCE_TEXT] : undefined;
      if (!result.error && result.value && typeof result.value === 'object' && raw !== undefined) {
        const value = validatedByText.offer(raw, CONTRACT, result.value);
        // Kept (frozen): the next request with this text skips the parse and the validation.
        if (Object.isFrozen(value)) knownValid.add(value);
      }
      return result;
    };
  });

  // The 200 answer is written by hand to JSON bytes (quote-answer-json.ts), a kept answer once;
  // the error answers go through the compiled serializer of their schema.
  app.setSerializerCompiler((route) => {
    if (String(route.httpStatus) !== '200') return compiledSerializerCompiler(route);
    return asFastifySerializer(rememberFrozen<QuoteResponse, Buffer>(quoteAnswerJson));
  });
}
