import { carrierErrorCodes } from '@envios/contracts/carriers';
import { AppError, type FieldError } from '../../shared/errors.js';

export const carrierErrors = {
  carrierNotFound: (code: string) => new AppError(404, carrierErrorCodes.notFound, `La paquetería «${code}» no existe.`),
  serviceNotFound: () => new AppError(404, carrierErrorCodes.notFound, 'El servicio de paquetería no existe.'),
  tariffRowNotFound: () => new AppError(404, carrierErrorCodes.notFound, 'La fila de tarifa no existe en este servicio.'),
  markupNotFound: () => new AppError(404, carrierErrorCodes.notFound, 'El margen no existe.'),
  remoteAreaNotFound: (postalCode: string) =>
    new AppError(404, carrierErrorCodes.notFound, `El código postal ${postalCode} no está en la lista de áreas remotas de esta paquetería.`),
  invalidTariff: (errors: FieldError[]) =>
    new AppError(
      400,
      carrierErrorCodes.invalidTariff,
      errors.length === 1 ? `La tarifa no es válida: ${errors[0]!.message}` : `La tarifa tiene ${errors.length} problemas; no se guardó nada.`,
      errors,
    ),
  invalidCsv: (errors: FieldError[]) =>
    new AppError(
      400,
      carrierErrorCodes.invalidCsv,
      errors.length === 1
        ? `El archivo no se importó: ${errors[0]!.message}`
        : `El archivo tiene ${errors.length} errores; no se importó nada. Corrige las filas señaladas y vuelve a subirlo.`,
      errors,
    ),
  unknownUser: (userId: string) => {
    const message = `No existe una cuenta con el identificador ${userId}.`;
    return new AppError(400, carrierErrorCodes.unknownUser, message, [{ path: 'user_id', message }]);
  },
};
