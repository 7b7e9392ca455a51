import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { WalletEntry } from '@envios/contracts/wallet';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { useDeleteTopUp } from '../api/delete-top-up';
import { useWalletEntries, useWalletTotal } from '../api/get-wallet';

/** Spec 02 §9: notices stay 5 seconds. */
const NOTICE_MS = 5_000;

export const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

function Balance({ userId }: { userId: string }) {
  const total = useWalletTotal(userId);
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

function isDeletable(entry: WalletEntry): boolean {
  return entry.type === 'abono' && !entry.status;
}

/**
 * Spec 02 "Wallet" (/prepaids): the balance, 'Abonar', and the movements (date, folio, movement,
 * amount, status) with a delete button for the top-ups not paid yet.
 */
export function WalletPage({ userId }: { userId: string }) {
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
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Movimientos del monedero" aria-busy={entries.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Folio</Table.Th>
                <Table.Th>Movimiento</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th>Estatus</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
                  <Table.Td>{entry.numberOfOrder}</Table.Td>
                  <Table.Td>
                    {entry.movement}
                    {entry.note && (
                      <Text size="xs" c="dimmed" maw={360}>
                        {entry.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" c={entry.amount < 0 ? 'red.8' : undefined}>
                    {mxn(entry.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={entry.status ? 'green' : 'yellow'} variant="light">
                      {entry.status_label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {isDeletable(entry) && (
                      <Button size="xs" color="red" variant="light" onClick={() => setDeleting(entry)} aria-label={`Eliminar el abono ${entry.numberOfOrder}`}>
                        Eliminar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de movimientos" />}

      <ConfirmDeleteModal opened={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={() => void runDelete()} busy={remove.isPending} />
    </Stack>
  );
}
