import { useQueries } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { PAY_MANY_MAX } from '@envios/contracts/payments';
import { useUser } from '@/features/accounts/api/get-me';
import { PaymentResult, type PaidShipment } from '@/features/payments/components/payment-result';
import { readCommaList } from '@/features/payments/utils/payable';
import { getShipmentQueryOptions } from '@/features/shipments/api/get-shipment';
import NotFoundRoute from '../not-found';

/** While a paid shipment waits for its guide, it is asked again this often (the guide job takes seconds). */
const GUIDE_POLL_MS = 2000;

/** The shipments a payment paid (`?shipments=`), asked again until each has its guide number. */
function usePaidShipments(ids: string[]): PaidShipment[] | undefined {
  const results = useQueries({
    queries: ids.slice(0, PAY_MANY_MAX).map((id) => ({
      ...getShipmentQueryOptions(id),
      refetchInterval: (query: { state: { data?: { number_guide: string | null } | undefined; dataUpdateCount: number } }) =>
        // A guide that takes longer than a couple of minutes is left to Mis Envíos and the e-mail.
        query.state.data?.number_guide || query.state.dataUpdateCount > 60 ? false : GUIDE_POLL_MS,
    })),
  });
  if (ids.length === 0 || results.some((r) => r.data === undefined)) return undefined;
  return results.map((r) => {
    const s = r.data!;
    return {
      id: s._id,
      numberOfOrder: s.numberOfOrder,
      destinationName: s.destination_direction.full_name,
      service: `${s.selected_service.carrier} ${s.selected_service.carrier_service_name}`,
      guideNumber: s.number_guide,
    };
  });
}

/** /payments/result/{success|error}. */
export default function PaymentResultRoute() {
  const { result = '' } = useParams();
  const [params] = useSearchParams();
  const user = useUser().data;
  const paid = usePaidShipments(result === 'success' ? readCommaList(params.get('shipments')) : []);
  useDocumentTitle(result === 'success' ? 'Resultado del pago · Envíos MX' : 'Pago Declinado · Envíos MX');
  if (result !== 'success' && result !== 'error') return <NotFoundRoute />;
  return <PaymentResult result={result} query={params} paidShipments={paid} userId={user?._id} />;
}
