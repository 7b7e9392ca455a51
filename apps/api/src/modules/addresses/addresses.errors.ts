import { addressErrorCodes, SAVED_LOCATIONS_MAX } from '@envios/contracts/addresses';
import { AppError } from '../../shared/errors.js';
import { errorCodes } from '@envios/contracts/errors';

export const addressErrors = {
  notFound: () => new AppError(404, addressErrorCodes.notFound, 'La dirección no existe.'),
  tooMany: () =>
    new AppError(
      409,
      addressErrorCodes.tooMany,
      `Ya tienes ${SAVED_LOCATIONS_MAX} direcciones guardadas, el máximo permitido. Elimina alguna que ya no uses para guardar otra.`,
    ),
  unknownUser: () => {
    const message = 'No existe una cuenta con ese identificador de usuario.';
    return new AppError(400, errorCodes.validation, message, [{ path: 'user', message }]);
  },
};
