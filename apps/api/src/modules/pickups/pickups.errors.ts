import { errorCodes } from '@envios/contracts/errors';
import { pickupErrorCodes } from '@envios/contracts/pickups';
import { AppError } from '../../shared/errors.js';

export const pickupErrors = {
  notFound: () => new AppError(404, pickupErrorCodes.notFound, 'La recolección no existe.'),
  /** `tracking_number` names no live shipment (by guide number, id or folio). */
  shipmentNotFound: () =>
    new AppError(404, errorCodes.notFound, 'No existe un envío con ese número de guía.', [
      { path: 'tracking_number', message: 'No existe un envío con ese número de guía.' },
    ]),
  /** The shipment belongs to another account (a user may only ask for their own). */
  notOwnShipment: () =>
    new AppError(403, errorCodes.forbidden, 'Solo puedes solicitar la recolección de tus propios envíos.', [
      { path: 'tracking_number', message: 'Solo puedes solicitar la recolección de tus propios envíos.' },
    ]),
  notPaid: () =>
    new AppError(409, pickupErrorCodes.notPaid, 'La recolección se solicita cuando el envío está pagado.', [
      { path: 'tracking_number', message: 'La recolección se solicita cuando el envío está pagado.' },
    ]),
  forbidden: () => new AppError(403, errorCodes.forbidden, 'No tienes permiso para ver esta recolección.'),
};
