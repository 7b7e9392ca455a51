import { CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { trackingStateLabels, type TrackingState } from '@envios/contracts/tracking';
import type { Executor } from '../../db/client.js';
import { findEcommerceLink } from '../shipments/shipments.usecases.js';
import * as repo from './integrations.repository.js';
import { JOB, UUID, reasonFor, recordFailure, recordSuccess, type Ctx } from './integrations.shared.js';
import { StoreApiError } from './platforms/store-platform.js';

/*
 * Tracking written back to the store order a guide was bought for, through the store's platform
 * (a customer-visible note, a fulfillment with the tracking number and our public tracking page,
 * completed on delivery unless the seller turned it off). One row per (shipment, event) makes
 * each event go out once; each platform writes idempotently, so a retry after a lost answer
 * never writes twice.
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

/** `woocommerce.writeback` (every platform's): one event to one order. */
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
  let ref: string | null;
  try {
    const api = ctx.storeApi(conn);
    // What an earlier event of this shipment left on the store (a fulfillment to add events to).
    const previous = await repo.previousWritebackRef(ctx.db, w.shipmentId, w.id);
    ({ ref } = await api.writeTracking(found.externalId, {
      event: w.event,
      guideNumber: w.guideNumber,
      carrierName: w.carrierName,
      stateLabel: w.stateLabel,
      link: trackingLink(ctx, w.guideNumber),
      text: noteText(ctx, w),
      completeOnDelivery: conn.completeOnDelivery,
      previous,
    }));
  } catch (error) {
    await recordFailure(ctx, ctx.db, conn.id, action, error);
    const reason = reasonFor(error);
    if (error instanceof StoreApiError && error.kind === 'unauthorized') {
      await repo.updateWriteback(ctx.db, w.id, { status: 'blocked', attempts: w.attempts + 1, lastError: reason });
      return;
    }
    // A 404 with a hint is a missing API, not a missing order.
    if (error instanceof StoreApiError && error.kind === 'not_found' && !error.hint) {
      // The order was deleted in the store: nothing left to write to.
      await repo.updateWriteback(ctx.db, w.id, { status: 'done', attempts: w.attempts + 1, lastError: reason, doneAt: ctx.clock.now() });
      return;
    }
    await repo.updateWriteback(ctx.db, w.id, { attempts: w.attempts + 1, lastError: reason });
    throw error;
  }
  const noteId = ref !== null && /^\d{1,15}$/.test(ref) ? Number(ref) : null;
  await ctx.db.transaction(async (tx) => {
    await repo.updateWriteback(tx, w.id, { status: 'done', noteId, ref, attempts: w.attempts + 1, lastError: null, doneAt: ctx.clock.now() });
    await recordSuccess(tx, conn.id);
  });
}
