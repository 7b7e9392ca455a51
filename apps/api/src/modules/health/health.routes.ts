import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthSchema } from '@envios/contracts/site';
import { apiErrorSchema } from '@envios/contracts/errors';
import type { Database } from '../../db/client.js';
import { commonErrors } from '../../shared/errors.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio: 200 cuando la base de datos responde',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw commonErrors.unavailable('La base de datos no responde.');
      }
      return { status: 'ok' as const };
    },
  );
};
