import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert, Badge, Button, Card, Group, Loader, Modal, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  API_KEY_MODES,
  API_KEY_SCOPES,
  apiKeyModeLabels,
  apiKeyModeRules,
  apiKeyScopeLabels,
  apiKeyScopeRules,
  createApiKeySchema,
  type ApiKey,
  type CreatedApiKey,
} from '@envios/contracts/developers';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/dates';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { SecretValue } from './code-block';

function CreateKeyForm({ onClose, onCreated }: { onClose: () => void; onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useZodForm(createApiKeySchema, { mode: 'onTouched', defaultValues: { name: '', scope: 'write', mode: 'live' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch {
      // The alert shows the server's message.
    }
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      failure={create.error?.message}
      submitLabel="Crear llave"
      pending={create.isPending}
      onCancel={onClose}
      aria-label="Nueva llave de API"
    >
      <TextInput
        label="Nombre"
        description="Para reconocerla: el sistema o la persona que la usa."
        placeholder="ERP de la bodega"
        withAsterisk
        data-autofocus
        {...form.register('name')}
        error={form.formState.errors.name?.message}
      />
      <Controller
        control={form.control}
        name="scope"
        render={({ field, fieldState }) => (
          <Radio.Group label="Alcance" withAsterisk value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
            <Stack gap="xs" mt={6}>
              {API_KEY_SCOPES.map((s) => (
                <Radio key={s} value={s} label={apiKeyScopeLabels[s]} description={apiKeyScopeRules[s]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Controller
        control={form.control}
        name="mode"
        render={({ field, fieldState }) => (
          <Radio.Group label="Tipo" withAsterisk value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
            <Stack gap="xs" mt={6}>
              {API_KEY_MODES.map((m) => (
                <Radio key={m} value={m} label={apiKeyModeLabels[m]} description={apiKeyModeRules[m]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
    </ModalForm>
  );
}

function KeyShownOnce({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" variant="light" title="Cópiala ahora">
        Es la única vez que verás la llave completa: guardamos solo una huella de ella. Si la pierdes, revócala y crea otra.
      </Alert>
      <SecretValue value={created.key} label={`Llave ${created.api_key.name}`} />
      <Text size="sm" c="dimmed">
        Envíala en cada solicitud como <code>Authorization: Bearer {created.api_key.prefix}…</code>
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Ya la guardé
        </Button>
      </Group>
    </Stack>
  );
}

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.revoked_at) {
    return (
      <Badge color="gray" variant="light" tt="none">
        Revocada
      </Badge>
    );
  }
  return (
    <Badge color="green" variant="light" tt="none">
      Activa
    </Badge>
  );
}

/** «Llaves de API»: create (shown once), list with prefix, scope, type, creation and last use, revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = keys.data?.data ?? [];
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="keys-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: '1 1 320px' }}>
            <Title order={2} size="h3" id="keys-title">
              Llaves de API
            </Title>
            <Text size="sm" c="dimmed">
              Tu sistema actúa como tu cuenta: cotiza, crea y paga envíos, descarga etiquetas y rastrea. Nunca entra a la administración ni a esta página.
              {keys.data &&
                ` Cada llave puede hacer ${keys.data.rate_limit.per_second} solicitudes por segundo (hasta ${keys.data.rate_limit.burst} seguidas); después responde 429 con Retry-After.`}
            </Text>
          </div>
          <Button onClick={() => setCreating(true)}>Crear llave</Button>
        </Group>

        {keys.isPending && (
          <Group justify="center" py="md">
            <Loader aria-label="Cargando tus llaves" />
          </Group>
        )}
        {keys.isError && (
          <Alert color="red" variant="light" role="alert" title="No pudimos cargar tus llaves">
            {keys.error.message}
          </Alert>
        )}
        {keys.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            Aún no tienes llaves. Crea una para tu primera integración; empieza con una de pruebas si no quieres mover dinero real.
          </Text>
        )}
        {list.length > 0 && (
          <ResponsiveTable stackBelow="lg" aria-label="Llaves de API" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Llave</Table.Th>
                <Table.Th>Alcance</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Creada</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th aria-label="Acciones" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((k) => (
                <Table.Tr key={k._id} style={k.revoked_at ? { opacity: 0.65 } : undefined}>
                  <Table.Td {...cell('title')}>{k.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {k.prefix}…
                    </Text>
                  </Table.Td>
                  <Table.Td>{apiKeyScopeLabels[k.scope]}</Table.Td>
                  <Table.Td>
                    <Badge color={k.mode === 'test' ? 'grape' : 'blue'} variant="light" tt="none">
                      {apiKeyModeLabels[k.mode]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(k.created_at)}</Table.Td>
                  <Table.Td>{k.last_used_at ? formatDateTime(k.last_used_at) : 'Nunca'}</Table.Td>
                  <Table.Td>
                    <KeyStatus apiKey={k} />
                  </Table.Td>
                  <Table.Td {...cell('actions')}>
                    {!k.revoked_at && (
                      <Button size="xs" variant="light" color="red" onClick={() => setRevoking(k)} aria-label={`Revocar ${k.name}`}>
                        Revocar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Stack>

      <Modal
        opened={creating}
        onClose={closeCreate}
        title={created ? 'Tu llave nueva' : 'Nueva llave de API'}
        centered
        size="lg"
        closeOnClickOutside={!created}
      >
        {created ? <KeyShownOnce created={created} onClose={closeCreate} /> : <CreateKeyForm onClose={closeCreate} onCreated={setCreated} />}
      </Modal>

      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="¿Revocar la llave?" centered size="sm">
        <Stack>
          <Text size="sm">
            «{revoking?.name}» dejará de funcionar en este momento, en todos nuestros servidores. Lo que la use recibirá 401. No se puede deshacer.
          </Text>
          {revoke.isError && (
            <Alert color="red" variant="light" role="alert">
              {revoke.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)} data-autofocus>
              Cancelar
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking._id, { onSuccess: () => setRevoking(null) })}>
              Revocar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
