import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { ADDRESS_TEXT_MAX } from '@envios/contracts/addresses';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { shipmentMessages, type ShipmentRow } from '@envios/contracts/shipments';
import { IconSearch } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLastShipments } from '../../api/get-last-shipments';
import { useShipmentStats } from '../../api/get-shipment-stats';
import { GuidePdfLink } from '../list/guide-pdf-link';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

function mxn(pesos: number): string {
  return formatMXN(toCentavos(pesos));
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function LoadingRows({ rows, cols }: { rows: number; cols: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Tr key={i}>
      {Array.from({ length: cols }, (__, j) => (
        <Table.Td key={j}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

function Failed({ cols, children }: { cols: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={cols}>
        <Text c="dimmed" size="sm" ta="center" py="sm">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function LastShipmentRow({ row }: { row: ShipmentRow }) {
  return (
    <Table.Tr>
      <Table.Td {...cell('title')}>
        <Anchor component={Link} to={paths.shipment(row._id)} fw={600}>
          {row.destination_name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {row.carrier} {row.carrier_service_name}
      </Table.Td>
      <Table.Td>
        {row.number_guide ?? (
          <Text span size="sm" c="dimmed">
            {shipmentMessages.noGuideStats}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text span fw={700} c={row.status ? 'green.8' : 'blue.7'}>
          {mxn(row.total_amount)}
        </Text>
        <VisuallyHidden>{row.status ? ' (pagado)' : ' (sin pagar)'}</VisuallyHidden>
      </Table.Td>
      <Table.Td>
        <GuidePdfLink href={row.guide} paid={row.status} label={`envío ${row.numberOfOrder}`} />
      </Table.Td>
    </Table.Tr>
  );
}

export interface ShipmentStatisticsProps {
  userId: string;
  /** The signed-in person's first name, for the welcome. */
  name: string;
}

/** /dashboard 'Mis estadísticas': welcome, search, last shipments, payment status and carriers. */
export function ShipmentStatistics({ userId, name }: ShipmentStatisticsProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const last = useLastShipments(userId, search);
  const stats = useShipmentStats(userId);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Mis estadísticas</Title>
          <Text c="dimmed">¡Bienvenido, {name}! Este es el resumen de tus envíos.</Text>
        </Stack>
        <Button component={Link} to={paths.newShipment}>
          Nuevo envío
        </Button>
      </Group>

      <form
        role="search"
        aria-label="Buscar envíos"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(text.trim());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Buscar envío"
            placeholder="Buscar envío…"
            leftSection={<IconSearch size={16} />}
            value={text}
            maxLength={ADDRESS_TEXT_MAX}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              // Clearing the box brings back the last shipments.
              if (value.trim() === '') setSearch('');
            }}
            style={{ flex: 1, maxWidth: 480 }}
          />
          <Button type="submit" variant="light">
            Buscar
          </Button>
        </Group>
      </form>

      <Panel title={search ? `Envíos que coinciden con «${search}»` : 'Últimos envíos'}>
        <ResponsiveTable stackBelow="sm" aria-label="Últimos envíos" aria-busy={last.isFetching} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Destino</Table.Th>
              <Table.Th>Servicio</Table.Th>
              <Table.Th>N° de guía</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>Guía</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {last.isPending && <LoadingRows rows={3} cols={5} />}
            {last.isError && <Failed cols={5}>No pudimos cargar tus últimos envíos.</Failed>}
            {last.data?.map((row) => (
              <LastShipmentRow key={row._id} row={row} />
            ))}
            {last.data?.length === 0 && (
              <Failed cols={5}>
                {search ? (
                  'Ningún envío coincide con tu búsqueda.'
                ) : (
                  <>
                    Aún no tienes envíos.{' '}
                    <Anchor component={Link} to={paths.newShipment}>
                      Crea el primero
                    </Anchor>
                    .
                  </>
                )}
              </Failed>
            )}
          </Table.Tbody>
        </ResponsiveTable>
      </Panel>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="Estatus de pago">
          <Table aria-label="Estatus de pago">
            <Table.Tbody>
              {stats.isPending && <LoadingRows rows={3} cols={2} />}
              {stats.isError && <Failed cols={2}>No pudimos cargar el estatus de pago.</Failed>}
              {stats.data && (
                <>
                  <Table.Tr>
                    <Table.Th scope="row">Guías sin pago</Table.Th>
                    <Table.Td ta="right">{stats.data.payment_status.unpaid_guide}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">Guías pagadas</Table.Th>
                    <Table.Td ta="right">{stats.data.payment_status.paid_guide}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">Total pagado</Table.Th>
                    <Table.Td ta="right" fw={700}>
                      {mxn(stats.data.payment_status.paid_amount)}
                    </Table.Td>
                  </Table.Tr>
                </>
              )}
            </Table.Tbody>
          </Table>
        </Panel>

        <Panel title="Envíos por paquetería">
          <Text size="sm" c="dimmed" mb="xs">
            Guías pagadas de cada paquetería.
          </Text>
          <Table aria-label="Envíos por paquetería">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Paquetería</Table.Th>
                <Table.Th ta="right">Guías</Table.Th>
                <Table.Th ta="right">Costo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.isPending && <LoadingRows rows={3} cols={3} />}
              {stats.isError && <Failed cols={3}>No pudimos cargar los envíos por paquetería.</Failed>}
              {stats.data?.per_carrier.map((c) => (
                <Table.Tr key={c.carrier_code}>
                  <Table.Th scope="row" fw={500}>
                    {c.carrier}
                  </Table.Th>
                  <Table.Td ta="right">{c.guides}</Table.Td>
                  <Table.Td ta="right">{mxn(c.cost)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {stats.data && (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">Total</Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {stats.data.totals.guides}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {mxn(stats.data.totals.cost)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
