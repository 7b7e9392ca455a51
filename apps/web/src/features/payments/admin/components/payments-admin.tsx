import { useState, type ReactNode } from 'react';
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paymentMethodLabels,
  paymentStatusLabels,
  type Payment,
  type PaymentMethod,
  type PaymentPurpose,
  type PaymentStatus,
} from '@envios/contracts/payments';
import { formatDateTime } from '@/lib/dates';
import { ListFilters, SearchFilter, SelectFilter } from '@/components/ui/list-filters';
import { useSearchFilter } from '@/components/ui/use-search-filter';
import { EmptyRow, ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { useAdminPayments } from '../api/get-admin-payments';
import { useSandboxEvent, type SandboxEvent } from '../api/sandbox-event';
import { ReconciliationPanel } from './reconciliation-panel';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

const purposeLabels: Record<PaymentPurpose, string> = {
  shipments: 'Envíos',
  topup: 'Abono al monedero',
  overweight: 'Sobrepeso',
};

/** Short method names for the table; the contract's labels are sentences for the buyer. */
const methodShort: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  'paypal-plus': 'Tarjeta (PayPal)',
  oxxo: 'OXXO',
  monedero: 'Monedero',
};

const statusColors: Record<PaymentStatus, string> = {
  created: 'gray',
  pending: 'yellow',
  paid: 'green',
  declined: 'red',
  expired: 'orange',
  cancelled: 'gray',
  failed: 'red',
};

function isSandboxOxxoPending(p: Payment): boolean {
  return p.sandbox && p.method === 'oxxo' && p.status === 'pending';
}

// Shown under a «Sandbox» caption, one under the other, so the column stays narrow at 1366 px;
// their accessible names say «(sandbox)» and the payment.
const sandboxButtons: { event: SandboxEvent; label: string; color: string }[] = [
  { event: 'paid', label: 'Marcar pagado', color: 'green' },
  { event: 'expired', label: 'Marcar vencido', color: 'orange' },
];

function SandboxActions({ payment }: { payment: Payment }) {
  const event = useSandboxEvent();
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs" c="dimmed">
        Sandbox:
      </Text>
      <Stack gap={4} align="stretch">
        {sandboxButtons.map(({ event: kind, label, color }) => (
          <Button
            key={kind}
            size="xs"
            color={color}
            variant="light"
            disabled={event.isPending}
            loading={event.isPending && event.variables?.event === kind}
            onClick={() => event.mutate({ id: payment._id, event: kind })}
            aria-label={`${label} (sandbox) el pago ${payment.numberOfOrder}`}
          >
            {label}
          </Button>
        ))}
      </Stack>
      {event.error && (
        <Text size="xs" c="red" role="alert">
          {event.error.message}
        </Text>
      )}
    </Stack>
  );
}

const statusOptions = PAYMENT_STATUSES.map((s) => ({ value: s, label: paymentStatusLabels[s] }));
const methodOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabels[m] }));

function reference(p: Payment): string {
  return p.oxxo_reference ?? p.provider_reference ?? '—';
}

/**
 * Payments admin (/admin/pagos): every payment attempt with filters, the sandbox OXXO actions
 * (they go through the real webhook path) and the wallets' reconciliation.
 */
export function PaymentsAdmin({
  invoiceFor,
}: { /** What the table shows of each payment's invoice, composed by the route. */ invoiceFor?: (payment: Payment) => ReactNode } = {}) {
  const search = useSearchFilter(300);
  const { page, setPage } = search;
  const [status, setStatus] = useState<PaymentStatus | undefined>();
  const [method, setMethod] = useState<PaymentMethod | undefined>();
  const payments = useAdminPayments({ page, status, method, q: search.debounced });
  const data = payments.data;
  // A new filter starts again from page 1: the page shown may not exist under it.
  const fromFirstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="lg">
      <Title order={1}>Pagos</Title>
      <ReconciliationPanel />
      <Title order={2} size="h3">
        Intentos de pago
      </Title>
      <ListFilters>
        <SearchFilter
          applyOn="typing"
          description="Nombre, correo, referencia OXXO u orden del proveedor"
          value={search.value}
          onChange={search.onChange}
          w={320}
        />
        <SelectFilter label="Estatus" allLabel="Todos" options={statusOptions} value={status} onChange={fromFirstPage(setStatus)} />
        <SelectFilter label="Método" allLabel="Todos" options={methodOptions} value={method} onChange={fromFirstPage(setMethod)} />
      </ListFilters>
      <QueryStatus query={payments} loadingLabel="Cargando pagos" />
      {data && (
        <ResponsiveTable stackBelow="lg" striped aria-label="Pagos" aria-busy={payments.isPlaceholderData}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Folio</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Usuario</Table.Th>
              <Table.Th>Método</Table.Th>
              <Table.Th>Propósito</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Estatus</Table.Th>
              <Table.Th>Referencia</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.docs.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>{p.numberOfOrder}</Table.Td>
                <Table.Td>{formatDateTime(p.created_at)}</Table.Td>
                <Table.Td {...cell('title')}>
                  <Text size="sm" fw={600}>
                    {p.user_name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {p.user_email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {methodShort[p.method]}
                  {p.sandbox && (
                    <Badge size="xs" color="gray" variant="outline" ml={6}>
                      sandbox
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {purposeLabels[p.purpose]}
                  {p.purpose === 'shipments' && p.shipments.length > 1 && ` (${p.shipments.length})`}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {mxn(p.amount)}
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColors[p.status]} variant="light">
                    {p.status_label}
                  </Badge>
                  {p.failure && (
                    <Text size="xs" c="dimmed">
                      {p.failure}
                    </Text>
                  )}
                  {invoiceFor?.(p)}
                  {p.credited.length > 0 && (
                    <Stack gap={2} mt={4}>
                      <Badge color="orange" variant="light" tt="none">
                        Abonado al monedero: {mxn(p.credited.reduce((sum, c) => sum + c.amount, 0))}
                      </Badge>
                      {p.credited.map((c, i) => (
                        <Text key={`${c.shipment ?? 'x'}-${i}`} size="xs" c="dimmed">
                          {c.label} ({mxn(c.amount)})
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {reference(p)}
                  </Text>
                  {p.expires_at && p.status === 'pending' && (
                    <Text size="xs" c="dimmed">
                      Vence {formatDateTime(p.expires_at)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td {...cell('actions')}>
                  {isSandboxOxxoPending(p) ? (
                    <SandboxActions payment={p} />
                  ) : (
                    <Text span size="xs" c="dimmed">
                      Sin acciones
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {data.docs.length === 0 && <EmptyRow colSpan={9}>No hay pagos que coincidan con los filtros.</EmptyRow>}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de pagos" />}
    </Stack>
  );
}
