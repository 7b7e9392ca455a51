import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ApiError } from '@envios/contracts/errors';
import { AppError, type FieldError } from '../shared/errors.js';
import { databaseErrorOf } from '../shared/log-safety.js';
import { fieldLabel } from './field-labels.js';

/** Zod's own messages are Spanish (see zod locale set in app.ts); we prefix the field. */
function toFieldErrors(issues: { instancePath?: string; message?: string; params?: unknown }[]): FieldError[] {
  return issues.map((issue) => {
    const params = issue.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined;
    const pathParts = params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const path = pathParts.map(String).join('.');
    const message = params?.issue?.message ?? issue.message ?? 'Valor inválido.';
    return { path, message: path && !message.includes(fieldLabel(path)) && !/^(El|La|Los|Las)\s/.test(message) ? `${fieldLabel(path)}: ${message}` : message };
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx of ours (a service down) logs what failed underneath, once; 4xx are the caller's.
      if (error.statusCode >= 500) {
        request.log.error(
          { err: error.cause ?? error, code: error.code, operation: `${request.method} ${request.routeOptions.url ?? 'sin ruta'}` },
          error.message,
        );
      }
      if (error.headers) void reply.headers(error.headers);
      const body: ApiError = { message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation);
      const first = errors[0];
      const body: ApiError = {
        message: first ? `Revisa el campo ${fieldLabel(first.path) || 'enviado'}: ${first.message}` : 'Revisa los datos enviados.',
        code: errorCodes.validation,
        errors,
      };
      return reply.status(400).send(body);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        message: error.message || 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
        code: errorCodes.rateLimited,
      } satisfies ApiError);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'El tipo de contenido no es compatible; envía JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'La solicitud es demasiado grande.'
            : 'La solicitud no es válida: revisa el formato de los datos enviados.';
      return reply.status(error.statusCode).send({ message, code: errorCodes.validation } satisfies ApiError);
    }
    // The operation's name, never its data: a database error is logged with its code only.
    const operation = `${request.method} ${request.routeOptions.url ?? 'sin ruta'}`;
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, operation, issues: error.cause.issues }, 'la respuesta no coincide con su esquema');
    } else if (databaseErrorOf(error)) {
      request.log.error({ err: error, operation }, 'error de base de datos');
    } else {
      request.log.error({ err: error, operation }, 'error no controlado');
    }
    return reply.status(500).send({
      message: 'Ocurrió un error inesperado. Intenta de nuevo; si persiste, contáctanos.',
      code: errorCodes.internal,
    } satisfies ApiError);
  });
}
