import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert, Badge, Button, Card, Checkbox, Divider, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { createWebhookEndpointSchema, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint } from '@envios/contracts/developers';
import { EVENT_TYPES, eventTypeDescriptions, eventTypeLabels } from '@envios/contracts/events';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useRevealWebhookSecret } from '../api/get-webhook-secret';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { SecretValue } from './code-block';
import { DeliveriesLog, DeliveryStatusBadge } from './deliveries-log';

function CreateEndpointForm({ onClose, onCreated }: { onClose: () => void; onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const create = useCreateWebhookEndpoint();
  const form = useZodForm(createWebhookEndpointSchema, {
    mode: 'onTouched',
    defaultValues: { url: '', description: '', events: ['guide.issued', 'tracking.updated'] },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch {
      // The alert shows the server's message (an address refused names why).
    }
  });
  // An address the server refuses (private, unknown) is said under the URL box.
  const urlError = create.error instanceof ApiRequestError ? create.error.body.errors?.find((e) => e.path === 'url')?.message : undefined;
  return (
    <ModalForm
      onSubmit={onSubmit}
      failure={urlError ? undefined : create.error?.message}
      submitLabel="Agregar destino"
      pending={create.isPending}
      onCancel={onClose}
      aria-label="Nuevo destino de webhooks"
    >
      <TextInput
        label="URL"
        description="https y un servidor en internet; las direcciones privadas o locales se rechazan."
        placeholder="https://mi-sistema.mx/avisos/envios"
        withAsterisk
        inputMode="url"
        autoComplete="off"
        data-autofocus
        {...form.register('url')}
        error={form.formState.errors.url?.message ?? urlError}
      />
      <TextInput
        label="Descripción (opcional)"
        placeholder="ERP de la bodega"
        {...form.register('description')}
        error={form.formState.errors.description?.message}
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label="Eventos"
            description="Elige los que tu sistema necesita."
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
              {EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={eventTypeLabels[type]} description={type} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
    </ModalForm>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [logOpen, setLogOpen] = useState(true);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [lastTest, setLastTest] = useState<WebhookDelivery | null>(null);
  const reveal = useRevealWebhookSecret();
  const test = useSendTestWebhook();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const label = endpoint.description || endpoint.url;
  const failure = reveal.error ?? test.error ?? update.error;

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Destino ${label}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
          </div>
          {endpoint.active ? (
            <Badge color="green" variant="light" tt="none">
              Activo
            </Badge>
          ) : (
            <Badge color="orange" variant="light" tt="none">
              En pausa
            </Badge>
          )}
        </Group>
        {!endpoint.active && endpoint.paused_reason && (
          <Alert color="orange" variant="light" title="Este destino no recibe eventos">
            {endpoint.paused_reason}
            {endpoint.paused_at && ` (${formatDateTime(endpoint.paused_at)})`} Revisa tu servidor y pulsa «Reanudar»; luego usa «Reenviar» en las entregas que
            faltaron.
          </Alert>
        )}
        <Group gap={6}>
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" color="gray" tt="none" title={eventTypeDescriptions[e]}>
              {e}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button size="xs" loading={test.isPending} onClick={() => test.mutate(endpoint._id, { onSuccess: setLastTest })}>
            Enviar prueba
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={reveal.isPending}
            onClick={() => (secret ? setSecret(null) : reveal.mutate(endpoint._id, { onSuccess: (r) => setSecret(r.secret) }))}
          >
            {secret ? 'Ocultar secreto' : 'Ver secreto'}
          </Button>
          <Button size="xs" variant="default" loading={update.isPending} onClick={() => update.mutate({ id: endpoint._id, active: !endpoint.active })}>
            {endpoint.active ? 'Pausar' : 'Reanudar'}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            Eliminar
          </Button>
        </Group>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure.message}
          </Alert>
        )}
        {lastTest && (
          <Alert
            color={lastTest.status === 'delivered' ? 'green' : 'red'}
            variant="light"
            role="status"
            withCloseButton
            closeButtonLabel="Cerrar aviso"
            onClose={() => setLastTest(null)}
          >
            <Group gap="xs">
              <DeliveryStatusBadge status={lastTest.status} />
              <Text size="sm">
                {lastTest.status === 'delivered'
                  ? `Tu servidor respondió ${lastTest.response_status} en ${lastTest.response_ms} ms.`
                  : (lastTest.error ?? `Tu servidor respondió ${lastTest.response_status}.`)}
              </Text>
            </Group>
          </Alert>
        )}
        {secret && (
          <Stack gap={4}>
            <Text size="sm">Secreto de firma (verifica con él la cabecera X-Envios-Signature):</Text>
            <SecretValue value={secret} label="Secreto de firma" />
          </Stack>
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={600} size="sm" id={`log-${endpoint._id}`}>
            Registro de entregas
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen} aria-controls={`log-body-${endpoint._id}`}>
            {logOpen ? 'Ocultar' : 'Mostrar'}
          </Button>
        </Group>
        <div id={`log-body-${endpoint._id}`}>{logOpen && <DeliveriesLog endpointId={endpoint._id} active={endpoint.active} />}</div>
      </Stack>
      <ConfirmDeleteModal
        opened={deleting}
        onCancel={() => setDeleting(false)}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(endpoint._id, { onSuccess: () => setDeleting(false) })}
      >
        <Text size="sm">Se borra el destino {endpoint.url} y su registro de entregas; deja de recibir eventos.</Text>
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {remove.error.message}
          </Alert>
        )}
      </ConfirmDeleteModal>
    </Card>
  );
}

/** «Webhooks»: the account's endpoints with their events, secret, test delivery and delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const list = endpoints.data?.data ?? [];
  const close = () => {
    setCreating(false);
    setCreated(null);
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: '1 1 320px' }}>
            <Title order={2} size="h3" id="webhooks-title">
              Webhooks
            </Title>
            <Text size="sm" c="dimmed">
              Te avisamos cuando algo pasa (guía emitida, rastreo nuevo, pago confirmado) con un POST firmado a tu servidor. Si no responde 2xx, reintentamos
              con esperas crecientes durante 3 días; después pausamos el destino y te escribimos.
            </Text>
          </div>
          <Button onClick={() => setCreating(true)}>Agregar destino</Button>
        </Group>
        {endpoints.isPending && (
          <Group justify="center" py="md">
            <Loader aria-label="Cargando tus destinos" />
          </Group>
        )}
        {endpoints.isError && (
          <Alert color="red" variant="light" role="alert" title="No pudimos cargar tus destinos">
            {endpoints.error.message}
          </Alert>
        )}
        {endpoints.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            Aún no tienes destinos. Agrega la URL https de tu sistema y elige los eventos.
          </Text>
        )}
        {list.map((e) => (
          <EndpointCard key={e._id} endpoint={e} />
        ))}
      </Stack>
      <Modal
        opened={creating}
        onClose={close}
        title={created ? 'Destino agregado' : 'Nuevo destino de webhooks'}
        centered
        size="lg"
        closeOnClickOutside={!created}
      >
        {created ? (
          <Stack>
            <Text size="sm">
              Cada entrega a {created.endpoint.url} va firmada con este secreto. Guárdalo en tu servidor; puedes verlo de nuevo con «Ver secreto».
            </Text>
            <SecretValue value={created.secret} label="Secreto de firma" />
            <Group justify="flex-end">
              <Button onClick={close} data-autofocus>
                Listo
              </Button>
            </Group>
          </Stack>
        ) : (
          <CreateEndpointForm onClose={close} onCreated={setCreated} />
        )}
      </Modal>
    </Card>
  );
}
