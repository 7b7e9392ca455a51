import { API_KEYS_PER_ACCOUNT, developersErrorCodes } from '@envios/contracts/developers';
import { errorCodes } from '@envios/contracts/errors';
import { AppError } from '../../shared/errors.js';

export const developersErrors = {
  keyLimit: () =>
    new AppError(409, developersErrorCodes.keyLimit, `Ya tienes ${API_KEYS_PER_ACCOUNT} llaves activas: revoca una que ya no uses para crear otra.`),
  keyNotFound: () => new AppError(404, developersErrorCodes.keyNotFound, 'La llave de API no existe.'),
  /** A key that is unknown, revoked or malformed: never says which. */
  invalidKey: () => new AppError(401, errorCodes.unauthenticated, 'La llave de API no es válida o fue revocada.'),
  readOnlyKey: () =>
    new AppError(
      403,
      developersErrorCodes.readOnlyKey,
      'Esta llave de API es de solo lectura: crea una de lectura y escritura en Desarrolladores para hacer cambios.',
    ),
  sessionOnly: () => new AppError(403, developersErrorCodes.sessionOnly, 'Esta operación solo se hace con tu sesión en Envíos MX, no con una llave de API.'),
  testKeyPayment: () =>
    new AppError(
      403,
      developersErrorCodes.testKeyPayment,
      'Una llave de pruebas solo paga con métodos en modo de pruebas (sandbox) y nunca con el monedero: usa una llave de producción para mover dinero real.',
    ),
  rateLimited: (retryAfterSeconds: number, perSecond: number, burst: number) =>
    new AppError(
      429,
      developersErrorCodes.keyRateLimited,
      `Demasiadas solicitudes con esta llave de API (hasta ${perSecond} por segundo, ${burst} seguidas). Vuelve a intentarlo en ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'segundo' : 'segundos'}.`,
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
};
