import { createHash } from 'node:crypto';
import { checkCustomer, checkInvoiceRequest, totalCentavos } from './cfdi-rules.js';
import { StampRefusedError, type StampedInvoice, type StampingService } from './stamping-service.js';

/**
 * The offline stamping service (no FACTURAPI_KEY): it checks what can be checked without the SAT
 * (cfdi-rules.ts) and answers test invoices that are never sent to the SAT. Stateless and
 * deterministic: the same idempotency key always gives the same invoice and test folio fiscal, so
 * a retry after a crash cannot make a second one. Its PDF and XML are drawn by us
 * (invoice-documents.ts), saying «sin validez fiscal» on every page.
 */
export const SANDBOX_ID_PREFIX = 'sandbox_';

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A folio fiscal's shape (UUID v4 layout) from the key, upper case as the SAT writes them. */
function testUuid(key: string): string {
  const h = digest(`uuid:${key}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}

export function createSandboxStamping(clock: { now(): Date } = { now: () => new Date() }): StampingService {
  return {
    mode: 'sandbox',
    async saveCustomer(customer, existingId) {
      const failure = checkCustomer(customer);
      if (failure) throw new StampRefusedError(failure.message, failure.path, failure.code);
      return { id: existingId ?? `${SANDBOX_ID_PREFIX}cus_${digest(customer.tax_id).slice(0, 20)}`, livemode: false };
    },
    async createInvoice(request) {
      const failure = checkInvoiceRequest(request);
      if (failure) throw new StampRefusedError(failure.message, failure.path, failure.code);
      const invoice: StampedInvoice = {
        id: `${SANDBOX_ID_PREFIX}${digest(request.idempotency_key).slice(0, 24)}`,
        uuid: testUuid(request.idempotency_key),
        status: 'valid',
        cancellation_status: 'none',
        total: totalCentavos(request.items) / 100,
        series: request.series ?? null,
        folio_number: null,
        livemode: false,
        date: clock.now().toISOString(),
        idempotency_key: request.idempotency_key,
      };
      return invoice;
    },
    // Creating again with the same key answers the same invoice: nothing to look up.
    async findInvoice() {
      return undefined;
    },
    async retrieveInvoice(id) {
      throw new Error(`El sandbox no guarda facturas (${id}): sus cancelaciones se aceptan al pedirlas.`);
    },
    async cancelInvoice(id, { motive, substitution }) {
      if (motive === '01' && !substitution)
        throw new StampRefusedError('El motivo 01 requiere la factura que sustituye a la cancelada.', 'substitution', 'substitution_invoice_required');
      return {
        id,
        uuid: null,
        status: 'canceled',
        cancellation_status: 'accepted',
        total: 0,
        series: null,
        folio_number: null,
        livemode: false,
        date: clock.now().toISOString(),
        idempotency_key: null,
      };
    },
    async download() {
      throw new Error('El sandbox no guarda documentos: el PDF y el XML de prueba se dibujan con los datos de la factura.');
    },
    async sendByEmail() {
      throw new Error('El sandbox no envía correos: la factura de prueba se envía por nuestro correo.');
    },
  };
}
