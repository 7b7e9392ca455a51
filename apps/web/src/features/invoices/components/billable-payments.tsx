import { useState } from 'react';
import { Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { billingStateLabels, type BillablePayment } from '@envios/contracts/invoices';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentMethodLabels } from '@envios/contracts/payments';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyRow, ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { formatDateTime } from '@/lib/dates';
import { useBillablePayments } from '../api/get-billable-payments';
import { useRequestInvoice } from '../api/request-invoice';
import { BILLING_COLORS } from './invoice-status';

const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

function RequestButton({ payment, onDone }: { payment: BillablePayment; onDone: (notice: { color: 'green' | 'red'; text: string }) => void }) {
  const request = useRequestInvoice();
  return (
    <Button
      size="xs"
      loading={request.isPending}
      onClick={() =>
        request.mutate(
          { payment_id: payment.payment_id },
          {
            onSuccess: () => onDone({ color: 'green', text: `Listo: la factura del pago ${payment.payment_folio} ya está en tus facturas.` }),
            onError: (error) => onDone({ color: 'red', text: error.message }),
          },
        )
      }
      aria-label={`${payment.state === 'failed' ? 'Volver a pedir' : 'Solicitar'} la factura del pago ${payment.payment_folio}`}
    >
      {payment.state === 'failed' ? 'Volver a pedir' : 'Solicitar factura'}
    </Button>
  );
}

/**
 * «Pagos de este mes»: every payment of the month that is invoiced, where its invoice stands, and
 * «Solicitar factura» for those without one (a month's payments are invoiced within that month;
 * afterwards they go into the global invoice to the general public).
 */
export function BillablePayments({ onNotice }: { onNotice: (notice: { color: 'green' | 'red'; text: string }) => void }) {
  const [page, setPage] = useState(1);
  const payments = useBillablePayments({ page });
  const data = payments.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pagos-del-mes">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="pagos-del-mes">
            Pagos de este mes
          </Title>
          <Text size="sm" c="dimmed">
            Se facturan los abonos al monedero y las compras pagadas con PayPal, tarjeta u OXXO; lo que pagas con el monedero ya quedó facturado en su abono. La
            factura de un pago se pide dentro del mismo mes: al cerrar el mes, los pagos sin factura van a la factura global a público en general.
          </Text>
        </div>
        <QueryStatus query={payments} loadingLabel="Cargando tus pagos" />
        {data && (
          <ResponsiveTable stackBelow="md" striped aria-label="Pagos de este mes" aria-busy={payments.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pago</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Método</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th>Factura</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((p) => (
                <Table.Tr key={p.payment_id}>
                  <Table.Td {...cell('title')}>
                    <Text size="sm" fw={600}>
                      Pago {p.payment_folio}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.description}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.paid_at)}</Table.Td>
                  <Table.Td>{paymentMethodLabels[p.method]}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {mxn(p.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={BILLING_COLORS[p.state]} variant="light" tt="none">
                      {billingStateLabels[p.state]}
                    </Badge>
                    {p.reason && (
                      <Text size="xs" c="dimmed" maw={300}>
                        {p.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td {...cell('actions')}>
                    {p.can_request ? (
                      <RequestButton payment={p} onDone={onNotice} />
                    ) : (
                      <Text span size="xs" c="dimmed" aria-hidden="true">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {data.docs.length === 0 && <EmptyRow colSpan={6}>Este mes aún no tienes pagos que facturar.</EmptyRow>}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de pagos" />}
      </Stack>
    </Card>
  );
}
