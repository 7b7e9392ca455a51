import { CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { trackingStateLabels, type TrackingState } from '@envios/contracts/tracking';
import type { Executor } from '../../db/client.js';
import { findEcommerceLink } from '../shipments/shipments.usecases.js';
import { WooApiError } from './adapters/woocommerce-client.js';
import * as repo from './integrations.repository.js';
import { JOB, UUID, reasonFor, recordFailure, recordSuccess, type Ctx } from './integrations.shared.js';

/*
 * Tracking written back to the store order a guide was bought for: a customer-visible note with
 * the carrier, the guide number and our public tracking page, the `_tracking_number` and
 * `_tracking_provider` meta, and `completed` on delivery (unless the seller turned it off). One
 * row per (shipment, event) makes each event go out once; the job reads the order's notes before
 * adding one, so a retry after a lost answer never writes the note twice.
 */

export interface GuideIssuedEvent {
  shipmentId: string;
  guideNumber: string;
  carrierCode: CarrierCode;
}

export interface TrackingStateEvent extends GuideIssuedEvent {
  state: TrackingState;
}

export interface WritebackPayload {
  writebackId: string;
}

export function trackingLink(ctx: Ctx, guideNumber: string): string {
  return `${ctx.base}/rastreo/${encodeURIComponent(guideNumber)}`;
}

/** The note the customer reads in their order (deterministic: the same event gives the same text). */
export function noteText(ctx: Ctx, w: Pick<repo.WritebackRow, 'event' | 'guideNumber' | 'carrierName' | 'stateLabel'>): string {
  const link = trackingLink(ctx, w.guideNumber);
  if (w.event === 'issued') return `Tu pedido ya tiene guía de envío con ${w.carrierName}. Número de guía: ${w.guideNumber}. Síguelo en ${link}`;
  return `Tu envío con ${w.carrierName} (guía ${w.guideNumber}): ${w.stateLabel}. Síguelo en ${link}`;
}

/** A note as a store may give it back (HTML entities, tags, spacing) reduced to its words, to compare. */
function plain(note: string): string {
  return note
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#0*39|apos|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })[e] ?? "'")
    .replace(/\s+/g, ' ')
    .trim();
}

async function queue(ctx: Ctx, tx: Executor, event: GuideIssuedEvent, kind: string, stateLabel: string): Promise<void> {
  const link = await findEcommerceLink(tx, event.shipmentId);
  if (!link || !UUID.test(link.orderId)) return;
  // Only an order of the shipment's own account (a client may put any id in shipment_ecommerce).
  const order = await repo.findOwnedOrder(tx, link.orderId, link.userId);
  if (!order) return;
  const id = await repo.insertWriteback(tx, {
    connectionId: order.connectionId,
    storeOrderId: order.id,
    shipmentId: event.shipmentId,
    event: kind,
    guideNumber: event.guideNumber,
    carrierName: CARRIER_NAMES[event.carrierCode] ?? event.carrierCode,
    stateLabel,
    status: 'pending',
    createdAt: ctx.clock.now(),
  });
  if (id) await ctx.jobs.enqueue<WritebackPayload>({ type: JOB.writeback, key: `woo.writeback:${id}`, payload: { writebackId: id } }, tx);
}

/** Called by the guides job in the transaction that records a guide. */
export function onGuideIssued(ctx: Ctx, tx: Executor, event: GuideIssuedEvent): Promise<void> {
  return queue(ctx, tx, event, 'issued', trackingStateLabels.pending);
}

/** Called by tracking in the transaction that records a new state. */
export function onTrackingState(ctx: Ctx, tx: Executor, event: TrackingStateEvent): Promise<void> {
  if (event.state === 'pending' || event.state === 'unknown') return Promise.resolve();
  return queue(ctx, tx, event, event.state, trackingStateLabels[event.state]);
}

/** `woocommerce.writeback`: one event to one order. */
export async function writeBack(ctx: Ctx, payload: WritebackPayload): Promise<void> {
  const found = await repo.findWriteback(ctx.db, payload.writebackId);
  if (!found || found.writeback.status === 'done') return;
  const w = found.writeback;
  const conn = await repo.findConnection(ctx.db, w.connectionId);
  if (!conn || conn.state !== 'connected') {
    // Sent when the store is connected again (the key callback releases it).
    await repo.updateWriteback(ctx.db, w.id, { status: 'blocked' });
    return;
  }
  const action = `Al escribir el rastreo en el pedido #${found.orderNumber}`;
  const text = noteText(ctx, w);
  let noteId: number;
  try {
    const api = ctx.storeApi(conn);
    const existing = (await api.listOrderNotes(found.externalId)).find((n) => plain(n.note) === plain(text));
    noteId = existing ? existing.id : (await api.addOrderNote(found.externalId, { note: text, customer_note: true })).id;
    const complete = w.event === 'delivered' && conn.completeOnDelivery;
    await api.updateOrder(found.externalId, {
      ...(complete ? { status: 'completed' } : {}),
      meta_data: [
        { key: '_tracking_number', value: w.guideNumber },
        { key: '_tracking_provider', value: w.carrierName },
      ],
    });
  } catch (error) {
    await recordFailure(ctx, ctx.db, conn.id, action, error);
    const reason = reasonFor(error);
    if (error instanceof WooApiError && error.kind === 'unauthorized') {
      await repo.updateWriteback(ctx.db, w.id, { status: 'blocked', attempts: w.attempts + 1, lastError: reason });
      return;
    }
    if (error instanceof WooApiError && error.kind === 'not_found' && error.code !== 'rest_no_route') {
      // The order was deleted in the store: nothing left to write to.
      await repo.updateWriteback(ctx.db, w.id, { status: 'done', attempts: w.attempts + 1, lastError: reason, doneAt: ctx.clock.now() });
      return;
    }
    await repo.updateWriteback(ctx.db, w.id, { attempts: w.attempts + 1, lastError: reason });
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateWriteback(tx, w.id, { status: 'done', noteId, attempts: w.attempts + 1, lastError: null, doneAt: ctx.clock.now() });
    await recordSuccess(tx, conn.id);
  });
}
