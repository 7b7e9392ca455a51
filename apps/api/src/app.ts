import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { applySpanishValidationMessages } from '@envios/contracts/messages';
import type { Config } from './config/env.js';
import type { DatabaseHandle } from './db/client.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSpa } from './plugins/spa.js';
import './shared/route-guard.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Header and body fields that must never reach a log line. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Builds the whole application without listening: plugins first, then one visible module list. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  applySpanishValidationMessages();
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: true,
    bodyLimit: 1_048_576,
    requestIdHeader: 'x-request-id',
    disableRequestLogging: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every /api/v1 route must say who may call it (shared/route-guard.ts).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.guard) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.guard`);
    }
  });

  registerErrorHandler(app);
  await registerSecurity(app, {
    cookieSecret: config.SECRET_KEY,
    scriptOrigins: [config.CHAT_WIDGET_SRC, config.META_PIXEL_ID ? 'https://connect.facebook.net' : undefined]
      .filter((v): v is string => Boolean(v))
      .map((v) => new URL(v).origin),
  });
  await registerOpenApi(app);

  // Modules, in one visible list.
  await app.register(healthRoutes, { db: database.db });
  await app.register(siteRoutes, {
    info: {
      supportPhone: config.SUPPORT_PHONE,
      whatsappNumber: config.WHATSAPP_NUMBER,
      chatWidgetSrc: config.CHAT_WIDGET_SRC ?? null,
      metaPixelId: config.META_PIXEL_ID ?? null,
    },
  });

  await registerSpa(app, config.WEB_DIST_DIR);
  return app;
}
