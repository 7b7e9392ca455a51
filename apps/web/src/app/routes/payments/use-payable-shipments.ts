import { useQueries } from '@tanstack/react-query';
import { PAY_MANY_MAX } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import type { PayableLoad } from '@/features/payments/components/payment-checkout';
import type { PayableShipment } from '@/features/payments/utils/payable';
import { getShipmentQueryOptions } from '@/features/shipments/api/get-shipment';

function toPayable(s: Shipment): PayableShipment {
  return {
    id: s._id,
    numberOfOrder: s.numberOfOrder,
    destinationName: s.destination_direction.full_name,
    address: s.destination_direction.address_line,
    postalCode: s.destination_direction.postal_code,
    city: s.destination_direction.city,
    carrier: s.selected_service.carrier,
    serviceName: s.selected_service.carrier_service_name,
    amount: s.selected_service.net_total_amount,
    total: s.selected_service.total_amount,
    paid: s.status,
  };
}

/** The shipments feature loads each shipment; the payments feature gets them as it shows them. */
export function usePayableShipments(ids: string[]): PayableLoad {
  const results = useQueries({ queries: ids.slice(0, PAY_MANY_MAX).map((id) => getShipmentQueryOptions(id)) });
  if (ids.length === 0) return { status: 'error', message: 'No elegiste envíos para pagar. Selecciónalos en Mis Envíos.' };
  if (ids.length > PAY_MANY_MAX) return { status: 'error', message: `Puedes pagar como máximo ${PAY_MANY_MAX} envíos a la vez.` };
  const failed = results.find((r) => r.isError);
  if (failed?.error) return { status: 'error', message: failed.error.message };
  const shipments = results.map((r) => r.data).filter((s): s is Shipment => s !== undefined);
  if (shipments.length < ids.length) return { status: 'pending' };
  return { status: 'ready', shipments: shipments.map(toPayable) };
}
