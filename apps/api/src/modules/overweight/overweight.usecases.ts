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

/** How an overweight was paid: from the wallet (`payOverWeight`, or at once when recorded) or with a later purchase. */
export interface OverweightPaid {
  amountCentavos: number;
  via: 'wallet' | 'purchase';
  note: string | null;
  now: Date;
}

/**
 * A payment paid this shipment's overweight: one line in its story, in the payment's transaction,
 * whichever way it came ('Cobrado de tu Monedero' or 'Pagado con tu compra').
 */
export async function noteOverweightPaid(tx: Executor, shipmentId: string, paid: OverweightPaid): Promise<void> {
  const kind = paid.via === 'purchase' ? 'paid_with_purchase' : 'charged';
  await repo.insertEventForShipment(tx, shipmentId, { kind, amountCentavos: paid.amountCentavos, note: paid.note, createdAt: paid.now });
}

/**
 * `payment.confirmed` (in its transaction): each overweight it paid gets its line in the story, a
 * purchase's naming the payment ('paid_with_purchase'), the wallet's own payment as 'charged'.
 */
export function overweightOnPayment(): InlineSubscriber<'payment.confirmed'> {
  return {
    name: 'overweight',
    mode: 'inline',
    types: ['payment.confirmed'],
    async handle(tx, event) {
      if (event.data.purpose === 'topup') return;
      const purchase = event.data.purpose === 'shipments';
      for (const paid of event.data.overweight_paid) {
        await noteOverweightPaid(tx, paid.shipment_id, {
          amountCentavos: toCentavos(paid.amount),
          via: purchase ? 'purchase' : 'wallet',
          note: purchase ? `Pagado con la compra del pago ${event.data.folio} (${paymentMethodShortNames[event.data.method]}).` : null,
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
