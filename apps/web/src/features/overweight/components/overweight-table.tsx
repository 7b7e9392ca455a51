import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OverweightRow } from '@envios/contracts/overweight';
import { EmptyRow } from '@/components/ui/list-parts';
import { formatDateTime } from '@/lib/dates';
import { useShipmentOverweight } from '../api/get-shipment-overweight';
import { mxn, OverweightDetail, StatusBadge } from './overweight-detail';

function DetailModal({ row, admin, onClose, onNotice }: { row: OverweightRow; admin: boolean; onClose: () => void; onNotice: (text: string) => void }) {
  const detail = useShipmentOverweight(row.shipment_id);
  const record = detail.data?.record;
  return (
    <Modal opened onClose={onClose} title={`Sobrepeso del envío ${row.numberOfOrder}`} centered size="lg">
      {detail.isError && (
        <Alert color="red" variant="light" role="alert">
          {detail.error.message}
        </Alert>
      )}
      {detail.isPending && <Skeleton height={240} radius="md" />}
      {record && <OverweightDetail record={record} admin={admin} onNotice={onNotice} />}
    </Modal>
  );
}

/** The overweight lists' table (cards on a phone); 'Ver' opens the whole story. */
export function OverweightTable({
  rows,
  admin,
  busy,
  initialShipment,
}: {
  rows: OverweightRow[] | undefined;
  admin: boolean;
  busy: boolean;
  initialShipment?: string | null;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [open, setOpen] = useState<OverweightRow | null>(null);
  const [asked, setAsked] = useState(initialShipment ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  // A link to one shipment's overweight (/overweight?shipment=…) opens it once the row is listed.
  const linked = asked ? rows?.find((r) => r.shipment_id === asked) : undefined;
  const shown = open ?? linked ?? null;
  const columns = admin
    ? ['Fecha guía', 'Usuario', 'Servicio', 'Sobrepeso', 'Costo', 'Estatus', 'N° de guía', 'Total', '']
    : ['Fecha', 'Servicio', 'Sobrepeso', 'Costo', 'Estatus', 'N° de guía', 'Total', ''];
  const view = (row: OverweightRow) => (
    <Button size="compact-sm" variant="light" onClick={() => setOpen(row)} aria-label={`Ver el sobrepeso del envío ${row.numberOfOrder}`}>
      {row.dispute_status === 'open' && admin ? 'Resolver' : 'Ver'}
    </Button>
  );

  return (
    <>
      {notice && (
        <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {phone ? (
        <Stack gap="sm" aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
          {rows === undefined && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={110} radius="md" />)}
          {rows?.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              No hay sobrepesos con estos filtros.
            </Text>
          )}
          {rows?.map((row) => (
            <Card key={row._id} withBorder radius="md" padding="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>
                    {row.overweight} kg · {mxn(row.cost_overweight)}
                  </Text>
                  <StatusBadge status={row.status} label={row.status_label} />
                </Group>
                {admin && (
                  <Text size="sm" truncate>
                    {row.customer_name} · {row.customer_email}
                  </Text>
                )}
                <Text size="sm">
                  {row.carrier} - {row.carrier_service_name}
                </Text>
                <Text size="xs" c="dimmed">
                  Guía {row.number_guide ?? 'sin número'} · envío {row.numberOfOrder} · {formatDateTime(row.created_at)} · total {mxn(row.total_amount)}
                </Text>
                <Group justify="flex-end">{view(row)}</Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            aria-label={admin ? 'Reporte de sobrepesos' : 'Mis sobrepesos'}
            aria-busy={busy}
            style={{ opacity: busy ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((c, i) => (
                  <Table.Th key={i}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows === undefined &&
                Array.from({ length: 4 }, (_, i) => (
                  <Table.Tr key={i}>
                    {columns.map((_c, j) => (
                      <Table.Td key={j}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {rows?.length === 0 && <EmptyRow colSpan={columns.length}>No hay sobrepesos con estos filtros.</EmptyRow>}
              {rows?.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Table.Td>
                  {admin && (
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.customer_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.customer_email}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm">{row.carrier}</Text>
                    <Text size="xs" c="dimmed">
                      {row.carrier_service_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.overweight} kg</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{mxn(row.cost_overweight)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} label={row.status_label} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.number_guide ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      Envío {row.numberOfOrder}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{mxn(row.total_amount)}</Table.Td>
                  <Table.Td>{view(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {shown && (
        <DetailModal
          row={shown}
          admin={admin}
          onClose={() => {
            setOpen(null);
            setAsked(null);
          }}
          onNotice={setNotice}
        />
      )}
    </>
  );
}
