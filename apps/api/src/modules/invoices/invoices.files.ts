import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Invoice, InvoicingInfo, InvoiceList, TaxDataCheck } from '@envios/contracts/invoices';
import { formatMXN } from '@envios/contracts/money';
import { taxInformationSchema } from '@envios/contracts/accounts';
import type { Caller } from '../../plugins/auth.js';
import { commonErrors } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import { userSummaries } from '../accounts/accounts.usecases.js';
import { StampRefusedError, StampUnavailableError } from './adapters/stamping-service.js';
import { SANDBOX_ID_PREFIX } from './adapters/sandbox-stamping.js';
import { renderInvoicePdf, renderInvoiceXml } from './invoice-documents.js';
import { monthOf } from './invoices.concepts.js';
import type { InvoicesDeps } from './invoices.deps.js';
import { toInvoiceDto } from './invoices.dto.js';
import { invoiceErrors } from './invoices.errors.js';
import { sandboxInvoiceMail } from './invoices.mails.js';
import { receptorOf, taxDataProblem } from './invoices.payments.js';
import * as repo from './invoices.repository.js';

/*
 * Reading invoices: the lists, the PDF and XML (from the stamping service, or drawn here for the
 * offline sandbox's test invoices), «Enviar por correo», the seller's «Validar datos» and what
 * the pages need to know (sandbox or real, issuer configured).
 */

const DAY_MS = 86_400_000;
const LINK_DAYS = 30;

function signature(secret: string, id: string, format: string, seconds: number): string {
  return createHmac('sha256', secret).update(`invoice:${id}:${format}:${seconds}`).digest('base64url');
}

/** `{expiry in Unix seconds}.{HMAC}`: the e-mail's download link works without a session for 30 days. */
export function signInvoiceToken(secret: string, id: string, format: 'pdf' | 'xml', expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${seconds}.${signature(secret, id, format, seconds)}`;
}

export function verifyInvoiceToken(secret: string, id: string, format: 'pdf' | 'xml', token: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const seconds = Number(match[1]);
  if (seconds * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, id, format, seconds));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function fileUrl(deps: InvoicesDeps, id: string, format: 'pdf' | 'xml'): string {
  const token = signInvoiceToken(deps.secret, id, format, new Date(deps.clock.now().getTime() + LINK_DAYS * DAY_MS));
  return `${deps.appUrl.replace(/\/+$/, '')}/api/v1/invoices/${id}/${format}?token=${encodeURIComponent(token)}`;
}

/** The row, if the caller may see it: its owner or an admin (a global invoice: admins only). */
async function visibleInvoice(deps: InvoicesDeps, caller: Caller, id: string): Promise<repo.InvoiceRow> {
  const row = await repo.findInvoice(deps.db, id);
  if (!row || (caller.rol !== 'admin' && row.userId !== caller.id)) throw invoiceErrors.notFound();
  return row;
}

export async function toInvoiceDtos(deps: InvoicesDeps, rows: readonly repo.InvoiceRow[]): Promise<Invoice[]> {
  const paymentIds = rows.flatMap((r) => (r.paymentId ? [r.paymentId] : []));
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const [billable, people] = await Promise.all([repo.billableFor(deps.db, { paymentIds, walletEntryIds: [] }), userSummaries(deps.db, userIds)]);
  const byPayment = new Map(billable.map((b) => [b.paymentId, b]));
  return rows.map((r) =>
    toInvoiceDto(r, { billable: r.paymentId ? byPayment.get(r.paymentId) : undefined, user: r.userId ? people.get(r.userId) : undefined }),
  );
}

export async function listInvoices(
  deps: InvoicesDeps,
  caller: Caller,
  query: { page: number; limit: number; user?: string | undefined; status?: Invoice['status'] | undefined; kind?: Invoice['kind'] | undefined },
): Promise<InvoiceList> {
  if (caller.rol !== 'admin' && query.user && query.user !== caller.id) throw commonErrors.forbidden();
  const userId = caller.rol === 'admin' ? query.user : caller.id;
  const { rows, count } = await repo.listInvoices(
    deps.db,
    { userId, status: query.status, kind: caller.rol === 'admin' ? query.kind : 'payment' },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return toPage(await toInvoiceDtos(deps, rows), count, query.page, query.limit);
}

export async function getInvoice(deps: InvoicesDeps, caller: Caller, id: string): Promise<Invoice> {
  const [dto] = await toInvoiceDtos(deps, [await visibleInvoice(deps, caller, id)]);
  return dto!;
}

export interface InvoiceFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The PDF or XML, for its owner, an admin, or the e-mail's signed link. */
export async function invoiceFile(
  deps: InvoicesDeps,
  request: { id: string; format: 'pdf' | 'xml'; caller: Caller | null; token: string | undefined },
): Promise<InvoiceFile> {
  let row: repo.InvoiceRow | undefined;
  if (request.caller) row = await visibleInvoice(deps, request.caller, request.id);
  else if (request.token && verifyInvoiceToken(deps.secret, request.id, request.format, request.token, deps.clock.now()))
    row = await repo.findInvoice(deps.db, request.id);
  else if (request.token) throw commonErrors.forbidden();
  else throw commonErrors.unauthenticated();
  if (!row) throw invoiceErrors.notFound();
  if (!row.uuid || !row.providerId) throw invoiceErrors.notStamped();
  const base = `factura-${row.series ? `${row.series}-` : ''}${row.folioNumber ?? row.number}${row.sandbox ? '-prueba' : ''}`;
  const contentType = request.format === 'pdf' ? 'application/pdf' : 'application/xml; charset=utf-8';
  if (row.providerId.startsWith(SANDBOX_ID_PREFIX)) {
    const related = row.replacesInvoiceId ? await repo.findInvoice(deps.db, row.replacesInvoiceId) : undefined;
    const input = {
      kind: row.kind,
      series: row.series,
      folio: row.folioNumber ?? row.number,
      uuid: row.uuid,
      issuedAt: row.issuedAt ?? row.createdAt,
      issuer: deps.settings.issuer,
      receptor: row.receptor,
      use: row.use,
      paymentForm: row.paymentForm,
      items: row.items,
      period: row.period,
      relatedUuid: related?.uuid ?? null,
    };
    const body = request.format === 'pdf' ? await renderInvoicePdf(input) : renderInvoiceXml(input);
    return { body, contentType, fileName: `${base}.${request.format}` };
  }
  try {
    return { body: await deps.service.download(row.providerId, request.format), contentType, fileName: `${base}.${request.format}` };
  } catch (error) {
    if (error instanceof StampUnavailableError || error instanceof StampRefusedError) throw invoiceErrors.unavailable(error);
    throw error;
  }
}

/** «Enviar por correo»: to the given address, or the tax data's, or the account's. */
export async function sendInvoiceEmail(deps: InvoicesDeps, caller: Caller, id: string, input: { email?: string | undefined }): Promise<{ message: string }> {
  const row = await visibleInvoice(deps, caller, id);
  if (row.status !== 'valid' || !row.providerId || !row.uuid) throw invoiceErrors.notValid();
  // E-mail to any address: a few an hour per account.
  await deps.limit(`invoices:email:${caller.id}`, { limit: 20, windowMs: 3_600_000, blockMs: 3_600_000 });
  const account = row.userId ? await deps.findAccount(row.userId) : undefined;
  const to = input.email ?? row.receptor.email ?? account?.email;
  if (!to) throw invoiceErrors.noEmail();
  const folio = `${row.series ? `${row.series}-` : ''}${row.folioNumber ?? row.number}`;
  if (row.providerId.startsWith(SANDBOX_ID_PREFIX)) {
    const now = deps.clock.now();
    await deps.notifier.sendEmail({
      key: `mail:invoice:${row.id}:${now.getTime()}`,
      to,
      mail: sandboxInvoiceMail({
        receptorName: row.receptor.name,
        folio,
        uuid: row.uuid,
        total: formatMXN(row.totalCentavos),
        pdfUrl: fileUrl(deps, row.id, 'pdf'),
        xmlUrl: fileUrl(deps, row.id, 'xml'),
        billingUrl: `${deps.appUrl.replace(/\/+$/, '')}/facturacion`,
      }),
    });
    deps.jobs.wake();
  } else {
    try {
      await deps.service.sendByEmail(row.providerId, to);
    } catch (error) {
      if (error instanceof StampRefusedError) throw invoiceErrors.refused(error.message, error.path);
      if (error instanceof StampUnavailableError) throw invoiceErrors.unavailable(error);
      throw error;
    }
  }
  return { message: `Enviamos la factura ${folio} a ${to}.` };
}

/**
 * «Validar datos»: the seller's tax data as stored go to the stamping service as a customer (the
 * real one checks RFC, name, régimen and CP with the SAT). Its refusal comes back in its words on
 * the field it named, before any invoice is made.
 */
export async function checkTaxData(deps: InvoicesDeps, caller: Caller): Promise<TaxDataCheck> {
  // Each check is a call to the stamping service.
  await deps.limit(`invoices:tax-check:${caller.id}`, { limit: 20, windowMs: 3_600_000, blockMs: 900_000 });
  const account = await deps.findAccount(caller.id);
  const tax = taxInformationSchema.safeParse(account?.taxInformation);
  if (!tax.success) throw invoiceErrors.taxDataIncomplete(taxDataProblem(account?.taxInformation) ?? '');
  const receptor = receptorOf(tax.data);
  const live = deps.service.mode === 'live';
  const known = await repo.findCustomer(deps.db, caller.id);
  try {
    const saved = await deps.service.saveCustomer(
      {
        legal_name: receptor.name,
        tax_id: receptor.rfc,
        tax_system: receptor.tax_system,
        ...(receptor.email ? { email: receptor.email } : {}),
        address: { zip: receptor.zip },
      },
      known && known.live === live ? known.providerCustomerId : undefined,
    );
    await repo.saveCustomer(deps.db, { userId: caller.id, providerCustomerId: saved.id, live, checkedAt: deps.clock.now() });
  } catch (error) {
    if (error instanceof StampRefusedError) throw invoiceErrors.refused(error.message, error.path);
    if (error instanceof StampUnavailableError) throw invoiceErrors.unavailable(error);
    throw error;
  }
  return live
    ? { ok: true, sandbox: false, message: 'El servicio de facturación validó tus datos con el SAT: tus facturas se pueden timbrar.' }
    : {
        ok: true,
        sandbox: true,
        message:
          'Tus datos cumplen las reglas del SAT que se revisan sin conexión (RFC, régimen, uso CFDI y código postal). En el entorno de pruebas no se comparan con el padrón del SAT.',
      };
}

export function invoicingInfo(deps: InvoicesDeps): InvoicingInfo {
  const issuer = deps.settings.issuer;
  return {
    sandbox: deps.service.mode === 'sandbox',
    issuer_configured: Boolean(issuer.rfc && issuer.name && issuer.taxSystem && issuer.zip),
    issuer: { rfc: issuer.rfc ?? null, name: issuer.name ?? null, tax_system: issuer.taxSystem ?? null, zip: issuer.zip ?? null },
    current_month: monthOf(deps.clock.now()),
  };
}
