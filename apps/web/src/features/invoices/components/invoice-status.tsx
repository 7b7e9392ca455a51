import { Badge, Group } from '@mantine/core';
import { SANDBOX_INVOICE_TEXT, type BillingState, type Invoice, type InvoiceStatus } from '@envios/contracts/invoices';

const STATUS_COLORS: Record<InvoiceStatus, string> = { pending: 'yellow', valid: 'green', failed: 'red', cancelling: 'orange', cancelled: 'gray' };

export const BILLING_COLORS: Record<BillingState, string> = {
  invoiced: 'green',
  pending: 'yellow',
  failed: 'red',
  awaiting: 'blue',
  closed: 'gray',
  global: 'gray',
  excluded: 'gray',
  not_invoiceable: 'gray',
};

/** The invoice's status, and «Sin validez fiscal» on a test invoice. */
export function InvoiceStatusBadges({ invoice }: { invoice: Pick<Invoice, 'status' | 'status_label' | 'sandbox'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STATUS_COLORS[invoice.status]} variant="light" tt="none">
        {invoice.status_label}
      </Badge>
      {invoice.sandbox && (
        <Badge color="red" variant="outline" tt="none">
          {SANDBOX_INVOICE_TEXT}
        </Badge>
      )}
    </Group>
  );
}
