import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { TOP_UP_ABANDONED_AFTER_HOURS, type WalletEntry, type WalletStatusLabel } from '@envios/contracts/wallet';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { useDeleteTopUp } from '../api/delete-top-up';
import { useWalletBalance } from '@/lib/wallet-balance';
import { useWalletEntries } from '../api/get-wallet';

/** Notices stay 5 seconds. */
const NOTICE_MS = 5_000;

export const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

function Balance({ userId }: { userId: string }) {
  const total = useWalletBalance(userId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="wallet-balance">
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Text id="wallet-balance" size="sm" c="dimmed">
            Saldo disponible
          </Text>
          {total.isPending ? (
            <Loader size="sm" aria-label="Cargando saldo" />
          ) : total.isError ? (
            <Text c="red" role="alert">
              No pudimos cargar tu saldo.
            </Text>
          ) : (
            <Text fw={700} fz={32} data-testid="wallet-total">
              {mxn(total.data.total_amount)}
            </Text>
          )}
        </Stack>
        <Button component={Link} to={paths.newTopUp} size="md">
          Abonar
        </Button>
      </Group>
    </Card>
  );
}

const STATUS_COLORS: Record<WalletStatusLabel, string> = { Pagado: 'green', Pendiente: 'yellow', Cancelado: 'gray' };

/** A top-up not paid (pending or cancelled) may be removed from the list. */
function isDeletable(entry: WalletEntry): boolean {
  return entry.type === 'abono' && !entry.status;
}

/**
 * The wallet (/prepaids): the balance, 'Abonar', and the movements (date, folio, movement,
 * amount, status) with a delete button for the top-ups not paid. A movement's folio is its own
 * MON- number (never a shipment's); a charge also links the folio of the shipment it paid.
 */
export function WalletPage({
  userId,
  invoiceFor,
}: {
  userId: string;
  /** What the page shows of a movement's invoice (a paid top-up's), composed by the route. */ invoiceFor?: (entry: WalletEntry) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const entries = useWalletEntries(page);
  const remove = useDeleteTopUp();
  const [deleting, setDeleting] = useState<WalletEntry | null>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const runDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      setNotice({ color: 'green', text: 'Abono eliminado.' });
    } catch (error) {
      setNotice({ color: 'red', text: error instanceof Error ? error.message : 'No se pudo eliminar el abono.' });
    } finally {
      setDeleting(null);
    }
  };

  const data = entries.data;
  return (
    <Stack gap="lg">
      <Title order={1}>Monedero</Title>
      <Balance userId={userId} />
      {notice && (
        <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <QueryStatus query={entries} loadingLabel="Cargando movimientos" />
      {data && data.docs.length === 0 && (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="xs">
            <Text fw={600}>Aún no tienes movimientos.</Text>
            <Text c="dimmed" ta="center">
              Abona saldo a tu monedero para pagar tus envíos al instante.
            </Text>
          </Stack>
        </Card>
      )}
      {data && data.docs.length > 0 && (
        <ResponsiveTable stackBelow="md" striped aria-label="Movimientos del monedero" aria-busy={entries.isPlaceholderData}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Folio</Table.Th>
              <Table.Th>Movimiento</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Estatus</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.docs.map((entry) => (
              <Table.Tr key={entry._id}>
                <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.folio}</Table.Td>
                <Table.Td {...cell('title')}>
                  <Text span fw={600} size="sm">
                    {entry.movement}
                  </Text>
                  {entry.note && (
                    <Text size="xs" c="dimmed" maw={360}>
                      {entry.note}
                    </Text>
                  )}
                  {invoiceFor?.(entry)}
                  {entry.shipment && (
                    <Text size="xs" c="dimmed">
                      {entry.shipment_folio !== null ? (
                        <Anchor component={Link} to={paths.shipment(entry.shipment)} size="xs">
                          Envío {entry.shipment_folio}
                        </Anchor>
                      ) : (
                        'Envío eliminado'
                      )}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" c={entry.amount < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {mxn(entry.amount)}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[entry.status_label]} variant="light" tt="none">
                    {entry.status_label}
                  </Badge>
                </Table.Td>
                <Table.Td {...cell('actions')}>
                  {isDeletable(entry) ? (
                    <Button size="xs" color="red" variant="light" onClick={() => setDeleting(entry)} aria-label={`Eliminar el abono ${entry.folio}`}>
                      Eliminar
                    </Button>
                  ) : (
                    <Text span size="xs" c="dimmed" aria-hidden="true">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {data && data.docs.some((e) => e.cancelled) && (
        <Text size="xs" c="dimmed">
          Un abono que nadie pagó en {TOP_UP_ABANDONED_AFTER_HOURS} horas queda «Cancelado» y ya no se puede pagar; si su pago llega después, se abona igual.
        </Text>
      )}
      {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de movimientos" />}

      <ConfirmDeleteModal opened={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={() => void runDelete()} busy={remove.isPending} />
    </Stack>
  );
}
