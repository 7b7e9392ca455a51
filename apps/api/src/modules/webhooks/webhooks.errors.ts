import { WEBHOOK_ENDPOINTS_PER_ACCOUNT, developersErrorCodes } from '@envios/contracts/developers';
import { AppError } from '../../shared/errors.js';

export const webhooksErrors = {
  endpointLimit: () =>
    new AppError(
      409,
      developersErrorCodes.endpointLimit,
      `Ya tienes ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} destinos de webhooks: borra uno que ya no uses para agregar otro.`,
    ),
  endpointNotFound: () => new AppError(404, developersErrorCodes.endpointNotFound, 'El destino de webhooks no existe.'),
  deliveryNotFound: () => new AppError(404, developersErrorCodes.deliveryNotFound, 'La entrega no existe.'),
  urlRefused: (message: string) => new AppError(400, developersErrorCodes.urlRefused, message, [{ path: 'url', message }]),
  endpointPaused: () => new AppError(409, developersErrorCodes.endpointPaused, 'El destino está en pausa: reanúdalo para reenviarle avisos.'),
};
