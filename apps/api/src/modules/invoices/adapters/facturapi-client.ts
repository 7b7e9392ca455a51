import facturapiModule from 'facturapi';
import type { CancellationMotive as SdkMotive } from 'facturapi';
import {
  StampRefusedError,
  StampUnavailableError,
  type CfdiCustomer,
  type CfdiInvoiceRequest,
  type StampedInvoice,
  type StampingService,
} from './stamping-service.js';

/**
 * Facturapi through its official SDK (`facturapi` on npm), pointed at FACTURAPI_API_URL when set
 * (tests: the local fake in fakes/facturapi.fake.ts). Every call has a time limit; the SDK's
 * errors become StampRefusedError (4xx: the data must change) or StampUnavailableError (429,
 * 409 while it stamps, 5xx, no answer: try again later).
 */

// The package is CommonJS with an ES-style default export: Node's import gives its exports object.
type FacturapiClass = typeof facturapiModule;
const Facturapi: FacturapiClass = (facturapiModule as unknown as { default?: FacturapiClass }).default ?? facturapiModule;

export interface FacturapiClientOptions {
  apiKey: string;
  /** `https://www.facturapi.io/v2` unless set. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

interface SdkError {
  status?: number;
  message?: string;
  code?: string;
  path?: string;
  errors?: { message?: string; path?: string; code?: string }[];
  headers?: Record<string, string>;
}

function isSdkError(error: unknown): error is SdkError & Error {
  return error instanceof Error && typeof (error as SdkError).status === 'number';
}

function translate(error: unknown): Error {
  if (error instanceof StampRefusedError || error instanceof StampUnavailableError) return error;
  if (!isSdkError(error)) return new StampUnavailableError('El servicio de facturación no respondió.', null, { cause: error });
  const status = error.status!;
  if (status === 429) {
    const seconds = Number(error.headers?.['retry-after'] ?? 1);
    return new StampUnavailableError('El servicio de facturación pidió esperar (demasiadas solicitudes).', Number.isFinite(seconds) ? seconds * 1000 : 1000);
  }
  // 409: the same idempotency key in use, or that invoice is being stamped right now.
  if (status === 409 || status >= 500) return new StampUnavailableError(`El servicio de facturación no está disponible (${status}).`, null, { cause: error });
  if (status === 401 || status === 403)
    return new StampUnavailableError('La llave de Facturapi (FACTURAPI_KEY) no es válida o no tiene permiso.', null, { cause: error });
  const detail = error.errors?.[0];
  return new StampRefusedError(
    error.message || detail?.message || 'El servicio de facturación rechazó la solicitud.',
    error.path ?? detail?.path ?? null,
    error.code ?? detail?.code ?? null,
  );
}

function stamped(invoice: Record<string, unknown>): StampedInvoice {
  const date = invoice.date;
  return {
    id: String(invoice.id),
    uuid: typeof invoice.uuid === 'string' && invoice.uuid ? invoice.uuid : null,
    status: (invoice.status as StampedInvoice['status']) ?? 'pending',
    cancellation_status: typeof invoice.cancellation_status === 'string' ? invoice.cancellation_status : null,
    total: Number(invoice.total ?? 0),
    series: typeof invoice.series === 'string' ? invoice.series : null,
    folio_number: invoice.folio_number === undefined || invoice.folio_number === null ? null : Number(invoice.folio_number),
    livemode: invoice.livemode === true,
    date: date instanceof Date ? date.toISOString() : typeof date === 'string' ? date : null,
    idempotency_key: typeof invoice.idempotency_key === 'string' ? invoice.idempotency_key : null,
  };
}

async function toBuffer(download: unknown): Promise<Buffer> {
  if (download instanceof Blob) return Buffer.from(await download.arrayBuffer());
  if (typeof download === 'string') return Buffer.from(download, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of download as AsyncIterable<Uint8Array | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function createFacturapiClient(options: FacturapiClientOptions): StampingService {
  const client = new Facturapi(options.apiKey);
  if (options.baseUrl) client.BASE_URL = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call<T>(what: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StampUnavailableError(`El servicio de facturación no respondió en ${timeoutMs / 1000} s.`)), timeoutMs);
    });
    try {
      return await Promise.race([what(), timeout]);
    } catch (error) {
      throw translate(error);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    mode: 'live',
    async saveCustomer(customer: CfdiCustomer, existingId?: string) {
      const saved = (await call(() => (existingId ? client.customers.update(existingId, customer) : client.customers.create(customer)))) as unknown as Record<
        string,
        unknown
      >;
      return { id: String(saved.id), livemode: saved.livemode === true };
    },
    async createInvoice(request: CfdiInvoiceRequest) {
      return stamped((await call(() => client.invoices.create(request))) as unknown as Record<string, unknown>);
    },
    async findInvoice({ externalId, idempotencyKey }) {
      const found = await call(() => client.invoices.list({ external_id: externalId, limit: 100 }));
      const match = (found.data as unknown as Record<string, unknown>[]).find((i) => i.idempotency_key === idempotencyKey);
      return match ? stamped(match) : undefined;
    },
    async retrieveInvoice(id: string) {
      return stamped((await call(() => client.invoices.retrieve(id))) as unknown as Record<string, unknown>);
    },
    async cancelInvoice(id, { motive, substitution }) {
      const params = { motive: motive as SdkMotive, ...(substitution ? { substitution } : {}) };
      return stamped((await call(() => client.invoices.cancel(id, params))) as unknown as Record<string, unknown>);
    },
    async download(id, format) {
      return call(async () => toBuffer(format === 'pdf' ? await client.invoices.downloadPdf(id) : await client.invoices.downloadXml(id)));
    },
    async sendByEmail(id, email) {
      await call(() => client.invoices.sendByEmail(id, { email }));
    },
  };
}
