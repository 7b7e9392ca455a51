import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';
import { constantAnswer, sendConstant, type ConstantAnswer } from '../../plugins/compression.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countryListResponseSchema,
  postalLookupParamsSchema,
  postalSearchQuerySchema,
  postalSearchResponseSchema,
  zipCodeQuerySchema,
  zipCodeResponseSchema,
} from '@envios/contracts/geography';
import { apiErrorSchema } from '@envios/contracts/errors';
import type { AnswerCaching } from '../../shared/kept-answers.js';
import type { Geography } from './geography.usecases.js';

export interface GeographyRoutesOptions {
  /** Shared with the modules that resolve postal codes; the application starts and stops it. */
  geography: Geography;
  caching: AnswerCaching;
}

// The catalogue changes a few times a year; a short browser cache spares repeated keystrokes.
const POSTAL_CACHE = 'public, max-age=300';
const SEARCH_CACHE_ENTRIES = 5_000;
const serializeSearch = compiledSerializerCompiler({ schema: postalSearchResponseSchema });
const COUNTRIES_CACHE = 'public, max-age=86400';
const serializeCountries = compiledSerializerCompiler({ schema: countryListResponseSchema });

export const geographyRoutes: FastifyPluginAsyncZod<GeographyRoutesOptions> = async (app, { geography, caching }) => {
  const { compress } = geography;
  // Typing is prefix-by-prefix, so the same few thousand searches repeat: their JSON is kept per
  // catalogue version (a new import changes the version and so every answer), from the first ask.
  const searchAnswers = caching.create<string>('geography.search', { budget: SEARCH_CACHE_ENTRIES, keepFrom: 'first' });
  // The country list is part of this release: written, compressed and tagged on first use, then
  // sent as it is.
  let countries: ConstantAnswer | undefined;

  app.get(
    '/api/v1/postalcodes',
    {
      config: { guard: 'public' },
      // Hot, plain-string answers: a compiled serializer instead of zod's encode + stringify.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['geografía'],
        summary: 'Sugerencias de códigos postales que empiezan con lo escrito (3 a 7 caracteres en MX, 5 a 7 en otros países)',
        querystring: postalSearchQuerySchema,
        response: { 200: postalSearchResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const version = String(geography.catalogueInfo().version);
      const key = `${request.query.country}|${request.query.search}`;
      const body = searchAnswers.get(key, version) ?? searchAnswers.offer(key, version, serializeSearch(geography.searchPostalCodes(request.query)));
      void reply.header('cache-control', POSTAL_CACHE).type('application/json; charset=utf-8');
      // Already serialized with the route's own schema; Fastify sends a string as it is.
      return reply.send(body as never);
    },
  );

  app.get(
    '/api/v1/postalcode',
    {
      config: { guard: 'public' },
      // Hot, plain-string answers: a compiled serializer instead of zod's encode + stringify.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['geografía'],
        summary: 'Asentamientos (parish) de un código postal completo, con ciudad y estado',
        querystring: zipCodeQuerySchema,
        response: { 200: zipCodeResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = geography.findZipCode(request.query);
      void reply.header('cache-control', POSTAL_CACHE);
      return answer;
    },
  );

  app.get(
    '/api/v1/postalcodes/:country/:code',
    {
      config: { guard: 'public' },
      // Hot, plain-string answers: a compiled serializer instead of zod's encode + stringify.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['geografía'],
        summary: 'Asentamientos de un código postal exacto de un país',
        params: postalLookupParamsSchema,
        response: { 200: postalSearchResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = geography.lookupPostalCode(request.params);
      void reply.header('cache-control', POSTAL_CACHE);
      return answer;
    },
  );

  app.get(
    '/api/v1/countrycodes',
    {
      config: { guard: 'public' },
      // Already compressed once (br and gzip): the compression plugin has nothing to do here.
      compress: false,
      schema: {
        tags: ['geografía'],
        summary: 'Países (ISO 3166-1) con nombre en español, bandera y lada; México primero (con ETag: 304 si no cambió)',
        response: { 200: countryListResponseSchema },
      },
    },
    // Not async: a prepared answer needs no promise.
    (request, reply) => {
      countries ??= constantAnswer(serializeCountries(geography.listCountries()), { cacheControl: COUNTRIES_CACHE });
      sendConstant(request, reply, countries, compress);
    },
  );
};
