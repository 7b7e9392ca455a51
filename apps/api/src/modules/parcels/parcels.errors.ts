import { errorCodes } from '@envios/contracts/errors';
import { PARCEL_TEMPLATES_MAX, parcelTemplateErrorCodes } from '@envios/contracts/parcels';
import { AppError } from '../../shared/errors.js';

export const parcelErrors = {
  notFound: () => new AppError(404, parcelTemplateErrorCodes.notFound, 'El paquete guardado no existe.'),
  tooMany: () =>
    new AppError(
      409,
      parcelTemplateErrorCodes.tooMany,
      `Ya tienes ${PARCEL_TEMPLATES_MAX} paquetes guardados, el máximo permitido. Elimina alguno que ya no uses para guardar otro.`,
    ),
  nameTaken: (name: string) => {
    const message = `Ya tienes un paquete llamado «${name}». Usa otro nombre.`;
    return new AppError(409, parcelTemplateErrorCodes.nameTaken, message, [{ path: 'name', message }]);
  },
  unknownUser: () => {
    const message = 'No existe una cuenta con ese identificador de usuario.';
    return new AppError(400, errorCodes.validation, message, [{ path: 'user', message }]);
  },
};
