import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ApiError } from '@envios/contracts/errors';
import { AppError, type FieldError } from '../shared/errors.js';

const FIELD_NAMES: Record<string, string> = {
  search: 'búsqueda',
  zipCode: 'código postal',
  country: 'país',
  code: 'código postal',
  // Quote request (contracts/quotes).
  postal_code: 'código postal',
  country_code: 'país',
  parcels: 'paquetes',
  depth: 'ancho',
  width: 'largo',
  height: 'alto',
  weight: 'peso',
  package_type: 'tipo de envío',
  cantidadGuias: 'número de guías',
  insured_value: 'valor asegurado',
  insured_value_currency: 'moneda del valor asegurado',
  // Accounts and outbox (contracts/accounts, contracts/notifications).
  firstName: 'nombre',
  lastName: 'apellidos',
  email: 'correo electrónico',
  phone: 'teléfono',
  password: 'contraseña',
  currentPassword: 'contraseña actual',
  website: 'sitio web',
  taxInformation: 'información fiscal',
  name: 'nombre',
  rfc: 'RFC',
  address: 'calle y número',
  colony: 'colonia',
  state_city: 'estado y ciudad',
  invoice: 'facturación automática',
  active: 'estado de la cuenta',
  locked: 'bloqueo de la cuenta',
  filter: 'búsqueda',
  recipient: 'destinatario',
  token: 'enlace',
  id: 'identificador',
  page: 'página',
  limit: 'tamaño de página',
};

function fieldLabel(path: string): string {
  const last = path.split('.').pop() ?? path;
  return FIELD_NAMES[last] ?? last;
}

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
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send({
      message: 'Ocurrió un error inesperado. Intenta de nuevo; si persiste, contáctanos.',
      code: errorCodes.internal,
    } satisfies ApiError);
  });

}
