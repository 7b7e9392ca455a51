import { walletFolio } from '@envios/contracts/wallet';
import type { PaymentMethod, PaymentPurpose, PaymentShareKind } from '@envios/contracts/payments';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import type { StoredItem } from './invoices.table.js';

/*
 * What an invoice says, from the payment it covers: pure rules, no database. One concept per
 * shipment, overweight or top-up the money paid, prices with IVA included, the SAT's form of
 * payment from the method.
 */

/** What the concepts need of a payment (the payments module's `PaymentForInvoice`). */
export interface PaymentFacts {
  numberOfOrder: number;
  method: PaymentMethod;
  purpose: PaymentPurpose;
  amountCentavos: number;
  walletFolio: number | null;
  shares: readonly { shipmentId: string; kind: PaymentShareKind; amountCentavos: number }[];
  credited: readonly { shipment: string | null; amountCentavos: number; reason: string }[];
}

/** What a concept says of a shipment: folio, carrier, service and, once issued, its guide. */
export interface ShipmentFacts {
  folio: number;
  carrier: string;
  service: string;
  guide: string | null;
}

export interface ConceptSettings {
  /** c_ClaveProdServ of our service (78102200 by default: the accountant confirms it). */
  productKey: string;
  /** c_ClaveUnidad (E48, unidad de servicio). */
  unitKey: string;
  /** c_FormaPago for PayPal (31 intermediario de pagos by default) and for a card through PayPal (04). */
  paypalPaymentForm: string;
  cardPaymentForm: string;
}

/** The SAT's form of payment of a method: OXXO is cash (01); PayPal and cards as configured. Wallet: none (never invoiced). */
export function paymentFormOf(method: PaymentMethod, settings: Pick<ConceptSettings, 'paypalPaymentForm' | 'cardPaymentForm'>): string | null {
  switch (method) {
    case 'oxxo':
      return '01';
    case 'paypal':
      return settings.paypalPaymentForm;
    case 'paypal-plus':
      return settings.cardPaymentForm;
    case 'monedero':
      return null;
  }
}

/** `YYYY-MM`: the Mexico City month of an instant (the month a payment belongs to). */
export function monthOf(instant: Date): string {
  return mexicoCityTime(instant).date.slice(0, 7);
}

function shipmentText(facts: ShipmentFacts | undefined): string {
  if (!facts) return 'envío eliminado';
  return `${facts.carrier} ${facts.service}, envío ${facts.folio}${facts.guide ? `, guía ${facts.guide}` : ''}`;
}

/** Credit reasons that belong to an overweight share (the rest to a shipment's own share). */
const OVERWEIGHT_CREDITS = new Set(['overweight_already_paid', 'overweight_changed']);

/**
 * The concepts of a payment's invoice. Money the confirmation credited to the wallet (a shipment
 * that changed price, was deleted or already paid) was still received: it is invoiced as prepaid
 * balance, which is why wallet purchases are never invoiced again. The concepts always add up to
 * the payment; if the shares ever did not, one concept of the whole amount is used instead.
 */
export function paymentConcepts(payment: PaymentFacts, shipments: ReadonlyMap<string, ShipmentFacts>, settings: ConceptSettings): StoredItem[] {
  const item = (description: string, amountCentavos: number): StoredItem => ({
    description,
    quantity: 1,
    amountCentavos,
    product_key: settings.productKey,
    unit_key: settings.unitKey,
  });
  const items: StoredItem[] = [];
  if (payment.purpose === 'topup') {
    const folio = payment.walletFolio === null ? '' : ` ${walletFolio(payment.walletFolio)}`;
    items.push(item(`Saldo prepagado para servicios de paquetería (abono${folio} al monedero)`, payment.amountCentavos));
  } else {
    const credits = [...payment.credited];
    for (const share of payment.shares) {
      const overweight = payment.purpose === 'overweight' || share.kind === 'overweight';
      const facts = shipments.get(share.shipmentId);
      const i = credits.findIndex(
        (c) => c.shipment === share.shipmentId && c.amountCentavos === share.amountCentavos && OVERWEIGHT_CREDITS.has(c.reason) === overweight,
      );
      if (i >= 0) {
        credits.splice(i, 1);
        items.push(
          item(
            `Saldo prepagado para servicios de paquetería abonado al monedero (pago ${payment.numberOfOrder}, ${facts ? `envío ${facts.folio}` : 'envío eliminado'})`,
            share.amountCentavos,
          ),
        );
      } else if (overweight) {
        items.push(item(`Cargo por sobrepeso: ${shipmentText(facts)}`, share.amountCentavos));
      } else {
        items.push(item(`Servicio de paquetería ${shipmentText(facts)}`, share.amountCentavos));
      }
    }
    for (const c of credits)
      items.push(item(`Saldo prepagado para servicios de paquetería abonado al monedero (pago ${payment.numberOfOrder})`, c.amountCentavos));
  }
  const sum = items.reduce((s, i) => s + i.amountCentavos, 0);
  if (sum !== payment.amountCentavos || items.some((i) => i.amountCentavos <= 0)) {
    return [item(`Servicios de paquetería (pago ${payment.numberOfOrder})`, payment.amountCentavos)];
  }
  return items;
}

/** How the seller's lists name a payment: «Abono al monedero MON-1002», «3 envíos», «Sobrepeso». */
export function paymentDescription(payment: Pick<PaymentFacts, 'purpose' | 'walletFolio' | 'shares'>): string {
  if (payment.purpose === 'topup') return payment.walletFolio === null ? 'Abono al monedero' : `Abono al monedero ${walletFolio(payment.walletFolio)}`;
  if (payment.purpose === 'overweight') return 'Pago de sobrepeso';
  const shipments = payment.shares.filter((s) => s.kind === 'shipment').length;
  const overweight = payment.shares.length - shipments;
  const parts = [`${shipments} ${shipments === 1 ? 'envío' : 'envíos'}`];
  if (overweight > 0) parts.push(`${overweight === 1 ? 'un sobrepeso' : `${overweight} sobrepesos`} anterior${overweight === 1 ? '' : 'es'}`);
  return parts.join(' y ');
}

/** A global invoice's concept for one payment, as the SAT asks: 01010101, ACT, «Venta», the ticket's folio. */
export function globalConcept(payment: { paymentFolio: number; amountCentavos: number }): StoredItem {
  return {
    description: 'Venta',
    quantity: 1,
    amountCentavos: payment.amountCentavos,
    product_key: '01010101',
    unit_key: 'ACT',
    sku: String(payment.paymentFolio),
  };
}

/** Subtotal and IVA (16 %) of prices that include it, concept by concept. */
export function taxBreakdown(items: readonly Pick<StoredItem, 'amountCentavos' | 'quantity'>[]): {
  subtotalCentavos: number;
  ivaCentavos: number;
  totalCentavos: number;
} {
  let subtotal = 0;
  let total = 0;
  for (const i of items) {
    const amount = i.amountCentavos * i.quantity;
    subtotal += Math.round(amount / 1.16);
    total += amount;
  }
  return { subtotalCentavos: subtotal, ivaCentavos: total - subtotal, totalCentavos: total };
}
