import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Readiness } from '@envios/contracts/site';
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

export interface HealthDeps {
  db: Database;
  readiness: ReadinessChecks;
}

const READINESS_NAMES: Record<string, string> = {
  database: 'la base de datos no responde',
  migrations: 'faltan migraciones por aplicar',
  catalogues: 'los catálogos aún no están cargados',
  accepting: 'el proceso se está cerrando',
};

/** Liveness and readiness, for the load balancer and the orchestrator. */
export function createHealth(deps: HealthDeps) {
  return {
    /** Alive: the process answers and so does the database (503 otherwise). */
    async live(): Promise<{ status: 'ok' }> {
      try {
        await deps.db.execute(sql`select 1`);
      } catch (error) {
        throw commonErrors.unavailable('La base de datos no responde.', error);
      }
      return { status: 'ok' };
    },

    /** Ready for traffic: database, migrations up to date, catalogues loaded, not closing; what fails, in Spanish. */
    async ready(log: FastifyBaseLogger): Promise<Readiness> {
      const database = await deps.db.execute(sql`select 1`).then(
        () => true,
        (error: unknown) => {
          log.warn({ err: error }, 'preparación: la base de datos no responde');
          return false;
        },
      );
      const migrations = database ? (await deps.readiness.pendingMigrations().catch(() => 1)) === 0 : false;
      const checks = { database, migrations, catalogues: deps.readiness.cataloguesLoaded(), accepting: deps.readiness.accepting() };
      const failing = Object.entries(checks)
        .filter(([, ok]) => !ok)
        .map(([name]) => name);
      return failing.length
        ? { status: 'unavailable', checks, message: `No está listo: ${failing.map((f) => READINESS_NAMES[f] ?? f).join(', ')}.` }
        : { status: 'ok', checks };
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
