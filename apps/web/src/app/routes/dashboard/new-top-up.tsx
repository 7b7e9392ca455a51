import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { usePaymentConfig } from '@/features/payments/api/get-payment-config';
import { TopUpCheckout } from '@/features/wallet/components/top-up-checkout';

export default function NewTopUpRoute() {
  useDocumentTitle('Nuevo abono · Envíos MX');
  const user = useUser().data;
  const config = usePaymentConfig();
  if (!user) return null;
  return <TopUpCheckout email={user.email} paymentConfig={config.data} purchasesBlocked={user.purchasesBlocked} />;
}
