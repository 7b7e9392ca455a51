import { randomUUID } from 'node:crypto';
import type { JobContext, JobQueue } from '../jobs/jobs.usecases.js';
import type { Executor } from '../../db/client.js';
import { StampRefusedError, StampUnavailableError, type CfdiInvoiceRequest } from './adapters/stamping-service.js';
import type { InvoicesDeps } from './invoices.deps.js';
import * as repo from './invoices.repository.js';

/*
 * Stamping one invoice row exactly once. The row exists first; a caller claims it (a lease), and
 * only the holder talks to the service. The request carries `external_id` and an idempotency key
 * made of the row and its round, so the service answers the same invoice to a retry; from the
 * second call of a round on, the service is first asked whether an earlier call already made it.
 * A refusal (the data must change) fails the row with the service's words; a service that did
 * not answer leaves it pending and the caller (a durable job) tries again later.
 */

export const STAMP_JOB = 'invoices.stamp';
/** With the back-off capped at one hour, about a day of tries. */
export const STAMP_JOB_MAX_ATTEMPTS = 30;

export function idempotencyKeyOf(row: Pick<repo.InvoiceRow, 'id' | 'stampRound'>): string {
  return `${row.id}:${row.stampRound}`;
}

/** The body Facturapi receives for a row (the sandbox checks the same). */
export async function stampRequestOf(ex: Executor, row: repo.InvoiceRow, series: string): Promise<CfdiInvoiceRequest> {
  const replaced = row.replacesInvoiceId ? await repo.findInvoice(ex, row.replacesInvoiceId) : undefined;
  const [year, month] = row.period.split('-');
  return {
    type: 'I',
    customer: {
      legal_name: row.receptor.name,
      tax_id: row.receptor.rfc,
      tax_system: row.receptor.tax_system,
      ...(row.receptor.email ? { email: row.receptor.email } : {}),
      address: { zip: row.receptor.zip },
    },
    use: row.use,
    payment_form: row.paymentForm,
    payment_method: 'PUE',
    series,
    external_id: row.externalId,
    idempotency_key: idempotencyKeyOf(row),
    items: row.items.map((i) => ({
      quantity: i.quantity,
      product: {
        description: i.description,
        product_key: i.product_key,
        unit_key: i.unit_key,
        price: i.amountCentavos / 100,
        tax_included: true,
        taxes: [{ type: 'IVA', rate: 0.16 }],
        ...(i.sku ? { sku: i.sku } : {}),
      },
    })),
    ...(row.kind === 'global' ? { global: { periodicity: 'month' as const, months: month!, year: Number(year) } } : {}),
    ...(replaced?.uuid ? { related_documents: [{ relationship: '04' as const, documents: [replaced.uuid] }] } : {}),
  };
}

/**
 * Stamps a pending invoice if nobody else is at it. Answers the row as it ends: `valid`, `failed`
 * (the service's refusal recorded), or still `pending` when another caller holds it. Throws
 * StampUnavailableError when the service did not answer (the row stays pending).
 */
export async function stampInvoice(deps: InvoicesDeps, invoiceId: string): Promise<repo.InvoiceRow> {
  const claim = newStampClaim(deps);
  const claimed = await repo.claimForStamping(deps.db, invoiceId, claim);
  if (!claimed) {
    const row = await repo.findInvoice(deps.db, invoiceId);
    if (!row) throw new Error(`La factura ${invoiceId} no existe.`);
    return row;
  }
  return stampClaimed(deps, claimed, claim.token);
}

/** A claim to write on a row: a fresh token and its lease. */
export function newStampClaim(deps: Pick<InvoicesDeps, 'clock' | 'claimMs'>): { token: string; now: Date; until: Date } {
  const now = deps.clock.now();
  return { token: randomUUID(), now, until: new Date(now.getTime() + (deps.claimMs ?? 120_000)) };
}

/**
 * Stamps a row this caller holds with `token` (claimed above, or inserted already claimed by the
 * payment's job: one statement less per invoice). Same outcomes as stampInvoice.
 */
export async function stampClaimed(deps: InvoicesDeps, claimed: repo.InvoiceRow, token: string): Promise<repo.InvoiceRow> {
  const invoiceId = claimed.id;
  const idempotencyKey = idempotencyKeyOf(claimed);
  try {
    // An earlier call of this round may have stamped it before its answer was lost.
    let stamped = claimed.stampAttempts > 1 ? await deps.service.findInvoice({ externalId: claimed.externalId, idempotencyKey }) : undefined;
    if (stamped?.status === 'failed') {
      // The service gave up on that request (its own recovery failed): a new round, a new key.
      await repo.settleClaim(deps.db, claimed.id, token, { stampRound: claimed.stampRound + 1, stampAttempts: 0, updatedAt: deps.clock.now() });
      throw new StampUnavailableError('El servicio de facturación no pudo timbrar la solicitud anterior; se pide de nuevo.');
    }
    stamped ??= await deps.service.createInvoice(await stampRequestOf(deps.db, claimed, deps.settings.series));
    if (stamped.status !== 'valid' || !stamped.uuid) {
      throw new StampUnavailableError('El SAT todavía está timbrando la factura.');
    }
    const row = await repo.settleClaim(deps.db, claimed.id, token, {
      status: 'valid',
      providerId: stamped.id,
      uuid: stamped.uuid,
      series: stamped.series,
      folioNumber: stamped.folio_number ?? claimed.number,
      issuedAt: stamped.date ? new Date(stamped.date) : deps.clock.now(),
      sandbox: !stamped.livemode,
      failureMessage: null,
      failurePath: null,
      failedAt: null,
      updatedAt: deps.clock.now(),
    });
    return row ?? (await repo.findInvoice(deps.db, invoiceId))!;
  } catch (error) {
    if (error instanceof StampRefusedError) {
      const row = await deps.db.transaction(async (tx) => {
        const settled = await repo.settleClaim(tx, claimed.id, token, {
          status: 'failed',
          failureMessage: error.message,
          failurePath: error.path,
          failedAt: deps.clock.now(),
          updatedAt: deps.clock.now(),
        });
        // A refused global invoice gives its payments back: the next one takes them.
        if (settled?.kind === 'global') await repo.moveGlobal(tx, settled.id, null, deps.clock.now());
        return settled;
      });
      deps.log?.warn({ invoiceId, code: error.code, path: error.path }, 'el servicio de facturación rechazó la factura');
      return row ?? (await repo.findInvoice(deps.db, invoiceId))!;
    }
    await repo.settleClaim(deps.db, claimed.id, token, { updatedAt: deps.clock.now() }).catch(() => undefined);
    throw error;
  }
}

export interface StampJobPayload {
  invoiceId: string;
}

/** A pending invoice to stamp again later (the request that made it found the service down). */
export async function enqueueStamp(jobs: JobQueue, row: Pick<repo.InvoiceRow, 'id' | 'stampRound'>, executor?: Executor, runAt?: Date): Promise<void> {
  await jobs.enqueue<StampJobPayload>(
    {
      type: STAMP_JOB,
      key: `${STAMP_JOB}:${row.id}:${row.stampRound}`,
      payload: { invoiceId: row.id },
      maxAttempts: STAMP_JOB_MAX_ATTEMPTS,
      ...(runAt ? { runAt } : {}),
    },
    executor,
  );
}

export async function runStampJob(deps: InvoicesDeps, payload: StampJobPayload, ctx: JobContext): Promise<void> {
  const row = await stampInvoice(deps, payload.invoiceId);
  // Someone else holds it: try again after their lease, unless they finish first.
  if (row.status === 'pending') throw new Error(`La factura ${row.id} la está timbrando otro proceso (intento ${ctx.attempt}).`);
}
