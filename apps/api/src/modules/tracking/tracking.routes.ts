import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import { trackingInputSchema, trackingResultSchema, trackingRouteParamsSchema } from '@envios/contracts/tracking';
import type { Tracking } from './tracking.usecases.js';

const e = apiErrorSchema;
const responses = { 200: trackingResultSchema, 400: e, 404: e, 429: e };

export const trackingRoutes: FastifyPluginAsyncZod<{ tracking: Tracking }> = async (app, { tracking }) => {
  app.post(
    '/api/v1/tracking',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['rastreo'],
        summary:
          'Rastrea una guía con sus movimientos guardados; si no se consultó hace un rato, pregunta a la paquetería con un límite de tiempo ' +
          '(si no responde: los últimos movimientos conocidos y stale: true). 404 si la guía no existe; 400 si tiene menos de 7 caracteres.',
        body: trackingInputSchema,
        response: responses,
      },
    },
    async (request) => tracking.lookup(request.body.guide_number, undefined, request.ip),
  );

  app.post(
    '/api/v1/tracking/:route',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['rastreo'],
        summary:
          'Rastrea una guía por paquetería (dhl, dhlApi, redpack, fedex, ampm, estafeta), con el texto de estado de esa ruta. ' +
          'Una guía de otra paquetería responde 404.',
        params: trackingRouteParamsSchema,
        body: trackingInputSchema,
        response: responses,
      },
    },
    async (request) => tracking.lookup(request.body.guide_number, request.params.route, request.ip),
  );
};
