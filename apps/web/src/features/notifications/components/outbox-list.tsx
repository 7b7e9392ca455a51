import { useState } from 'react';
import { Alert, Badge, Code, Group, Loader, Modal, Pagination, ScrollArea, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { formatDateTime } from '@/lib/dates';
import { useOutbox } from '../api/get-outbox';
import { useOutboxMessage } from '../api/get-outbox-message';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { useSearchFilter } from '@/components/ui/use-search-filter';

function MessagePreview({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const m = message.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={m?.subject ?? (m?.channel === 'whatsapp' ? 'Aviso de WhatsApp' : 'Mensaje')} size="xl" centered>
      {message.isPending && <Loader />}
      {m && (
        <Stack>
          <Text size="sm">
            <strong>Para:</strong> {m.recipient} · <strong>Fecha:</strong> {formatDateTime(m.createdAt)}
          </Text>
          {m.html && (
            // The mail's own HTML in a sandbox: no scripts, no navigation, no access to this page.
            <iframe
              title="Vista previa del correo"
              sandbox=""
              srcDoc={m.html}
              style={{ width: '100%', height: 460, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            />
          )}
          <Text size="sm" fw={600}>
            Texto
          </Text>
          <ScrollArea.Autosize mah={240}>
            <Code block data-testid="outbox-text">
              {m.text}
            </Code>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Modal>
  );
}

/** Admins read here the mail and WhatsApp notices kept because no provider is configured. */
export function OutboxList() {
  const recipient = useSearchFilter();
  const { debounced, page, setPage } = recipient;
  const [openId, setOpenId] = useState<string | null>(null);
  const outbox = useOutbox({ recipient: debounced, page });

  return (
    <Stack gap="lg">
      <Title order={1}>Bandeja de salida</Title>
      <Text c="dimmed">Correos y avisos de WhatsApp guardados porque no hay un servidor de correo (SMTP) o una cuenta de WhatsApp configurados.</Text>
      {outbox.data && !outbox.data.keepsEmail && (
        <Alert color="blue" variant="light">
          El correo se envía por SMTP: aquí solo aparecen los avisos que no tienen proveedor configurado.
        </Alert>
      )}
      <TextInput
        label="Destinatario"
        placeholder="Correo o teléfono"
        value={recipient.value}
        onChange={(e) => recipient.onChange(e.currentTarget.value)}
        maw={420}
      />
      {outbox.isError && (
        <Alert color="red" variant="light" role="alert">
          {outbox.error.message}
        </Alert>
      )}
      <ResponsiveTable stackBelow="sm" striped highlightOnHover aria-label="Mensajes guardados">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Canal</Table.Th>
            <Table.Th>Destinatario</Table.Th>
            <Table.Th>Asunto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outbox.data?.docs.map((m) => (
            <Table.Tr key={m._id}>
              <Table.Td>{formatDateTime(m.createdAt)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={m.channel === 'email' ? 'blue' : 'green'}>
                  {m.channel === 'email' ? 'Correo' : 'WhatsApp'}
                </Badge>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.recipient}</Table.Td>
              <Table.Td {...cell('title', 'Asunto')}>
                <UnstyledButton onClick={() => setOpenId(m._id)} c="brand.8" td="underline">
                  {m.subject ?? m.text.slice(0, 60)}
                </UnstyledButton>
              </Table.Td>
            </Table.Tr>
          ))}
          {outbox.data && outbox.data.docs.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" ta="center" py="md">
                  No hay mensajes guardados.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </ResponsiveTable>
      <Group>{outbox.data && outbox.data.pages > 1 && <Pagination total={outbox.data.pages} value={page} onChange={setPage} siblings={1} />}</Group>
      <MessagePreview id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
