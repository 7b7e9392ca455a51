import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { billingStateLabels, SANDBOX_INVOICE_TEXT } from '@envios/contracts/invoices';
import { paths } from '@/config/paths';
import { failureMessage } from '@/components/ui/form/failure-alert';
import { useInvoiceLink, type LinkTarget } from '../api/get-invoice-links';
import { downloadInvoice } from '../utils/invoice-files';
import { BILLING_COLORS } from './invoice-status';

/**
 * A payment's or a top-up's invoice where the payment is shown (Monedero, the admin's Pagos): its
 * state, the PDF once stamped, and where to go for the rest.
 */
export function InvoiceLinkCell({ target, admin = false }: { target: LinkTarget; admin?: boolean }) {
  const link = useInvoiceLink(target);
  const [error, setError] = useState<string | null>(null);
  const data = link.data;
  if (!data) return null;
  const more = admin ? paths.invoicesAdmin : paths.billing;
  return (
    <Stack gap={2} mt={4}>
      <Group gap={6} wrap="wrap">
        <Badge size="sm" color={BILLING_COLORS[data.state]} variant="light" tt="none">
          {billingStateLabels[data.state]}
        </Badge>
        {data.sandbox && data.state === 'invoiced' && (
          <Badge size="sm" color="red" variant="outline" tt="none">
            {SANDBOX_INVOICE_TEXT}
          </Badge>
        )}
        {data.state === 'invoiced' && data.invoice_id && (
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => {
              setError(null);
              downloadInvoice({ _id: data.invoice_id!, series: null, folio_number: null }, 'pdf').catch((e: unknown) =>
                setError(failureMessage(e, 'No pudimos descargar la factura.')),
              );
            }}
          >
            Factura (PDF)
          </Anchor>
        )}
        {(data.state === 'awaiting' || data.state === 'failed' || admin) && (
          <Anchor component={Link} to={more} size="xs">
            {admin ? 'Ver en Facturas' : data.state === 'failed' ? 'Ver por qué' : 'Solicitar en Facturación'}
          </Anchor>
        )}
      </Group>
      {admin && data.failure && (
        <Text size="xs" c="red.8" maw={300}>
          {data.failure}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
