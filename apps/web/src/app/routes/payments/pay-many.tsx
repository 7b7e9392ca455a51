import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { PaymentCheckout } from '@/features/payments/components/payment-checkout';
import { readCommaList } from '@/features/payments/utils/payable';
import { useBulkPayableShipments, usePayableShipments } from './use-payable-shipments';

function PayMany({ ids }: { ids: string[] }) {
  const user = useUser().data;
  const load = usePayableShipments(ids);
  if (!user) return null;
  return <PaymentCheckout variant="many" load={load} userId={user._id} email={user.email} purchasesBlocked={user.purchasesBlocked} />;
}

/** The unpaid shipments one bulk upload created, read in one call (hundreds do not fit in an address). */
function PayBulk({ uploadId }: { uploadId: string }) {
  const user = useUser().data;
  const load = useBulkPayableShipments(uploadId);
  if (!user) return null;
  return <PaymentCheckout variant="many" load={load} userId={user._id} email={user.email} purchasesBlocked={user.purchasesBlocked} />;
}

/** /payment/shipments/many?shipments=a,b, or ?carga={upload} for the shipments of a bulk upload. */
export default function PayManyRoute() {
  useDocumentTitle('Pagar envíos · Envíos MX');
  const [params] = useSearchParams();
  const ids = readCommaList(params.get('shipments'));
  const uploadId = params.get('carga');
  return (
    <RequireUser signInHref={paths.signIn}>{uploadId ? <PayBulk key={uploadId} uploadId={uploadId} /> : <PayMany key={ids.join(',')} ids={ids} />}</RequireUser>
  );
}
