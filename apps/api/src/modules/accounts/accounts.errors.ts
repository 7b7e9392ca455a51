import { accountErrorCodes, accountMessages } from '@envios/contracts/accounts';
import { errorCodes } from '@envios/contracts/errors';
import { AppError } from '../../shared/errors.js';

const MX_TIME = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', hour: '2-digit', minute: '2-digit', hour12: false });

function retryIn(until: Date, now: Date): { text: string; seconds: number } {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const span = seconds < 60 ? `${seconds} segundos` : minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  return { text: `${span} (a las ${MX_TIME.format(until)}, hora del centro de México)`, seconds };
}

export const accountErrors = {
  unknownTaxPostalCode: (code: string) => {
    const message = `El código postal ${code} no está en nuestro catálogo de códigos postales: escribe el de tu domicilio fiscal, como aparece en tu Constancia de Situación Fiscal.`;
    return new AppError(400, errorCodes.validation, message, [{ path: 'taxInformation.postal_code', message }]);
  },
  emailTaken: () =>
    new AppError(409, accountErrorCodes.emailTaken, 'Ya existe una cuenta con este correo electrónico. Inicia sesión o recupera tu contraseña.'),
  /** A wrong e-mail or password answers 404 with this exact text. */
  invalidCredentials: () => new AppError(404, accountErrorCodes.invalidCredentials, accountMessages.invalidCredentials),
  /** A pending account signs in to the message `no active`. */
  inactive: () => new AppError(403, accountErrorCodes.inactive, accountMessages.inactive),
  locked: () => new AppError(403, accountErrorCodes.locked, 'Tu cuenta está bloqueada. Escríbenos para revisarla.'),
  tooManySignIns: (until: Date, now: Date) => {
    const r = retryIn(until, now);
    return new AppError(429, accountErrorCodes.tooManyAttempts, `Demasiados intentos de inicio de sesión. Vuelve a intentarlo en ${r.text}.`, undefined, {
      'retry-after': String(r.seconds),
    });
  },
  tooManyRequests: (until: Date, now: Date) => {
    const r = retryIn(until, now);
    return new AppError(429, errorCodes.rateLimited, `Demasiadas solicitudes. Vuelve a intentarlo en ${r.text}.`, undefined, {
      'retry-after': String(r.seconds),
    });
  },
  emailNotFound: () => new AppError(404, accountErrorCodes.emailNotFound, accountMessages.emailNotFound),
  recoveryTokenInvalid: () =>
    new AppError(400, accountErrorCodes.recoveryTokenInvalid, 'El enlace para recuperar la contraseña no es válido, ya se usó o venció. Solicita uno nuevo.'),
  wrongCurrentPassword: () =>
    new AppError(400, accountErrorCodes.wrongCurrentPassword, 'La contraseña actual no es correcta.', [
      { path: 'currentPassword', message: 'La contraseña actual no es correcta.' },
    ]),
  currentPasswordRequired: () =>
    new AppError(400, errorCodes.validation, 'Revisa el campo contraseña actual: es obligatoria para cambiar tu contraseña.', [
      { path: 'currentPassword', message: 'La contraseña actual es obligatoria.' },
    ]),
  userNotFound: () => new AppError(404, accountErrorCodes.notFound, 'El usuario no existe.'),
  adminOnlyFields: () => new AppError(403, accountErrorCodes.adminOnly, 'Solo un administrador puede activar, desactivar o bloquear cuentas.'),
  taxDataIncomplete: () =>
    new AppError(409, accountErrorCodes.taxDataIncomplete, accountMessages.taxDataIncomplete, [
      { path: 'invoice', message: accountMessages.taxDataIncomplete },
    ]),
  purchasesBlocked: () => new AppError(403, accountErrorCodes.purchasesBlocked, accountMessages.purchasesBlocked),
  cannotDeactivateSelf: () => new AppError(409, 'accounts.cannot_deactivate_self', 'No puedes desactivar ni bloquear tu propia cuenta de administrador.'),
};
