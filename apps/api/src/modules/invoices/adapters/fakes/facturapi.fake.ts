import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { checkRfc, RFC_PUBLICO_GENERAL } from '@envios/contracts/sat/rfc';
import { sendJson, sleep, startFakeServer, type FakeMode, type FakeServer } from '../../../carriers/adapters/fakes/fake-server.js';
import { checkCustomer, checkInvoiceRequest, totalCentavos, type RuleFailure } from '../cfdi-rules.js';
import type { CfdiCustomer, CfdiInvoiceRequest } from '../stamping-service.js';

/**
 * A local fake of Facturapi's v2 API (../shared/reference/facturapi-cfdi.md, docs.facturapi.io),
 * for tests, the offline demo's checks and the bench: customers (checked against a small taxpayer
 * registry the test fills, as the SAT would), invoices with `idempotency_key` and `external_id`,
 * the list filtered by `external_id`, PDF/XML downloads, e-mail, cancellation with motive (and
 * substitution for 01), pending cancellations a test settles, and a requests-per-second limit
 * answered with 429 and Retry-After. Errors use Facturapi's body: `{ok:false, message, status,
 * code, path, errors[]}`.
 */
export const FACTURAPI_FAKE_KEY = 'sk_test_fake_0123456789abcdef';

/** What the SAT knows of a taxpayer: a customer or receptor must match it exactly. */
export interface Taxpayer {
  legal_name: string;
  zip: string;
  tax_systems: string[];
}

interface FakeInvoice {
  id: string;
  uuid: string;
  status: 'valid' | 'canceled';
  cancellation_status: 'none' | 'pending' | 'accepted' | 'rejected';
  livemode: false;
  date: string;
  created_at: string;
  type: 'I';
  customer: CfdiCustomer;
  total: number;
  series: string;
  folio_number: number;
  external_id: string;
  idempotency_key: string;
  use: string;
  payment_form: string;
  payment_method: string;
  items: CfdiInvoiceRequest['items'];
  global: CfdiInvoiceRequest['global'] | null;
  related_documents: CfdiInvoiceRequest['related_documents'] | null;
  cancellation: { motive: string; substitution: string | null } | null;
  emails: string[];
}

export interface FacturapiFake extends FakeServer {
  /** The v2 base URL the SDK is pointed at. */
  baseUrl: string;
  mode: FakeMode;
  /** RFC → what the SAT has. RFCs not here are accepted unless `strictRegistry`. */
  taxpayers: Map<string, Taxpayer>;
  strictRegistry: boolean;
  invoices: Map<string, FakeInvoice>;
  customers: Map<string, CfdiCustomer & { id: string }>;
  /** Answer cancellations as accepted at once, or pending the receptor's acceptance. */
  cancellation: 'accepted' | 'pending';
  /** Requests per second before 429 (0: no limit). */
  ratePerSecond: number;
  /** When each POST /invoices arrived (ms, performance.now), for the bench's rate figure. */
  createCalls: number[];
  /** Times a request was answered 429. */
  throttled: number;
  /** The receptor accepts or rejects a pending cancellation. */
  settleCancellation(id: string, outcome: 'accepted' | 'rejected'): void;
}

function facturapiError(
  res: ServerResponse,
  status: number,
  failure: { message: string; code: string; path?: string | undefined },
  headers: Record<string, string> = {},
): void {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('x-facturapi-log-id', randomBytes(8).toString('hex'));
  sendJson(res, status, {
    ok: false,
    message: failure.message,
    status,
    code: failure.code,
    ...(failure.path ? { path: failure.path, location: 'body' } : {}),
    errors: [{ message: failure.message, code: failure.code, source: 'facturapi', ...(failure.path ? { path: failure.path, location: 'body' } : {}) }],
  });
}

/** The SAT's answer about a receptor, as Facturapi relays it (codes from its TaxInfoValidationCode). */
function registryFailure(fake: Pick<FacturapiFake, 'taxpayers' | 'strictRegistry'>, customer: CfdiCustomer, prefix: string): RuleFailure | undefined {
  if (customer.tax_id === RFC_PUBLICO_GENERAL) return undefined;
  const known = fake.taxpayers.get(customer.tax_id);
  if (!known) {
    return fake.strictRegistry
      ? { path: `${prefix}tax_id`, code: 'tax_id_not_found', message: 'Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.' }
      : undefined;
  }
  if (known.legal_name !== customer.legal_name.trim().toUpperCase()) {
    return {
      path: `${prefix}legal_name`,
      code: 'legal_name_mismatch',
      message:
        'El nombre o razón social no corresponde al RFC en los registros del SAT. Verifica que coincida exactamente con la Constancia de Situación Fiscal.',
    };
  }
  if (known.zip !== customer.address.zip) {
    return {
      path: `${prefix}address.zip`,
      code: 'tax_address_zip_mismatch',
      message: 'El código postal fiscal no corresponde al RFC en los registros del SAT. Verifica que coincida con la Constancia de Situación Fiscal.',
    };
  }
  if (!known.tax_systems.includes(customer.tax_system)) {
    return {
      path: `${prefix}tax_system`,
      code: 'tax_system_not_allowed_for_tax_id',
      message: 'El régimen fiscal no está permitido para el RFC en los registros del SAT.',
    };
  }
  return undefined;
}

function parse<T>(raw: string): T | undefined {
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

const MINIMAL_PDF = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

export async function startFacturapiFake(options: { ratePerSecond?: number } = {}): Promise<FacturapiFake> {
  const invoices = new Map<string, FakeInvoice>();
  const customers = new Map<string, CfdiCustomer & { id: string }>();
  const byKey = new Map<string, { state: 'in_flight' } | { state: 'done'; id: string }>();
  const folios = new Map<string, number>();
  const recent: number[] = [];

  const fake = {
    mode: { kind: 'ok' } as FakeMode,
    taxpayers: new Map<string, Taxpayer>(),
    strictRegistry: false,
    invoices,
    customers,
    cancellation: 'accepted' as 'accepted' | 'pending',
    ratePerSecond: options.ratePerSecond ?? 0,
    createCalls: [] as number[],
    throttled: 0,
    settleCancellation(id: string, outcome: 'accepted' | 'rejected') {
      const invoice = invoices.get(id);
      if (!invoice || invoice.cancellation_status !== 'pending') throw new Error(`La factura ${id} no tiene una cancelación pendiente.`);
      invoice.cancellation_status = outcome;
      if (outcome === 'accepted') invoice.status = 'canceled';
    },
  };

  const findInvoice = (idOrUuid: string) => invoices.get(idOrUuid) ?? [...invoices.values()].find((i) => i.uuid === idOrUuid);

  const server = await startFakeServer(async (req, res, raw) => {
    const mode = fake.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'slow') await sleep(mode.delayMs);
    if (req.headers.authorization !== `Bearer ${FACTURAPI_FAKE_KEY}`) {
      return facturapiError(res, 401, { code: 'api_key_invalid', message: 'La API key proporcionada no es válida.' });
    }
    if (mode.kind === 'error')
      return facturapiError(res, mode.status, { code: mode.status >= 500 ? 'internal_error' : 'invalid_request', message: 'Falla simulada.' });
    if (fake.ratePerSecond > 0) {
      const now = performance.now();
      while (recent.length > 0 && now - recent[0]! >= 1000) recent.shift();
      if (recent.length >= fake.ratePerSecond) {
        fake.throttled += 1;
        return facturapiError(res, 429, { code: 'rate_limit_exceeded', message: 'Se excedió el límite de solicitudes.' }, { 'retry-after': '1' });
      }
      recent.push(now);
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v2/, '');

    // ------------------------------------------------------------ customers
    const customerMatch = /^\/customers\/([\w-]+)$/.exec(path);
    if ((req.method === 'POST' && path === '/customers') || (req.method === 'PUT' && customerMatch)) {
      const body = parse<CfdiCustomer>(raw);
      if (!body) return facturapiError(res, 400, { code: 'invalid_json', message: 'El JSON enviado no es válido.' });
      if (customerMatch && !customers.has(customerMatch[1]!))
        return facturapiError(res, 404, { code: 'customer_not_found', message: 'No se encontró el cliente.' });
      const failure = checkCustomer(body) ?? registryFailure(fake, body, '');
      if (failure) return facturapiError(res, 400, failure);
      const id = customerMatch?.[1] ?? randomBytes(12).toString('hex');
      const saved = { ...body, id };
      customers.set(id, saved);
      return sendJson(res, 200, { ...saved, livemode: false, created_at: new Date().toISOString() });
    }

    // ------------------------------------------------------------ invoices
    if (req.method === 'POST' && path === '/invoices') {
      fake.createCalls.push(performance.now());
      const body = parse<CfdiInvoiceRequest & { customer: CfdiCustomer | string }>(raw);
      if (!body) return facturapiError(res, 400, { code: 'invalid_json', message: 'El JSON enviado no es válido.' });
      const customer = typeof body.customer === 'string' ? customers.get(body.customer) : body.customer;
      if (!customer) return facturapiError(res, 404, { code: 'customer_not_found', message: 'No se encontró el cliente.', path: 'customer' });
      const request = { ...body, customer };
      const key = typeof body.idempotency_key === 'string' && body.idempotency_key !== '' ? body.idempotency_key : undefined;
      if (key) {
        const seen = byKey.get(key);
        if (seen?.state === 'in_flight')
          return facturapiError(res, 409, { code: 'idempotency_key_in_use', message: 'La idempotency key ya está siendo usada.' });
        if (seen?.state === 'done') return sendJson(res, 200, invoices.get(seen.id));
        byKey.set(key, { state: 'in_flight' });
      }
      try {
        // Stamping takes a moment at the SAT: a retry arriving meanwhile meets the key in use.
        await sleep(5);
        const failure = checkInvoiceRequest(request) ?? registryFailure(fake, customer, 'customer.');
        if (failure) {
          const stampingCode = ['legal_name_mismatch', 'tax_address_zip_mismatch', 'tax_system_not_allowed_for_tax_id', 'tax_id_not_found'].includes(
            failure.code,
          );
          if (key) byKey.delete(key);
          return facturapiError(res, 400, stampingCode ? { ...failure, code: 'invoice_stamping_validation_error' } : failure);
        }
        for (const related of body.related_documents ?? []) {
          for (const uuid of related.documents) {
            if (!findInvoice(uuid)) {
              if (key) byKey.delete(key);
              return facturapiError(res, 400, { code: 'invalid_request', path: 'related_documents', message: `El CFDI relacionado ${uuid} no existe.` });
            }
          }
        }
        const series = body.series ?? 'F';
        const folio = (folios.get(series) ?? 0) + 1;
        folios.set(series, folio);
        const now = new Date().toISOString();
        const invoice: FakeInvoice = {
          id: randomBytes(12).toString('hex'),
          uuid: randomUUID().toUpperCase(),
          status: 'valid',
          cancellation_status: 'none',
          livemode: false,
          date: now,
          created_at: now,
          type: 'I',
          customer,
          total: totalCentavos(body.items) / 100,
          series,
          folio_number: folio,
          external_id: body.external_id,
          idempotency_key: key ?? '',
          use: body.use,
          payment_form: body.payment_form,
          payment_method: body.payment_method,
          items: body.items,
          global: body.global ?? null,
          related_documents: body.related_documents ?? null,
          cancellation: null,
          emails: [],
        };
        invoices.set(invoice.id, invoice);
        if (key) byKey.set(key, { state: 'done', id: invoice.id });
        return sendJson(res, 200, invoice);
      } catch (error) {
        if (key) byKey.delete(key);
        throw error;
      }
    }
    if (req.method === 'GET' && path === '/invoices') {
      const externalId = url.searchParams.get('external_id');
      const data = [...invoices.values()].filter((i) => !externalId || i.external_id === externalId).slice(0, Number(url.searchParams.get('limit') ?? 100));
      return sendJson(res, 200, { page: 1, total_pages: 1, total_results: data.length, data });
    }
    const fileMatch = /^\/invoices\/([\w-]+)\/(pdf|xml)$/.exec(path);
    if (req.method === 'GET' && fileMatch) {
      const invoice = invoices.get(fileMatch[1]!);
      if (!invoice) return facturapiError(res, 404, { code: 'invoice_not_found', message: 'No se encontró la factura.' });
      if (fileMatch[2] === 'pdf') {
        res.setHeader('content-type', 'application/pdf');
        res.end(MINIMAL_PDF(`Factura ${invoice.series}-${invoice.folio_number} ${invoice.uuid} (Facturapi fake, sin validez fiscal)`));
        return;
      }
      res.setHeader('content-type', 'application/xml');
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="${invoice.series}" Folio="${invoice.folio_number}" Total="${invoice.total.toFixed(2)}" FormaPago="${invoice.payment_form}" MetodoPago="${invoice.payment_method}"><cfdi:Receptor Rfc="${invoice.customer.tax_id}" UsoCFDI="${invoice.use}"/><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${invoice.uuid}"/></cfdi:Complemento></cfdi:Comprobante>\n`,
      );
      return;
    }
    const emailMatch = /^\/invoices\/([\w-]+)\/email$/.exec(path);
    if (req.method === 'POST' && emailMatch) {
      const invoice = invoices.get(emailMatch[1]!);
      if (!invoice) return facturapiError(res, 404, { code: 'invoice_not_found', message: 'No se encontró la factura.' });
      const body = parse<{ email?: string | string[] }>(raw || '{}') ?? {};
      const to = [body.email ?? invoice.customer.email].flat().filter((e): e is string => Boolean(e));
      if (to.length === 0)
        return facturapiError(res, 400, {
          code: 'invoice_email_recipient_required',
          message: 'No tenemos una dirección de correo electrónico registrada para este cliente.',
        });
      if (invoice.status !== 'valid')
        return facturapiError(res, 400, {
          code: 'invoice_email_status_not_allowed',
          message: `No se permite enviar una factura con status ${invoice.status} por correo.`,
        });
      invoice.emails.push(...to);
      return sendJson(res, 200, { ok: true });
    }
    const invoiceMatch = /^\/invoices\/([\w-]+)$/.exec(path);
    if (invoiceMatch && req.method === 'GET') {
      const invoice = invoices.get(invoiceMatch[1]!);
      return invoice ? sendJson(res, 200, invoice) : facturapiError(res, 404, { code: 'invoice_not_found', message: 'No se encontró la factura.' });
    }
    if (invoiceMatch && req.method === 'DELETE') {
      const invoice = invoices.get(invoiceMatch[1]!);
      if (!invoice) return facturapiError(res, 404, { code: 'invoice_not_found', message: 'No se encontró la factura.' });
      const motive = url.searchParams.get('motive');
      if (!motive || !['01', '02', '03', '04'].includes(motive)) {
        return facturapiError(res, 400, { code: 'invalid_request', path: 'motive', message: 'El campo "motive" es requerido y debe ser 01, 02, 03 o 04.' });
      }
      if (invoice.status === 'canceled') return facturapiError(res, 400, { code: 'invoice_not_cancelable', message: 'La factura no puede cancelarse.' });
      if (invoice.cancellation_status === 'pending')
        return facturapiError(res, 409, { code: 'invoice_cancellation_in_progress', message: 'La factura tiene una solicitud de cancelación pendiente.' });
      const substitution = url.searchParams.get('substitution');
      if (motive === '01') {
        if (!substitution)
          return facturapiError(res, 400, { code: 'substitution_invoice_required', path: 'substitution', message: 'Se requiere una factura de sustitución.' });
        const replacement = findInvoice(substitution);
        if (!replacement)
          return facturapiError(res, 400, {
            code: 'substitution_invoice_not_found',
            path: 'substitution',
            message: 'No se encontró la factura de sustitución.',
          });
        if (replacement.status !== 'valid')
          return facturapiError(res, 400, {
            code: 'substitution_invoice_canceled',
            path: 'substitution',
            message: 'La factura de sustitución ya está cancelada.',
          });
      }
      invoice.cancellation = { motive, substitution };
      // Global invoices and checks by the general public need no acceptance (the receptor is nobody).
      const needsAcceptance = fake.cancellation === 'pending' && checkRfc(invoice.customer.tax_id).ok && invoice.customer.tax_id !== RFC_PUBLICO_GENERAL;
      if (needsAcceptance) invoice.cancellation_status = 'pending';
      else {
        invoice.cancellation_status = 'accepted';
        invoice.status = 'canceled';
      }
      return sendJson(res, 200, invoice);
    }
    return facturapiError(res, 404, { code: 'not_found', message: 'No se encontró el recurso solicitado.' });
  });

  const ready: FacturapiFake = Object.assign(fake, server, { baseUrl: `${server.url}/v2` });
  return ready;
}
