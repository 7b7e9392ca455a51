import { useDocumentTitle } from '@mantine/hooks';
import { usePaymentConfig } from '@/features/payments/api/get-payment-config';
import { PaymentMethodsGuide } from '@/features/site/components/payment-methods-guide';

export default function PaymentMethodsRoute() {
  useDocumentTitle('Métodos de pago · Envíos MX');
  const config = usePaymentConfig();
  return <PaymentMethodsGuide config={config.data} />;
}
