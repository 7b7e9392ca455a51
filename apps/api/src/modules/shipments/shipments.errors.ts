import { errorCodes } from '@envios/contracts/errors';
import { paymentErrorCodes } from '@envios/contracts/payments';
import { KEYWORD_MAX, shipmentErrorCodes, shipmentMessages } from '@envios/contracts/shipments';
import { AppError } from '../../shared/errors.js';

function field(status: number, code: string, message: string, path: string | undefined): AppError {
  return new AppError(status, code, message, path ? [{ path, message }] : undefined);
}

export const shipmentErrors = {
  notFound: () => new AppError(404, shipmentErrorCodes.notFound, 'El envío no existe.'),
  /** One of several ids named in a bulk call does not exist (or was deleted). */
  notFoundAt: (path: string) => field(404, shipmentErrorCodes.notFound, 'Uno de los envíos seleccionados no existe.', path),
  paidCannotEdit: () => new AppError(409, shipmentErrorCodes.paid, shipmentMessages.paidCannotEdit),
  paidCannotDelete: () => new AppError(409, shipmentErrorCodes.paid, shipmentMessages.paidCannotDelete),
  /** Bulk delete: names the paid shipment by its folio; nothing was deleted. */
  paidInList: (numberOfOrder: number, path: string) =>
    field(409, shipmentErrorCodes.paid, `El envío ${numberOfOrder} ya fue pagado. ${shipmentMessages.paidCannotDelete} No se eliminó ningún envío.`, path),
  priceChanged: (path: string) => field(409, shipmentErrorCodes.priceChanged, shipmentMessages.priceChanged, path),
  requoteRequired: () => field(409, shipmentErrorCodes.requoteRequired, shipmentMessages.requoteRequired, 'selected_service'),
  serviceUnavailable: (path: string) => field(409, shipmentErrorCodes.serviceUnavailable, shipmentMessages.serviceUnavailable, path),
  accountInactive: () => new AppError(403, shipmentErrorCodes.accountInactive, shipmentMessages.accountInactive),
  accountLocked: () => new AppError(403, shipmentErrorCodes.accountLocked, shipmentMessages.accountLocked),
  idempotencyConflict: () => field(422, shipmentErrorCodes.idempotencyConflict, shipmentMessages.idempotencyConflict, 'Idempotency-Key'),
  /** Another request with the key won and its purchase is already gone: a retry settles it. */
  idempotencyBusy: () =>
    field(
      409,
      shipmentErrorCodes.idempotencyConflict,
      'Otra solicitud con la misma clave de idempotencia cambió mientras tanto. Intenta de nuevo.',
      'Idempotency-Key',
    ),
  overweightAdminOnly: () => field(403, errorCodes.forbidden, shipmentMessages.overweightAdminOnly, 'overweight'),
  unknownUser: (path: string) => field(400, errorCodes.validation, 'No existe una cuenta con ese identificador.', path),
  keywordTooLong: (path: string) =>
    field(400, errorCodes.validation, `Revisa el campo palabras clave: cada palabra clave debe tener como máximo ${KEYWORD_MAX} caracteres.`, path),
  invalid: (path: string, message: string) => field(400, errorCodes.validation, message, path),
  /** An open attempt charges the price it opened with: cancel it before changing what the shipment costs. */
  paymentInProgress: (folio: number, method: string) =>
    new AppError(
      409,
      paymentErrorCodes.inProgress,
      `Este envío tiene un pago en curso (${method}, pago ${folio}). Para cambiar su precio, servicio, paquetes, seguro o código postal, primero cancela ese pago; después podrás pagarlo con el precio nuevo.`,
    ),
};
