import { useDocumentTitle } from '@mantine/hooks';
import { InvoicesAdmin } from '@/features/invoices/components/invoices-admin';

export default function InvoicesAdminRoute() {
  useDocumentTitle('Facturas · Envíos MX');
  return <InvoicesAdmin />;
}
