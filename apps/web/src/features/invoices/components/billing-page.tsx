import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { BillablePayments } from './billable-payments';
import { InvoicingNotice } from './invoicing-notice';
import { MyInvoices } from './my-invoices';

type Notice = { color: 'green' | 'red'; text: string };

/**
 * «Facturación»: the tax data (the page's route brings them from the account), this month's
 * payments and where each one's invoice stands, and every invoice with its files.
 */
export function BillingPage({ taxSection, notice: outer }: { taxSection: ReactNode; notice?: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 8_000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={1}>Facturación</Title>
        <Text c="dimmed" mt={4}>
          Tus datos fiscales y las facturas (CFDI 4.0) de tus pagos.
        </Text>
      </div>
      <InvoicingNotice />
      {outer}
      {notice && (
        <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {taxSection}
      <BillablePayments onNotice={setNotice} />
      <MyInvoices onNotice={setNotice} />
    </Stack>
  );
}
