import type { z } from 'zod';
import type { wooOauthInputSchema, wooStatusUpdateSchema, WooKeysCallback } from '@envios/contracts/integrations';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { createDemoStore } from './demo-store.js';
import { disconnect, listStores, receiveKeys, startHandshake, storeStatus, syncNow, updateStore } from './integrations.connect.js';
import { integrationErrors } from './integrations.errors.js';
import { createIntake, type IntakeOptions, type WebhookRequest } from './integrations.intake.js';
import { registerIntegrationJobs, type IntegrationsJobOptions } from './integrations.jobs.js';
import { getStoreOrder, listStoreOrders } from './integrations.orders.js';
import { createCtx, type IntegrationsDeps } from './integrations.shared.js';
import { onGuideIssued, onTrackingState } from './integrations.writeback.js';
import type { DomainEvent, InlineSubscriber } from '../events/events.usecases.js';

/*
 * Online stores (issue 17): WooCommerce connected with its key handshake, orders in by signed
 * webhook and by a periodic sync, the E-Commerce tab's orders, tracking written back to each
 * order, the connection's health, and an offline demo store for trying all of it.
 */

export type { IntegrationsDeps, LocalRequest } from './integrations.shared.js';
export type { GuideIssuedEvent, TrackingStateEvent } from './integrations.writeback.js';
export { scheduleIntegrationsTick, type IntegrationsJobOptions } from './integrations.jobs.js';
export type { IntakeOptions } from './integrations.intake.js';

export const HANDSHAKES_PER_HOUR = 10;

export function createIntegrations(deps: IntegrationsDeps, options: { jobs?: IntegrationsJobOptions; intake?: IntakeOptions } = {}) {
  const ctx = createCtx(deps);
  const demo = createDemoStore(ctx);
  ctx.demoTransport = demo.transportFor;
  const intake = createIntake(ctx, options.intake);
  registerIntegrationJobs(deps.jobs, ctx, { intake, demo }, options.jobs);

  const owns = (caller: Caller, userId: string) => caller.rol === 'admin' || caller.id === userId;

  return {
    demoStoreUrl: ctx.demoStoreUrl,
    /** At most 10 handshakes per account an hour (each one resolves a name the seller chose). */
    async startHandshake(caller: Caller, input: z.output<typeof wooOauthInputSchema>) {
      await deps.limit(`woocommerce-oauth:${caller.id}`, { limit: HANDSHAKES_PER_HOUR, windowMs: 60 * 60_000, blockMs: 60 * 60_000 });
      return startHandshake(ctx, caller, input);
    },
    receiveKeys: (body: WooKeysCallback) => receiveKeys(ctx, body),
    status: (caller: Caller, userId: string) => storeStatus(ctx, caller, userId),
    async disconnect(userId: string, body: z.output<typeof wooStatusUpdateSchema>) {
      const live = await listStores(ctx, userId);
      const result = await disconnect(ctx, userId, body);
      for (const store of live.data) intake.forget(store._id);
      return result;
    },
    listStores: (userId: string) => listStores(ctx, userId),
    updateStore: (caller: Caller, id: string, patch: { complete_on_delivery: boolean }) => updateStore(ctx, caller, id, patch),
    syncNow: (caller: Caller, id: string) => syncNow(ctx, caller, id),
    receiveWebhook: (request: WebhookRequest) => intake.receiveWebhook(request),
    listOrders: (userId: string, q: { filter?: string | undefined; page: number; limit: number }) => listStoreOrders(ctx, userId, q),
    getOrder: (caller: Caller, id: string) => getStoreOrder(ctx, caller, id, intake.weighSoon),

    demo: {
      view: (caller: Caller) => demo.view(caller.id),
      /** At most 30 demo orders per account a minute. */
      async placeOrder(caller: Caller, kind: 'normal' | 'unknown_postal_code') {
        await deps.limit(`demo-order:${caller.id}`, { limit: 30, windowMs: 60_000, blockMs: 60_000 });
        return demo.placeOrder(caller, kind);
      },
      authorize: (caller: Caller, input: Parameters<typeof demo.authorize>[1]) => demo.authorize(caller, input),
    },

    /**
     * The store write-back's subscriber: `guide.issued` and `tracking.updated`, in the transaction
     * that records them, put the note for the store order in line (a durable job per event).
     */
    storeWriteback: {
      name: 'store-writeback',
      mode: 'inline',
      types: ['guide.issued', 'tracking.updated'],
      async handle(tx: Executor, event: DomainEvent<'guide.issued' | 'tracking.updated'>) {
        const base = { shipmentId: event.data.shipment_id, guideNumber: event.data.guide_number, carrierCode: event.data.carrier };
        if (event.type === 'guide.issued') await onGuideIssued(ctx, tx, base);
        else await onTrackingState(ctx, tx, { ...base, state: (event as DomainEvent<'tracking.updated'>).data.state });
      },
    } satisfies InlineSubscriber<'guide.issued' | 'tracking.updated'>,

    /** Tests and tools: a store's sync and weights right now. */
    syncStore: (connectionId: string) => intake.syncStore(connectionId),
    computeWeights: (connectionId: string) => intake.computeWeights(connectionId),
    assertOwner(caller: Caller, userId: string) {
      if (!owns(caller, userId)) throw integrationErrors.notYours();
    },
  };
}

export type Integrations = ReturnType<typeof createIntegrations>;
