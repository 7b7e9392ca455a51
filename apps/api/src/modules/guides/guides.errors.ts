import { errorCodes } from '@envios/contracts/errors';
import { guideErrorCodes, labelErrorCodes } from '@envios/contracts/guides';
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

/** Folios as a short list: '1001, 1002 y 3 más'. */
function folios(list: readonly number[]): string {
  const shown = list.slice(0, 8).join(', ');
  return list.length > 8 ? `${shown} y ${list.length - 8} más` : shown;
}

export const labelsErrors = {
  shipmentNotFound: (index?: number) =>
    new AppError(
      404,
      errorCodes.notFound,
      'Uno de los envíos elegidos no existe.',
      index === undefined ? undefined : [{ path: `ids.${index}`, message: 'El envío no existe.' }],
    ),
  notReady: (list: readonly number[]) =>
    new AppError(
      409,
      labelErrorCodes.notReady,
      `${list.length === 1 ? 'El envío' : 'Los envíos'} con folio ${folios(list)} ${list.length === 1 ? 'aún no tiene' : 'aún no tienen'} etiqueta: se imprimen cuando están pagados y su guía está lista. Quítalos de la selección o intenta en unos segundos.`,
    ),
  carrierLabel: (list: readonly number[]) =>
    new AppError(
      409,
      labelErrorCodes.carrierLabel,
      `La paquetería entregó su propia etiqueta en PDF para ${list.length === 1 ? 'el folio' : 'los folios'} ${folios(list)}: descárgala desde el envío (botón Guía) e imprímela aparte.`,
    ),
  nothing: (today: boolean) =>
    new AppError(404, labelErrorCodes.nothing, today ? 'Hoy no tienes guías pagadas para imprimir.' : 'No hay etiquetas para imprimir en esta selección.'),
  labelUnavailable: () => new AppError(422, guideErrorCodes.labelInvalid, guidesMessages.labelUnavailable),
};
