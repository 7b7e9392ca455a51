import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { InvoiceLinkCell } from '@/features/invoices/components/invoice-link';
import { PaymentsAdmin } from '@/features/payments/admin/components/payments-admin';

export default function PaymentsAdminRoute() {
  useDocumentTitle('Pagos · Envíos MX');
  return (
    <PaymentsAdmin
      invoiceFor={(p) =>
        p.status !== 'paid' ? null : p.method === 'monedero' ? (
          <Text size="xs" c="dimmed" mt={4}>
            No se factura: se facturó el abono
          </Text>
        ) : (
          <InvoiceLinkCell target={{ payment: p._id }} admin />
        )
      }
    />
  );
}
