import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  globalConcept,
  monthOf,
  paymentConcepts,
  paymentDescription,
  paymentFormOf,
  taxBreakdown,
  type PaymentFacts,
  type ShipmentFacts,
} from './invoices.concepts.js';

const settings = { productKey: '78102200', unitKey: 'E48', paypalPaymentForm: '31', cardPaymentForm: '04' };
const shipments = new Map<string, ShipmentFacts>([
  ['s1', { folio: 1042, carrier: 'DHL', service: 'EXPRESS DOMESTIC', guide: '1234567890' }],
  ['s2', { folio: 1043, carrier: 'FedEx', service: 'STANDARD OVERNIGHT', guide: null }],
  ['s3', { folio: 1044, carrier: 'Estafeta', service: 'DÍA SIGUIENTE', guide: null }],
]);

function purchase(over: Partial<PaymentFacts> = {}): PaymentFacts {
  return {
    numberOfOrder: 2001,
    method: 'paypal',
    purpose: 'shipments',
    amountCentavos: 25648 + 31000 + 9900,
    walletFolio: null,
    shares: [
      { shipmentId: 's1', kind: 'shipment', amountCentavos: 25648 },
      { shipmentId: 's2', kind: 'shipment', amountCentavos: 31000 },
      { shipmentId: 's3', kind: 'shipment', amountCentavos: 9900 },
    ],
    credited: [],
    ...over,
  };
}

describe('invoice concepts', () => {
  it('the SAT form of payment of each method: OXXO is cash, PayPal and cards as configured, the wallet none', () => {
    expect(paymentFormOf('oxxo', settings)).toBe('01');
    expect(paymentFormOf('paypal', settings)).toBe('31');
    expect(paymentFormOf('paypal-plus', settings)).toBe('04');
    expect(paymentFormOf('paypal-plus', { ...settings, cardPaymentForm: '28' })).toBe('28');
    expect(paymentFormOf('monedero', settings)).toBeNull();
  });

  it('one concept per shipment with carrier, service, folio and the guide once issued, prices with IVA', () => {
    const items = paymentConcepts(purchase(), shipments, settings);
    expect(items.map((i) => [i.description, i.amountCentavos, i.product_key, i.unit_key, i.quantity])).toEqual([
      ['Servicio de paquetería DHL EXPRESS DOMESTIC, envío 1042, guía 1234567890', 25648, '78102200', 'E48', 1],
      ['Servicio de paquetería FedEx STANDARD OVERNIGHT, envío 1043', 31000, '78102200', 'E48', 1],
      ['Servicio de paquetería Estafeta DÍA SIGUIENTE, envío 1044', 9900, '78102200', 'E48', 1],
    ]);
    expect(paymentDescription(purchase())).toBe('3 envíos');
  });

  it('a top-up is one concept of prepaid balance naming the movement', () => {
    const topUp = paymentConcepts({ ...purchase(), purpose: 'topup', amountCentavos: 50000, shares: [], walletFolio: 1007 }, shipments, settings);
    expect(topUp).toEqual([
      expect.objectContaining({ description: 'Saldo prepagado para servicios de paquetería (abono MON-1007 al monedero)', amountCentavos: 50000 }),
    ]);
    expect(paymentDescription({ purpose: 'topup', walletFolio: 1007, shares: [] })).toBe('Abono al monedero MON-1007');
  });

  it('money credited to the wallet at confirmation is invoiced as prepaid balance; overweight shares as overweight', () => {
    const items = paymentConcepts(
      purchase({
        amountCentavos: 25648 + 31000 + 4500,
        shares: [
          { shipmentId: 's1', kind: 'shipment', amountCentavos: 25648 },
          { shipmentId: 's2', kind: 'shipment', amountCentavos: 31000 },
          { shipmentId: 's3', kind: 'overweight', amountCentavos: 4500 },
        ],
        credited: [{ shipment: 's2', amountCentavos: 31000, reason: 'price_changed' }],
      }),
      shipments,
      settings,
    );
    expect(items.map((i) => i.description)).toEqual([
      'Servicio de paquetería DHL EXPRESS DOMESTIC, envío 1042, guía 1234567890',
      'Saldo prepagado para servicios de paquetería abonado al monedero (pago 2001, envío 1043)',
      'Cargo por sobrepeso: Estafeta DÍA SIGUIENTE, envío 1044',
    ]);
  });

  it('the concepts always add up to the payment (one concept of the whole otherwise)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: -3, max: 3 }), (amounts, drift) => {
        const shares = amounts.map((a, i) => ({ shipmentId: `x${i}`, kind: 'shipment' as const, amountCentavos: a }));
        const total = amounts.reduce((s, a) => s + a, 0) + drift;
        fc.pre(total > 0);
        const items = paymentConcepts(purchase({ shares, amountCentavos: total }), new Map(), settings);
        expect(items.reduce((s, i) => s + i.amountCentavos * i.quantity, 0)).toBe(total);
        if (drift !== 0) expect(items).toHaveLength(1);
      }),
    );
  });

  it('IVA of prices that include it: subtotal + IVA = total, to the centavo', () => {
    expect(taxBreakdown([{ amountCentavos: 11600, quantity: 1 }])).toEqual({ subtotalCentavos: 10000, ivaCentavos: 1600, totalCentavos: 11600 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 20 }), (amounts) => {
        const b = taxBreakdown(amounts.map((a) => ({ amountCentavos: a, quantity: 1 })));
        expect(b.subtotalCentavos + b.ivaCentavos).toBe(b.totalCentavos);
        expect(Math.abs(b.ivaCentavos - b.subtotalCentavos * 0.16)).toBeLessThanOrEqual(amounts.length);
      }),
    );
  });

  it('a global concept as the SAT asks: 01010101, ACT, «Venta», the folio', () => {
    expect(globalConcept({ paymentFolio: 1234, amountCentavos: 9999 })).toEqual({
      description: 'Venta',
      quantity: 1,
      amountCentavos: 9999,
      product_key: '01010101',
      unit_key: 'ACT',
      sku: '1234',
    });
  });

  it('the month of a payment is Mexico City’s', () => {
    expect(monthOf(new Date('2026-12-01T05:59:59Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12');
  });
});
