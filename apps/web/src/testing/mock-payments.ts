import type { OxxoSlip, PaymentConfig } from '@envios/contracts/payments';
import type { PayableShipment } from '@/features/payments/utils/payable';
import { demoUserId, shipmentId } from './mock-shipment-records';

/** Test data for the payment screens. */
export const paymentId = '20000000-0000-4000-8000-000000000001';
export const buyerEmail = 'ana@correo.test';
export { demoUserId, shipmentId };

export function payable(n: number, over: Partial<PayableShipment> = {}): PayableShipment {
  return {
    id: shipmentId(n),
    numberOfOrder: 1000 + n,
    destinationName: `Destinatario ${n}`,
    address: `Calle ${n}, 12`,
    postalCode: '06700',
    city: 'Ciudad de México, Ciudad de México',
    carrier: 'DHL',
    serviceName: 'EXPRESS DOMESTIC',
    amount: 150.5,
    total: 180.5,
    paid: false,
    ...over,
  };
}

export const paymentConfig = (over: Partial<PaymentConfig> = {}): PaymentConfig => ({
  paypal: { sandbox: true, enabled: true },
  oxxo: { sandbox: true, enabled: true },
  card: { enabled: false },
  sandbox_mode: true,
  ...over,
});

const barcode = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="2" height="10"/></svg>';

export function oxxoSlip(over: Partial<OxxoSlip['slips'][number]> = {}): OxxoSlip {
  return {
    slips: [
      {
        reference: '93000012345678',
        barcode_svg: barcode,
        amount: 361,
        currency: 'MXN',
        expires_at: '2026-11-26T18:00:00.000Z',
        status: 'pending',
        purpose: 'shipments',
        sandbox: true,
        shipments: [
          {
            _id: shipmentId(1),
            numberOfOrder: 1001,
            carrier: 'DHL',
            carrier_code: 'dhl',
            carrier_logo_url: '/api/v1/carriers/dhl/logo.svg',
            carrier_service_name: 'EXPRESS DOMESTIC',
            destination: { full_name: 'Luis Pérez', address: 'Roma, 25', postal_code: '06700', city: 'Ciudad de México', country: 'MX' },
            price: 180.5,
          },
          {
            _id: shipmentId(2),
            numberOfOrder: 1002,
            carrier: 'FedEx',
            carrier_code: 'fedex',
            carrier_logo_url: '/api/v1/carriers/fedex/logo.svg',
            carrier_service_name: 'STANDARD OVERNIGHT',
            destination: { full_name: 'Eva Ruiz', address: 'Sonora, 3', postal_code: '06100', city: 'Ciudad de México', country: 'MX' },
            price: 180.5,
          },
        ],
        overweight: 0,
        ...over,
      },
    ],
  };
}
