import { paths } from '@/config/paths';

/** Where the payment of these shipments happens: /payments/{id} for one, /payment/shipments/many for several. */
export function paymentHref(shipmentIds: readonly string[]): string {
  if (shipmentIds.length === 1) return paths.payment(shipmentIds[0]!);
  return `${paths.paymentMany}?shipments=${shipmentIds.map(encodeURIComponent).join(',')}`;
}
