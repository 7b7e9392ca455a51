import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { groupEventsByDate, NO_EVENTS_TEXT } from '@envios/contracts/tracking-rules';
import type { TrackingResult } from '@envios/contracts/tracking';
import { longDayTitle, longMoment } from '../utils/event-days';
import { trackingUiMessages } from './tracking-messages';
import { SandboxBadge } from './sandbox-badge';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/**
 * The result of the 'Resultado del Envío' modal: the header (guide, status, date,
 * 'Enviado desde', 'Enviado hacia', packages) and one table per date with the columns status,
 * Ubicación, Hora (dhl only) and Paquete. The status is the guide's one headline, the same text
 * /rastreo/{guía}, Mis Envíos and the e-mails show ('Guía creada' / 'Sin movimientos' before the
 * carrier reports anything).
 */
export function TrackingResultView({ result }: { result: TrackingResult }) {
  const withTime = result.type === 'dhl';
  const groups = groupEventsByDate(result.shipment_event);

  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-label="Datos del envío">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              N° de guía
            </Text>
            <Text fw={800} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {result.guide}
            </Text>
          </div>
          <SandboxBadge show={result.sandbox} />
        </Group>
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Estatus
          </Text>
          <Text fw={800} size="xl" lh={1.3} c="brand.8" data-testid="tracking-status">
            {result.headline}
          </Text>
          <Text size="sm" c="dimmed">
            {longMoment(result.date)}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Fact label="Enviado desde" value={result.shipper.city} />
          <Fact label="Enviado hacia" value={result.consignee.city} />
          <Fact label="Paquetes" value={String(result.package)} />
        </SimpleGrid>
      </Stack>

      {groups.length === 0 ? (
        <div data-testid="tracking-no-events">
          <Text fw={700}>{NO_EVENTS_TEXT}</Text>
          <Text c="dimmed" size="sm">
            {trackingUiMessages.noEventsHint}
          </Text>
        </div>
      ) : (
        groups.map((group) => {
          const title = longDayTitle(group.date);
          return (
            <section key={group.date} aria-label={title}>
              <Title order={3} size="h5" mb={6}>
                {title}
              </Title>
              <Table striped withTableBorder layout="fixed" verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label={`Movimientos del ${title}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Estatus</Table.Th>
                    <Table.Th w="27%">Ubicación</Table.Th>
                    {withTime && <Table.Th w={62}>Hora</Table.Th>}
                    <Table.Th w={88}>Paquete</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.events.map((event, i) => (
                    <Table.Tr key={`${event.occurred_at}-${i}`}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.status}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.location || '—'}</Table.Td>
                      {withTime && <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{event.time}</Table.Td>}
                      <Table.Td>{event.package ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          );
        })
      )}
    </Stack>
  );
}
