import { errorCodes } from '@envios/contracts/errors';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * A failure meant for the caller: status, stable code and a Spanish message. Created by each
 * feature's `*.errors.ts` factories; the error handler turns it into the public shape.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly errors?: FieldError[],
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const commonErrors = {
  validation: (errors: FieldError[], message = 'Revisa los datos enviados.') => new AppError(400, errorCodes.validation, message, errors),
  notFound: (what = 'El recurso') => new AppError(404, errorCodes.notFound, `${what} no existe.`),
  unauthenticated: () => new AppError(401, errorCodes.unauthenticated, 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.'),
  forbidden: () => new AppError(403, errorCodes.forbidden, 'No tienes permiso para realizar esta acción.'),
  /** A cookie-authenticated request that did not come from our own pages. */
  crossSite: () =>
    new AppError(
      403,
      errorCodes.forbidden,
      'Por seguridad, esta acción solo se puede hacer desde las páginas de Envíos MX. Vuelve a intentarlo desde la aplicación.',
    ),
  /** `cause`: what failed underneath, logged once by the error handler (never sent to the caller). */
  unavailable: (message = 'El servicio no está disponible en este momento. Intenta de nuevo en unos minutos.', cause?: unknown) =>
    Object.assign(new AppError(503, errorCodes.unavailable, message), cause === undefined ? {} : { cause }),
};
