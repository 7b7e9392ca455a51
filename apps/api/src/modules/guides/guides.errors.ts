import { errorCodes } from '@envios/contracts/errors';
import { guideErrorCodes } from '@envios/contracts/guides';
import { paymentMessages } from '@envios/contracts/payments';
import { AppError } from '../../shared/errors.js';

export const guidesMessages = {
  notPaid: 'La guía estará disponible cuando el envío esté pagado.',
  notIssued: 'Tu guía se está generando. Intenta de nuevo en unos segundos.',
  badLink: 'El enlace de la guía no es válido o ya venció. Inicia sesión para descargarla.',
  labelUnavailable: 'No pudimos generar la etiqueta de esta guía. Nuestro equipo ya fue avisado; intenta más tarde.',
} as const;

export const guidesErrors = {
  /** No prepaid guide left for a service (answered before any money is taken). */
  noGuides: () => new AppError(409, guideErrorCodes.noGuides, paymentMessages.noGuides),
  shipmentNotFound: () => new AppError(404, errorCodes.notFound, 'El envío no existe.'),
  serviceNotFound: () => new AppError(404, errorCodes.notFound, 'El servicio no existe.'),
  notPaid: () => new AppError(409, guideErrorCodes.notPaid, guidesMessages.notPaid),
  notIssued: () => new AppError(409, guideErrorCodes.notIssued, guidesMessages.notIssued, undefined, { 'retry-after': '5' }),
  badLink: () => new AppError(403, guideErrorCodes.badLink, guidesMessages.badLink),
  /** The label cannot be drawn from the stored data (a bug upstream, never the customer's fault). */
  labelUnavailable: () => new AppError(422, guideErrorCodes.labelInvalid, guidesMessages.labelUnavailable),
  badCsv: (message: string) => new AppError(400, guideErrorCodes.badCsv, message, [{ path: 'csv', message }]),
};
