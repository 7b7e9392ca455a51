import { toCentavos } from '@envios/contracts/money';
import { paymentMethodShortNames } from '@envios/contracts/payments';
import type { Executor } from '../../db/client.js';
import type { InlineSubscriber } from '../events/events.usecases.js';
import { resolvePeriod } from '../../shared/report-period.js';
import { createOverweightContext } from './overweight.context.js';
import type { OverweightDeps } from './overweight.deps.js';
import { createOverweightDisputes } from './overweight.disputes.js';
import { statusOf } from './overweight.dto.js';
import { createOverweightLists } from './overweight.lists.js';
import { createOverweightRecording } from './overweight.record.js';
import * as repo from './overweight.repository.js';

/*
 * Overweight: recording it on a paid shipment (overweight.record.ts), the shipment's overweight,
 * its payment and its dispute (overweight.disputes.ts), and the lists and exports
 * (overweight.lists.ts); what they share is in overweight.context.ts.
 */

export type { OverweightDeps } from './overweight.deps.js';
export { OVERWEIGHT_CHANNEL } from './overweight.context.js';
export { statusOf, toRowDto } from './overweight.dto.js';

/** A purchase paid this shipment's overweight: one 'charged' line in its story, in the payment's transaction. */
export async function noteOverweightPaidByPurchase(tx: Executor, shipmentId: string, paid: { amountCentavos: number; note: string; now: Date }): Promise<void> {
  await repo.insertEventForShipment(tx, shipmentId, { kind: 'charged', amountCentavos: paid.amountCentavos, note: paid.note, createdAt: paid.now });
}

/**
 * `payment.confirmed` of a purchase (in its transaction): each earlier overweight it paid gets its
 * 'charged' line, naming the payment.
 */
export function overweightOnPayment(): InlineSubscriber<'payment.confirmed'> {
  return {
    name: 'overweight',
    mode: 'inline',
    types: ['payment.confirmed'],
    async handle(tx, event) {
      if (event.data.purpose !== 'shipments') return;
      for (const paid of event.data.overweight_paid) {
        await noteOverweightPaidByPurchase(tx, paid.shipment_id, {
          amountCentavos: toCentavos(paid.amount),
          note: `Pagado con la compra del pago ${event.data.folio} (${paymentMethodShortNames[event.data.method]}).`,
          now: event.createdAt,
        });
      }
    },
  };
}

/** The overweight use cases, built once; its routes receive this object. */
export function createOverweight(deps: OverweightDeps) {
  const ctx = createOverweightContext(deps);
  return {
    statusOf,
    /** The admin's report period (`date_ini`, `date_fin`: days in Mexico City) as of now. */
    period: (query: { date_ini?: string | undefined; date_fin?: string | undefined }) => resolvePeriod(query, deps.clock.now()),
    ...createOverweightRecording(deps, ctx),
    ...createOverweightDisputes(deps, ctx),
    ...createOverweightLists(deps),
  };
}

export type Overweight = ReturnType<typeof createOverweight>;
