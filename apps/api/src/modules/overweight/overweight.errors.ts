import { errorCodes } from '@envios/contracts/errors';
import { overweightErrorCodes, overweightMessages } from '@envios/contracts/overweight';
import { AppError } from '../../shared/errors.js';

function field(status: number, code: string, message: string, path: string | undefined): AppError {
  return new AppError(status, code, message, path ? [{ path, message }] : undefined);
}

export const overweightErrors = {
  shipmentNotFound: () => new AppError(404, 'shipments.not_found', 'El envío no existe.'),
  notFound: () => new AppError(404, overweightErrorCodes.notFound, 'Este envío no tiene sobrepeso registrado.'),
  fileNotFound: () => new AppError(404, overweightErrorCodes.notFound, 'El archivo no existe.'),
  shipmentUnpaid: () => field(409, overweightErrorCodes.shipmentUnpaid, overweightMessages.shipmentUnpaid, 'overweight'),
  alreadyPaid: () => field(409, overweightErrorCodes.alreadyPaid, overweightMessages.alreadyPaid, 'overweight'),
  disputeOpen: () => field(409, overweightErrorCodes.disputeOpen, overweightMessages.disputeOpen, 'overweight'),
  cancelled: () => field(409, overweightErrorCodes.cancelled, overweightMessages.cancelled, 'overweight'),
  disputeTwice: () => new AppError(409, overweightErrorCodes.disputeNotAllowed, overweightMessages.disputeTwice),
  disputeNothing: () => new AppError(409, overweightErrorCodes.disputeNotAllowed, overweightMessages.disputeNothing),
  noOpenDispute: () => new AppError(409, overweightErrorCodes.noOpenDispute, overweightMessages.noOpenDispute),
  notPayable: (message: string) => new AppError(409, overweightErrorCodes.alreadyPaid, message),
  fileInvalid: (path: string, message: string) => field(400, overweightErrorCodes.fileInvalid, message, path),
  tooManyFiles: (path: string, message: string) => field(400, overweightErrorCodes.tooManyFiles, message, path),
  invalid: (path: string, message: string) => field(400, errorCodes.validation, message, path),
  /** The customer disputed with this evidence in view: it stays. */
  evidenceLocked: () => new AppError(409, 'overweight.evidence_locked', 'El cliente ya pidió una aclaración: la evidencia que vio se conserva.'),
};
