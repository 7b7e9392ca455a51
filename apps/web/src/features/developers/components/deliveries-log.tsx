import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { deliveryStatusLabels, type DeliveryStatus, type WebhookDelivery } from '@envios/contracts/developers';
import { eventTypeLabels, TEST_EVENT_TYPE, type EventType } from '@envios/contracts/events';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/dates';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import { CodeBlock } from './code-block';

const statusColors: Record<DeliveryStatus, string> = { pending: 'blue', retrying: 'orange', delivered: 'green', failed: 'red' };

export function eventLabel(type: string): string {
  return type === TEST_EVENT_TYPE ? 'Prueba' : (eventTypeLabels[type as EventType] ?? type);
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge color={statusColors[status]} variant="light" tt="none">
      {deliveryStatusLabels[status]}
    </Badge>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function answerText(d: WebhookDelivery): string {
  if (d.response_status === null) return d.error ?? '—';
  return d.response_ms === null ? String(d.response_status) : `${d.response_status} en ${d.response_ms} ms`;
}

function DeliveryDetail({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <DeliveryStatusBadge status={delivery.status} />
        <Text size="sm">
          {delivery.attempts} {delivery.attempts === 1 ? 'intento' : 'intentos'} · última respuesta: {answerText(delivery)}
        </Text>
      </Group>
      {delivery.next_attempt_at && <Text size="sm">Próximo intento: {formatDateTime(delivery.next_attempt_at)}</Text>}
      {delivery.error && delivery.response_status !== null && <Text size="sm">{delivery.error}</Text>}
      <Text size="sm" c="dimmed">
        Id del evento (para no procesarlo dos veces): <code>{delivery.event_id}</code>
      </Text>
      <CodeBlock title="Cuerpo enviado" code={prettyJson(delivery.request_body)} />
      {delivery.response_body ? <CodeBlock title="Respuesta de tu servidor" code={delivery.response_body} /> : null}
    </Stack>
  );
}

/** The delivery log of one endpoint: status, answer code and time, body; «Reenviar». */
export function DeliveriesLog({ endpointId, active }: { endpointId: string; active: boolean }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<WebhookDelivery | null>(null);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const resend = useResendDelivery();
  const docs = deliveries.data?.docs ?? [];

  if (deliveries.isPending) {
    return (
      <Group justify="center" py="sm">
        <Loader size="sm" aria-label="Cargando las entregas" />
      </Group>
    );
  }
  if (deliveries.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="No pudimos cargar las entregas">
        {deliveries.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {resend.isError && (
        <Alert color="red" variant="light" role="alert">
          {resend.error.message}
        </Alert>
      )}
      {docs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no hay entregas. Pulsa «Enviar prueba» o espera el siguiente evento.
        </Text>
      ) : (
        <ResponsiveTable stackBelow="md" aria-label="Registro de entregas" verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Evento</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Respuesta</Table.Th>
              <Table.Th>Intentos</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th aria-label="Acciones" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((d) => (
              <Table.Tr key={d._id}>
                <Table.Td {...cell('title')}>
                  {eventLabel(d.event_type)}{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {d.event_type}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={d.status} />
                </Table.Td>
                <Table.Td>{answerText(d)}</Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>{formatDateTime(d.last_attempt_at ?? d.created_at)}</Table.Td>
                <Table.Td {...cell('actions')}>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setShown(d)}
                      aria-label={`Ver la entrega ${eventLabel(d.event_type)} de ${formatDateTime(d.created_at)}`}
                    >
                      Ver
                    </Button>
                    {d.event_type !== TEST_EVENT_TYPE && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={!active || d.status === 'pending'}
                        title={active ? undefined : 'Reanuda el destino para reenviar'}
                        loading={resend.isPending && resend.variables.deliveryId === d._id}
                        onClick={() => resend.mutate({ endpointId, deliveryId: d._id })}
                        aria-label={`Reenviar ${eventLabel(d.event_type)} de ${formatDateTime(d.created_at)}`}
                      >
                        Reenviar
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {(deliveries.data?.pages ?? 1) > 1 && (
        <Group justify="center">
          <Pagination total={deliveries.data.pages} value={page} onChange={setPage} size="sm" aria-label="Páginas del registro de entregas" />
        </Group>
      )}
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? `${eventLabel(shown.event_type)} · ${formatDateTime(shown.created_at)}` : ''}
        centered
        size="xl"
      >
        {shown && <DeliveryDetail delivery={shown} />}
      </Modal>
    </Stack>
  );
}
