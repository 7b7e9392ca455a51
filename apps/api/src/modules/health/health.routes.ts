import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthSchema, readinessSchema, type Readiness } from '@envios/contracts/site';
import { apiErrorSchema } from '@envios/contracts/errors';
import type { Database } from '../../db/client.js';
import { commonErrors } from '../../shared/errors.js';

export interface ReadinessChecks {
  /** Migrations shipped with this version and not applied yet. */
  pendingMigrations(): Promise<number>;
  /** Postal codes and carriers are loaded in memory (quotes and address forms need both). */
  cataloguesLoaded(): boolean;
  /** False once the process began shutting down. */
  accepting(): boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; readiness: ReadinessChecks }> = async (app, { db, readiness }) => {
  app.get(
    '/api/health',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Vivo: 200 cuando el proceso responde y la base de datos también',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        throw commonErrors.unavailable('La base de datos no responde.', error);
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Listo para recibir tráfico: base de datos, migraciones al día, catálogos cargados y sin cierre en curso (503 si algo falla)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const database = await db.execute(sql`select 1`).then(
        () => true,
        (error: unknown) => {
          request.log.warn({ err: error }, 'preparación: la base de datos no responde');
          return false;
        },
      );
      const migrations = database ? (await readiness.pendingMigrations().catch(() => 1)) === 0 : false;
      const checks = { database, migrations, catalogues: readiness.cataloguesLoaded(), accepting: readiness.accepting() };
      const failing = Object.entries(checks).filter(([, ok]) => !ok).map(([name]) => name);
      const answer: Readiness = failing.length
        ? { status: 'unavailable', checks, message: `No está listo: ${failing.map((f) => READINESS_NAMES[f] ?? f).join(', ')}.` }
        : { status: 'ok', checks };
      void reply.header('cache-control', 'no-store');
      return reply.status(failing.length ? 503 : 200).send(answer);
    },
  );
};

const READINESS_NAMES: Record<string, string> = {
  database: 'la base de datos no responde',
  migrations: 'faltan migraciones por aplicar',
  catalogues: 'los catálogos aún no están cargados',
  accepting: 'el proceso se está cerrando',
};
