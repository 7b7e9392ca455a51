import { legalNameWithoutRegime } from '@envios/contracts/sat/legal-name';
import type { Config } from '../../config/env.js';
import type { Clock } from '../../shared/clock.js';
import { bindUseCases } from '../../shared/use-cases.js';
import { createFacturapiClient } from './adapters/facturapi-client.js';
import { createSandboxStamping } from './adapters/sandbox-stamping.js';
import { createRateLimiter, rateLimited, type StampingService } from './adapters/stamping-service.js';
import { CANCELLATION_JOB, cancelInvoice, retryInvoice, runCancellationJob } from './invoices.admin.js';
import type { InvoicesDeps, InvoiceSettings } from './invoices.deps.js';
import { checkTaxData, getInvoice, invoiceFile, invoicingInfo, listInvoices, sendInvoiceEmail } from './invoices.files.js';
import { GLOBAL_JOB, globalSummary, issueGlobal, runGlobalJob } from './invoices.global.js';
import { billablePayments, invoiceLinks, PAYMENT_INVOICE_JOB, requestInvoice, runPaymentInvoiceJob } from './invoices.payments.js';
import { runStampJob, STAMP_JOB } from './invoices.stamp.js';

/*
 * Invoices (CFDI 4.0): `payment.confirmed` enqueues `invoices.payment` (invoicesOnPayment,
 * an events subscriber); the rest lives here: stamping through Facturapi or the offline
 * sandbox, the seller's lists and files, the admin's retries, cancellations and global invoices.
 */

export type { InvoiceAccount, InvoicesDeps, InvoiceSettings, PaymentReader } from './invoices.deps.js';
export { enqueuePaymentInvoice, invoicesOnPayment, PAYMENT_INVOICE_JOB } from './invoices.payments.js';
export { GLOBAL_JOB, scheduleGlobalInvoices } from './invoices.global.js';
export type { StampingService } from './adapters/stamping-service.js';

/** Facturapi with FACTURAPI_KEY (+ FACTURAPI_API_URL), the offline sandbox without it; rate-limited either way. */
export function stampingServiceFromConfig(
  config: Pick<Config, 'FACTURAPI_KEY' | 'FACTURAPI_API_URL' | 'FACTURAPI_REQUESTS_PER_SECOND'>,
  clock?: Clock,
): StampingService {
  const service = config.FACTURAPI_KEY
    ? createFacturapiClient({ apiKey: config.FACTURAPI_KEY, baseUrl: config.FACTURAPI_API_URL })
    : createSandboxStamping(clock);
  return rateLimited(service, createRateLimiter(config.FACTURAPI_REQUESTS_PER_SECOND));
}

export function invoiceSettingsFromConfig(config: Config): InvoiceSettings {
  return {
    productKey: config.INVOICE_PRODUCT_KEY,
    unitKey: config.INVOICE_UNIT_KEY,
    series: config.INVOICE_SERIES,
    paypalPaymentForm: config.INVOICE_PAYPAL_PAYMENT_FORM,
    cardPaymentForm: config.INVOICE_CARD_PAYMENT_FORM,
    issuer: {
      rfc: config.COMPANY_RFC,
      // The SAT's name, without «S.A. de C.V.», even if the legal pages show it.
      name: config.COMPANY_LEGAL_NAME ? legalNameWithoutRegime(config.COMPANY_LEGAL_NAME) : undefined,
      taxSystem: config.COMPANY_TAX_SYSTEM,
      zip: config.COMPANY_TAX_ZIP,
    },
  };
}

/** The invoices use cases, bound once; creating them registers the durable jobs. */
export function createInvoices(deps: InvoicesDeps) {
  deps.jobs.register(PAYMENT_INVOICE_JOB, { run: (payload: { paymentId: string }, ctx) => runPaymentInvoiceJob(deps, payload, ctx) });
  deps.jobs.register(STAMP_JOB, { run: (payload: { invoiceId: string }, ctx) => runStampJob(deps, payload, ctx) });
  deps.jobs.register(GLOBAL_JOB, { run: (payload: { month: string }, ctx) => runGlobalJob(deps, payload, ctx) });
  deps.jobs.register(CANCELLATION_JOB, { run: (payload: { invoiceId: string; poll: number }, ctx) => runCancellationJob(deps, payload, ctx) });
  return bindUseCases(deps, {
    requestInvoice,
    billablePayments,
    invoiceLinks,
    listInvoices,
    getInvoice,
    invoiceFile,
    sendInvoiceEmail,
    checkTaxData,
    invoicingInfo,
    retryInvoice,
    cancelInvoice,
    issueGlobal,
    globalSummary,
  });
}

export type Invoices = ReturnType<typeof createInvoices>;
