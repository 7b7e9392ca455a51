import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TASKS, DOCUMENTED_OPERATIONS, eventComponents } from './openapi-guide.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonObject = Record<string, unknown>;

/**
 * The operations an integration uses go under their task (cotizar, crear, pagar, etiquetas,
 * rastrear, webhooks) with a description and an example; the rest keep their module's tag.
 */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const doc = methods.map((m) => DOCUMENTED_OPERATIONS[`${m} ${input.url}`]).find(Boolean);
  if (!doc) return out;
  const schema = { ...(out.schema as JsonObject) };
  schema.tags = [doc.task];
  schema.description = doc.description;
  if (doc.requestExample !== undefined && schema.body) schema.body = { ...(schema.body as JsonObject), examples: [doc.requestExample] };
  if (doc.responseExample && schema.response) {
    const response = { ...(schema.response as JsonObject) };
    const answer = response[doc.responseExample.status] as JsonObject | undefined;
    if (answer) response[doc.responseExample.status] = { ...answer, examples: [doc.responseExample.value] };
    schema.response = response;
  }
  return { ...out, schema };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Envíos MX API',
        description: [
          'API de cotización, compra, pago y rastreo de guías. Montos en MXN con dos decimales.',
          '',
          'Autenticación: `Authorization: Bearer <llave>` con una llave de API de «Desarrolladores» (`emx_live_…` o `emx_test_…`), o la sesión de la web.',
          'Una llave actúa como tu cuenta en todo lo que tu sesión puede hacer, salvo la administración, tus credenciales y «Desarrolladores»; una de solo lectura responde 403 a',
          'cualquier cambio; pasado su límite por segundo responde 429 con `Retry-After`. Errores: `{ message, code, errors?: [{ path, message }] }` en español.',
          '',
          'Los grupos **cotizar → crear → pagar → etiquetas → rastrear → webhooks** siguen una compra de principio a fin.',
        ].join('\n'),
        version: '1.0.0',
      },
      tags: API_TASKS.map((t) => ({ name: t.name, description: t.description })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Una llave de API (`emx_live_…`, `emx_test_…`) o el token de POST /api/v1/login.' },
        },
        schemas: eventComponents((schema) => z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' })) as never,
      },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
