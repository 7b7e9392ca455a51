import type { ReactNode } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentMethodLabels } from '@envios/contracts/payments';
import type { Invoice, InvoiceList } from '@envios/contracts/invoices';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyRow } from '@/components/ui/list-parts';
import { formatDateTime } from '@/lib/dates';
import { invoiceFolio } from '../utils/invoice-files';
import { InvoiceStatusBadges } from './invoice-status';

const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

/** What each invoice covers: the payment's folio and method, or the month of a global invoice. */
function covers(invoice: Invoice): string {
  if (invoice.global) return `Factura global de ${invoice.global.month} (${invoice.global.payments} ${invoice.global.payments === 1 ? 'pago' : 'pagos'})`;
  if (invoice.payment_folio === null) return 'Pago';
  return `Pago ${invoice.payment_folio}${invoice.payment_method ? ` · ${paymentMethodLabels[invoice.payment_method]}` : ''}`;
}

/**
 * The invoices table: folio fiscal, date, what it covers, total, status (with the service's reason
 * when it refused) and the actions the caller may take (files, e-mail; for admins, retry and cancel).
 */
export function InvoiceTable({
  data,
  busy,
  label,
  actions,
  showUser = false,
  empty,
}: {
  data: InvoiceList;
  busy: boolean;
  label: string;
  actions: (invoice: Invoice) => ReactNode;
  showUser?: boolean;
  empty: ReactNode;
}) {
  const columns = showUser ? 7 : 6;
  return (
    <ResponsiveTable stackBelow="lg" striped aria-label={label} aria-busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Factura</Table.Th>
          <Table.Th>Fecha</Table.Th>
          {showUser && <Table.Th>Cliente</Table.Th>}
          <Table.Th>Concepto</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Estatus</Table.Th>
          <Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.docs.map((invoice) => (
          <Table.Tr key={invoice._id}>
            <Table.Td {...cell('title')}>
              <Text size="sm" fw={600}>
                {invoiceFolio(invoice)}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {invoice.uuid ? `Folio fiscal ${invoice.uuid}` : 'Sin folio fiscal todavía'}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(invoice.issued_at ?? invoice.created_at)}</Table.Td>
            {showUser && (
              <Table.Td>
                <Text size="sm">{invoice.user?.name ?? 'Público en general'}</Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {invoice.receptor.rfc}
                </Text>
              </Table.Td>
            )}
            <Table.Td>
              <Text size="sm">{covers(invoice)}</Text>
              <Text size="xs" c="dimmed">
                {invoice.items.length} {invoice.items.length === 1 ? 'concepto' : 'conceptos'} · {invoice.payment_form_label}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {mxn(invoice.total)}
            </Table.Td>
            <Table.Td>
              <Stack gap={4}>
                <InvoiceStatusBadges invoice={invoice} />
                {invoice.status === 'failed' && invoice.failure && (
                  <Text size="xs" c="red.8" maw={320}>
                    {invoice.failure.message}
                  </Text>
                )}
                {invoice.cancellation && (
                  <Text size="xs" c="dimmed">
                    Motivo {invoice.cancellation.motive_label}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td {...cell('actions')}>{actions(invoice)}</Table.Td>
          </Table.Tr>
        ))}
        {data.docs.length === 0 && <EmptyRow colSpan={columns}>{empty}</EmptyRow>}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
