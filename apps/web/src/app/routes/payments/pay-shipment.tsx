import { useParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { PaymentCheckout } from '@/features/payments/components/payment-checkout';
import { usePayableShipments } from './use-payable-shipments';

function PayOne({ id }: { id: string }) {
  const user = useUser().data;
  const load = usePayableShipments([id]);
  if (!user) return null;
  return <PaymentCheckout variant="one" load={load} userId={user._id} email={user.email} purchasesBlocked={user.purchasesBlocked} />;
}

/** /payments/{id}: outside the dashboard layout, signed in. */
export default function PayShipmentRoute() {
  useDocumentTitle('Pagar envío · Envíos MX');
  const { id = '' } = useParams();
  return (
    <RequireUser signInHref={paths.signIn}>
      <PayOne key={id} id={id} />
    </RequireUser>
  );
}
