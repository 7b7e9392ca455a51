import { errorCodes } from '@envios/contracts/errors';
import { paymentErrorCodes } from '@envios/contracts/payments';
import { AppError } from '../../shared/errors.js';
import type { CashProviderError, CashWebhookError } from './adapters/conekta-types.js';
import type { PaymentProviderError } from './adapters/payment-provider.js';

function field(status: number, code: string, message: string, path: string | undefined): AppError {
  return new AppError(status, code, message, path ? [{ path, message }] : undefined);
}

export const paymentErrors = {
  notFound: () => new AppError(404, paymentErrorCodes.notFound, 'El pago no existe.'),
  shipmentNotFound: (path?: string) => field(404, errorCodes.notFound, 'Uno de los envíos seleccionados no existe.', path),
  topUpNotFound: () => new AppError(404, paymentErrorCodes.notFound, 'El abono no existe.'),
  /** Names the paid shipment by its folio. */
  shipmentAlreadyPaid: (numberOfOrder: number, path?: string) => field(409, paymentErrorCodes.alreadyPaid, `El envío ${numberOfOrder} ya está pagado.`, path),
  topUpAlreadyPaid: () => new AppError(409, paymentErrorCodes.alreadyPaid, 'Este abono ya está pagado.'),
  overweightAlreadyPaid: () => new AppError(409, paymentErrorCodes.alreadyPaid, 'El sobrepeso de este envío ya está pagado.'),
  noOverweight: () => new AppError(409, paymentErrorCodes.notPayable, 'Este envío no tiene sobrepeso por pagar.'),
  notPayable: (message = 'No hay nada que pagar.') => new AppError(409, paymentErrorCodes.notPayable, message),
  /** The payment cannot be captured any more (paid by other means, closed). */
  closed: () => new AppError(409, paymentErrorCodes.notPayable, 'Este pago ya no se puede completar. Inicia el pago de nuevo.'),
  unavailable: (message = 'PayPal no está disponible en este momento. Intenta de nuevo en unos minutos.') =>
    new AppError(503, paymentErrorCodes.providerUnavailable, message),
  /** The per-user limit of inventory guides held by attempts not yet paid. */
  holdLimit: (count: { needed: number; heldBefore: number; limit: number }) =>
    new AppError(
      409,
      paymentErrorCodes.holdLimit,
      `Este pago apartaría ${count.needed} ${count.needed === 1 ? 'guía' : 'guías'} y ya tienes ${count.heldBefore} apartadas en pagos sin terminar; el máximo es ${count.limit}. ` +
        'Termina o cancela esos pagos, paga menos envíos a la vez, o paga con tu Monedero, que no aparta guías.',
    ),
  alreadyReceived: () =>
    new AppError(409, paymentErrorCodes.alreadyPaid, 'El pago en OXXO de este envío ya se recibió y no se puede cancelar; en unos minutos lo verás pagado.'),
  disabled: () =>
    new AppError(503, paymentErrorCodes.disabled, 'Los pagos con este método no están disponibles en este momento. Paga con tu Monedero o intenta más tarde.'),
  sandboxOnly: () => new AppError(404, errorCodes.routeNotFound, 'La página de pruebas de PayPal solo existe con el proveedor de pruebas.'),
  /** PayPal refused the order creation: its issue, description and debug id, shown on the screen so support can trace it. */
  provider: (error: PaymentProviderError) => {
    const extra = [error.issue, error.description, error.debugId ? `debug id ${error.debugId}` : undefined].filter(Boolean).join(' · ');
    if (error.kind === 'unavailable' || error.kind === 'auth')
      return new AppError(503, paymentErrorCodes.providerUnavailable, extra ? `${error.message} (${extra})` : error.message);
    return new AppError(502, paymentErrorCodes.declined, extra ? `${error.message} (${extra})` : error.message);
  },
  /** An OXXO reference nobody has, or someone else's where that must not be told apart. */
  referenceNotFound: (reference: string, path = 'references') => field(404, 'payments.reference_not_found', `La referencia ${reference} no existe.`, path),
};

/** OXXO cash payments through Conekta: the reference could not be made, the webhook was refused, the sandbox mark. */
export const oxxoErrors = {
  provider: (error: CashProviderError) =>
    error.retryable
      ? new AppError(503, paymentErrorCodes.providerUnavailable, `No pudimos generar tu referencia de pago en OXXO: ${error.message}`)
      : new AppError(502, paymentErrorCodes.declined, `No pudimos generar tu referencia de pago en OXXO: ${error.message}`),
  noPhone: () => new AppError(409, paymentErrorCodes.notPayable, 'Para pagar en OXXO tu cuenta necesita un teléfono. Agrégalo en Configuración.'),
  sandboxOnly: () => new AppError(409, paymentErrorCodes.notPayable, 'Solo los pagos OXXO de prueba (sandbox) pendientes se pueden marcar desde aquí.'),
  /** The sandbox could not settle the order (it says why). */
  sandboxRefused: (message: string) => new AppError(409, paymentErrorCodes.notPayable, message),
  webhook: (error: CashWebhookError) =>
    error.code === 'webhook.malformed' ? new AppError(400, 'webhook.malformed', error.message) : new AppError(401, error.code, error.message),
  webhookUnavailable: (message: string) => new AppError(503, paymentErrorCodes.providerUnavailable, message),
};
