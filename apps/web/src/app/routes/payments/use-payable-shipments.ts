import { useQueries } from '@tanstack/react-query';
import { toCentavos } from '@envios/contracts/money';
import { PAY_MANY_MAX } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import type { PayableLoad } from '@/features/payments/components/payment-checkout';
import type { PayableShipment } from '@/features/payments/utils/payable';
import { getOverweightOwedQueryOptions } from '@/features/shipments/api/get-overweight';
import { getShipmentQueryOptions } from '@/features/shipments/api/get-shipment';
import { useBulkShipments } from '@/features/bulk/api/get-bulk-shipments';
import type { BulkShipment } from '@envios/contracts/bulk';
import { useQuery } from '@tanstack/react-query';

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

/**
 * The shipments feature loads each shipment and the overweight their owners still owe (the server
 * adds it to this purchase); the payments feature gets them as it shows them.
 */
export function usePayableShipments(ids: string[]): PayableLoad {
  const results = useQueries({ queries: ids.slice(0, PAY_MANY_MAX).map((id) => getShipmentQueryOptions(id)) });
  const owners = [...new Set(results.flatMap((r) => (r.data ? [r.data.user] : [])))];
  const owed = useQueries({ queries: owners.map((userId) => getOverweightOwedQueryOptions(userId)) });
  if (ids.length === 0) return { status: 'error', message: 'No elegiste envíos para pagar. Selecciónalos en Mis Envíos.' };
  if (ids.length > PAY_MANY_MAX) return { status: 'error', message: `Puedes pagar como máximo ${PAY_MANY_MAX} envíos a la vez.` };
  const failed = results.find((r) => r.isError);
  if (failed?.error) return { status: 'error', message: failed.error.message };
  const shipments = results.map((r) => r.data).filter((s): s is Shipment => s !== undefined);
  if (shipments.length < ids.length) return { status: 'pending' };
  const owedFailed = owed.find((r) => r.isError);
  if (owedFailed?.error) return { status: 'error', message: owedFailed.error.message };
  if (owed.some((r) => r.data === undefined)) return { status: 'pending' };
  const docs = owed.flatMap((r) => r.data?.docs ?? []);
  return {
    status: 'ready',
    shipments: shipments.map(toPayable),
    overweight: { folios: docs.map((d) => d.numberOfOrder), centavos: docs.reduce((sum, d) => sum + toCentavos(d.cost_overweight), 0) },
  };
}

function bulkPayable(s: BulkShipment): PayableShipment {
  return {
    id: s._id,
    numberOfOrder: s.numberOfOrder,
    destinationName: s.destination_name,
    address: s.destination_line,
    postalCode: s.destination_postal_code,
    city: s.destination_city,
    carrier: s.carrier,
    serviceName: s.carrier_service_name,
    amount: s.net_total_amount,
    total: s.total_amount,
    paid: s.status,
  };
}

/**
 * The shipments a bulk upload created that are still unpaid, in one call, and the overweight the
 * owner still owes (the server adds it to this purchase).
 */
export function useBulkPayableShipments(uploadId: string): PayableLoad {
  const shipments = useBulkShipments(uploadId);
  const owner = shipments.data?.[0]?.user;
  const owed = useQuery({ ...getOverweightOwedQueryOptions(owner ?? ''), enabled: owner !== undefined });
  if (shipments.isError) return { status: 'error', message: shipments.error.message };
  if (!shipments.data) return { status: 'pending' };
  const unpaid = shipments.data.filter((s) => !s.status);
  if (shipments.data.length === 0) return { status: 'error', message: 'Esta carga todavía no creó envíos. Créalos en Envíos masivos.' };
  if (owed.isError) return { status: 'error', message: owed.error.message };
  if (owner !== undefined && owed.data === undefined) return { status: 'pending' };
  const docs = owed.data?.docs ?? [];
  return {
    status: 'ready',
    shipments: (unpaid.length > 0 ? unpaid : shipments.data).map(bulkPayable),
    overweight: { folios: docs.map((d) => d.numberOfOrder), centavos: docs.reduce((sum, d) => sum + toCentavos(d.cost_overweight), 0) },
  };
}
