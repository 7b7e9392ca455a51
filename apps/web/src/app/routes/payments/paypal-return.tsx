import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { PaypalReturn } from '@/features/payments/components/paypal-return';

/** /payments/paypal/return?payment=&token=&PayerID=[&cancel=1]: where PayPal sends the buyer back. */
export default function PaypalReturnRoute() {
  useDocumentTitle('Procesando tu pago · Envíos MX');
  const [params] = useSearchParams();
  return (
    <RequireUser signInHref={paths.signIn}>
      <PaypalReturn paymentId={params.get('payment')} token={params.get('token')} cancelled={params.get('cancel') === '1'} />
    </RequireUser>
  );
}
