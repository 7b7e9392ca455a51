import { useDocumentTitle } from '@mantine/hooks';
import { PaymentsAdmin } from '@/features/payments/admin/components/payments-admin';

export default function PaymentsAdminRoute() {
  useDocumentTitle('Pagos · Envíos MX');
  return <PaymentsAdmin />;
}
