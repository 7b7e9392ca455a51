import { BULK_ROWS_MAX, bulkErrorCodes } from '@envios/contracts/bulk';
import { AppError } from '../../shared/errors.js';

export const bulkErrors = {
  notFound: () => new AppError(404, bulkErrorCodes.notFound, 'La carga masiva no existe.'),
  rowNotFound: (row: number) => new AppError(404, bulkErrorCodes.notFound, `La fila ${row} no existe en esta carga.`),
  badFile: (message: string) => new AppError(400, bulkErrorCodes.badFile, message, [{ path: 'file', message }]),
  tooManyRows: (rows: number) => {
    const message = `El archivo tiene ${rows.toLocaleString('es-MX')} filas de envíos; el máximo por archivo es ${BULK_ROWS_MAX.toLocaleString('es-MX')}. Divídelo en varios archivos.`;
    return new AppError(400, bulkErrorCodes.tooManyRows, message, [{ path: 'file', message }]);
  },
  processing: () =>
    new AppError(409, bulkErrorCodes.processing, 'Todavía estamos revisando las filas de este archivo. Espera a que termine para crear los envíos.'),
  rowCreated: (row: number) => new AppError(409, bulkErrorCodes.rowCreated, `La fila ${row} ya se convirtió en un envío; edítalo desde Mis Envíos.`),
};
