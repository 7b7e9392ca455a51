import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { PaymentResult } from '@/features/payments/components/payment-result';
import NotFoundRoute from '../not-found';

/** /payments/result/{success|error} (spec 02 'Payment result'). */
export default function PaymentResultRoute() {
  const { result = '' } = useParams();
  const [params] = useSearchParams();
  useDocumentTitle(result === 'success' ? 'Resultado del pago · Envíos MX' : 'Pago Declinado · Envíos MX');
  if (result !== 'success' && result !== 'error') return <NotFoundRoute />;
  return <PaymentResult result={result} query={params} />;
}
