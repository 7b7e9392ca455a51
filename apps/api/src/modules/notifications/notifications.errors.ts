import { AppError } from '../../shared/errors.js';

export const notificationErrors = {
  messageNotFound: () => new AppError(404, 'notifications.message_not_found', 'El mensaje no existe en la bandeja de salida.'),
};
