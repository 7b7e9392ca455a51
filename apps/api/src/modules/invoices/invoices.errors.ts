import { invoiceErrorCodes } from '@envios/contracts/invoices';
import { AppError } from '../../shared/errors.js';

/** Where a refusal of the stamping service names a receptor field, the seller's form names it so. */
const FIELD_OF_PATH: Record<string, string> = {
  legal_name: 'taxInformation.name',
  tax_id: 'taxInformation.rfc',
  tax_system: 'taxInformation.tax_system',
  'address.zip': 'taxInformation.postal_code',
  zip: 'taxInformation.postal_code',
  email: 'taxInformation.email',
  use: 'taxInformation.cfdi_use',
};

/** The form field a service path («customer.legal_name», «use»…) is about, if it is one of the seller's. */
export function taxFieldOf(path: string | null): string | undefined {
  if (!path) return undefined;
  return FIELD_OF_PATH[path.replace(/^customer\./, '')];
}

export const invoiceErrors = {
  notFound: () => new AppError(404, invoiceErrorCodes.notFound, 'La factura no existe.'),
  paymentNotFound: () => new AppError(404, invoiceErrorCodes.paymentNotFound, 'El pago no existe.', [{ path: 'payment_id', message: 'El pago no existe.' }]),
  walletPayment: () =>
    new AppError(
      409,
      invoiceErrorCodes.walletPayment,
      'Las compras pagadas con el monedero no se facturan: se facturó el abono con el que recargaste tu saldo.',
      [{ path: 'payment_id', message: 'Este pago se hizo con el monedero.' }],
    ),
  paymentNotPaid: () =>
    new AppError(409, invoiceErrorCodes.paymentNotPaid, 'Este pago todavía no está pagado: se puede facturar cuando recibamos el dinero.', [
      { path: 'payment_id', message: 'El pago no está pagado.' },
    ]),
  taxDataIncomplete: (missing: string) =>
    new AppError(409, invoiceErrorCodes.taxDataIncomplete, `Completa tus datos fiscales en Facturación antes de pedir la factura: ${missing}`, [
      { path: 'taxInformation', message: missing },
    ]),
  monthClosed: (month: string) =>
    new AppError(
      409,
      invoiceErrorCodes.monthClosed,
      `El pago es de ${month}: la factura de un pago se pide dentro del mismo mes; ese mes ya cerró y el pago va en la factura global a público en general.`,
      [{ path: 'payment_id', message: 'El mes del pago ya cerró.' }],
    ),
  alreadyInvoiced: () =>
    new AppError(409, invoiceErrorCodes.alreadyInvoiced, 'Este pago ya tiene su factura.', [{ path: 'payment_id', message: 'Este pago ya tiene su factura.' }]),
  inGlobal: () =>
    new AppError(409, invoiceErrorCodes.inGlobal, 'Este pago ya va en la factura global del mes a público en general y no puede facturarse aparte.', [
      { path: 'payment_id', message: 'El pago está en la factura global.' },
    ]),
  excluded: () =>
    new AppError(409, invoiceErrorCodes.excluded, 'La factura de este pago se canceló porque la operación no se llevó a cabo: no se vuelve a facturar.'),
  /** The stamping service refused: its Spanish message as is, on the field it named. */
  refused: (message: string, path: string | null) => {
    const field = taxFieldOf(path) ?? (path ? `factura.${path}` : 'taxInformation');
    return new AppError(422, invoiceErrorCodes.refused, message, [{ path: field, message }]);
  },
  unavailable: (cause?: unknown) =>
    Object.assign(
      new AppError(
        503,
        invoiceErrorCodes.unavailable,
        'El servicio de facturación no respondió. Tu factura queda en proceso y la volvemos a pedir en unos minutos.',
        undefined,
        { 'retry-after': '60' },
      ),
      cause === undefined ? {} : { cause },
    ),
  notStamped: () => new AppError(409, invoiceErrorCodes.notStamped, 'La factura todavía no está timbrada: sus archivos estarán listos en cuanto lo esté.'),
  notValid: () => new AppError(409, invoiceErrorCodes.notValid, 'Solo una factura vigente se puede enviar por correo.'),
  notCancellable: (why: string) => new AppError(409, invoiceErrorCodes.notCancellable, why),
  notRetryable: () => new AppError(409, invoiceErrorCodes.notRetryable, 'Solo una factura rechazada o en proceso se puede volver a pedir.'),
  monthOpen: (month: string) =>
    new AppError(409, invoiceErrorCodes.monthOpen, `El mes ${month} no ha terminado: su factura global se emite cuando cierre.`, [
      { path: 'month', message: 'El mes no ha terminado.' },
    ]),
  noEmail: () =>
    new AppError(409, invoiceErrorCodes.noEmail, 'No hay un correo para enviar la factura: agrégalo a tus datos fiscales.', [
      { path: 'email', message: 'Falta el correo.' },
    ]),
  issuerMissing: (missing: string[]) =>
    new AppError(
      409,
      invoiceErrorCodes.issuerMissing,
      `Faltan los datos fiscales de la empresa emisora (${missing.join(', ')}): la factura global necesita su código postal de expedición.`,
    ),
};
