/**
 * The stamping service (PAC) behind one interface: Facturapi's real API (facturapi-client.ts, the
 * official SDK pointed at FACTURAPI_API_URL) or the offline sandbox (sandbox-stamping.ts), which
 * issues test invoices «sin validez fiscal». Field names are Facturapi's (../shared/reference and
 * docs.facturapi.io): the body goes out as is.
 */

export interface CfdiCustomer {
  legal_name: string;
  tax_id: string;
  tax_system: string;
  email?: string | undefined;
  address: { zip: string };
}

export interface CfdiItem {
  quantity: number;
  product: {
    description: string;
    product_key: string;
    unit_key: string;
    /** MXN with IVA included (`tax_included`). */
    price: number;
    tax_included: true;
    taxes: { type: 'IVA'; rate: number }[];
    /** NoIdentificacion. */
    sku?: string;
  };
}

export interface CfdiInvoiceRequest {
  type: 'I';
  customer: CfdiCustomer;
  use: string;
  payment_form: string;
  payment_method: 'PUE';
  series?: string | undefined;
  external_id: string;
  idempotency_key: string;
  items: CfdiItem[];
  /** A global invoice to the general public. */
  global?: { periodicity: 'month'; months: string; year: number } | undefined;
  /** Motive 01: the invoice this one replaces (relationship 04, sustitución). */
  related_documents?: { relationship: '04'; documents: string[] }[] | undefined;
}

/** What we keep of the service's invoice object. */
export interface StampedInvoice {
  id: string;
  /** Folio fiscal; absent while the SAT has not stamped it (`status: pending`). */
  uuid: string | null;
  status: 'pending' | 'valid' | 'canceled' | 'failed' | 'draft';
  cancellation_status: string | null;
  total: number;
  series: string | null;
  folio_number: number | null;
  livemode: boolean;
  date: string | null;
  idempotency_key: string | null;
}

export type CancellationMotiveCode = '01' | '02' | '03' | '04';

export interface StampingService {
  /** `live`: Facturapi with a key (a test key still answers `livemode: false`); `sandbox`: offline. */
  readonly mode: 'live' | 'sandbox';
  /** Creates (or updates) the customer: the service checks RFC, name, régimen and CP with the SAT. */
  saveCustomer(customer: CfdiCustomer, existingId?: string): Promise<{ id: string; livemode: boolean }>;
  createInvoice(request: CfdiInvoiceRequest): Promise<StampedInvoice>;
  /** The invoice an earlier call with this key made, if it did. */
  findInvoice(query: { externalId: string; idempotencyKey: string }): Promise<StampedInvoice | undefined>;
  retrieveInvoice(id: string): Promise<StampedInvoice>;
  cancelInvoice(id: string, options: { motive: CancellationMotiveCode; substitution?: string | undefined }): Promise<StampedInvoice>;
  /** The PDF or XML as the service renders it (the sandbox has none: we draw ours). */
  download(id: string, format: 'pdf' | 'xml'): Promise<Buffer>;
  sendByEmail(id: string, email: string): Promise<void>;
}

/** The service refused the request: definitive until the data change. Its message reaches the seller as is. */
export class StampRefusedError extends Error {
  constructor(
    message: string,
    /** The field it named (`customer.legal_name`, `address.zip`…), when it named one. */
    readonly path: string | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'StampRefusedError';
  }
}

/** The service did not answer, answered 5xx, asked us to slow down, or is still stamping: try again later. */
export class StampUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StampUnavailableError';
  }
}

/**
 * At most `perSecond` calls a second from this process, spaced evenly; each caller waits its turn.
 * Facturapi does not publish its limits: FACTURAPI_REQUESTS_PER_SECOND sets ours, and a 429 with
 * Retry-After still comes back as StampUnavailableError.
 */
export function createRateLimiter(perSecond: number): { acquire(): Promise<void> } {
  // A hair under the limit: requests leave evenly spaced but may arrive a few milliseconds closer.
  const interval = (1000 / perSecond) * 1.02;
  // Callers go one after another, each at least `interval` after the previous one actually left:
  // on a busy process a timer fires late, and slots planned ahead would then leave together.
  let turn: Promise<void> = Promise.resolve();
  let lastLeft = -Infinity;
  return {
    acquire() {
      const mine = turn.then(async () => {
        // A timer may fire a millisecond early (the event loop's clock is cached in whole
        // milliseconds): wait again for what is left, so no call ever leaves sooner.
        for (let wait = lastLeft + interval - performance.now(); wait > 0; wait = lastLeft + interval - performance.now()) {
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
        }
        lastLeft = performance.now();
      });
      turn = mine;
      return mine;
    },
  };
}

/** The same service, every call waiting for the limiter first. */
export function rateLimited(service: StampingService, limiter: { acquire(): Promise<void> }): StampingService {
  const wrap =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await limiter.acquire();
      return call(...args);
    };
  return {
    mode: service.mode,
    saveCustomer: wrap(service.saveCustomer.bind(service)),
    createInvoice: wrap(service.createInvoice.bind(service)),
    findInvoice: wrap(service.findInvoice.bind(service)),
    retrieveInvoice: wrap(service.retrieveInvoice.bind(service)),
    cancelInvoice: wrap(service.cancelInvoice.bind(service)),
    download: wrap(service.download.bind(service)),
    sendByEmail: wrap(service.sendByEmail.bind(service)),
  };
}
