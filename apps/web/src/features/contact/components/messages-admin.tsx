import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { contactStatusLabels, type ContactMessage, type ContactStatus } from '@envios/contracts/contact';
import { EmptyRow, ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { useSearchFilter } from '@/components/ui/use-search-filter';
import { formatDateTime } from '@/lib/dates';
import { useContactMessage } from '../api/get-contact-message';
import { useContactMessages } from '../api/get-contact-messages';
import { useReplyContactMessage } from '../api/reply-contact-message';
import { useUpdateContactStatus } from '../api/update-contact-status';

const statusColors: Record<ContactStatus, string> = { open: 'blue', answered: 'green', closed: 'gray' };
const monthly = new Intl.NumberFormat('es-MX');
const STATUS_CHOICES = [
  { value: 'open', label: 'Nuevos' },
  { value: 'answered', label: 'Respondidos' },
  { value: 'closed', label: 'Cerrados' },
  { value: 'all', label: 'Todos' },
];

function StatusBadge({ status }: { status: ContactStatus }) {
  return (
    <Badge color={statusColors[status]} variant="light">
      {contactStatusLabels[status]}
    </Badge>
  );
}

/** One message: who wrote, what, the answers so far, and the reply box. */
function MessageDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useContactMessage(id);
  const reply = useReplyContactMessage();
  const status = useUpdateContactStatus();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const m = message.data;
  if (!m) return <QueryStatus query={message} loadingLabel="Cargando el mensaje" />;

  const sendReply = async () => {
    setError(null);
    setNotice(null);
    if (!text.trim()) {
      setError('La respuesta es obligatoria.');
      return;
    }
    try {
      await reply.mutateAsync({ id, message: text });
      setText('');
      setNotice(`Respuesta enviada a ${m.email}.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo enviar la respuesta.');
    }
  };
  const changeStatus = async (next: 'open' | 'closed') => {
    setError(null);
    setNotice(null);
    try {
      await status.mutateAsync({ id, status: next });
      setNotice(next === 'closed' ? 'Mensaje cerrado.' : 'Mensaje abierto de nuevo.');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo cambiar el estatus.');
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <StatusBadge status={m.status} />
        <Text size="sm" c="dimmed">
          Recibido el {formatDateTime(m.createdAt)}
        </Text>
      </Group>
      <Stack gap={2}>
        <Text fw={700}>
          {m.first_name} {m.last_name} · {m.company_name}
        </Text>
        <Text size="sm">
          <Anchor href={`mailto:${m.email}`}>{m.email}</Anchor> · <Anchor href={`tel:${m.phone}`}>{m.phone}</Anchor> ·{' '}
          <Anchor href={m.web} target="_blank" rel="noopener noreferrer nofollow">
            {m.web.replace(/^https?:\/\//, '')}
          </Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          {m.number_shipment === null ? 'Aún no hace envíos' : `${monthly.format(m.number_shipment)} envíos al mes`}
          {m.user ? ' · escribió con su cuenta' : ''}
        </Text>
      </Stack>
      <Card withBorder radius="md" bg="gray.0">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{m.message}</Text>
      </Card>
      {m.replies.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Respuestas enviadas
          </Title>
          {m.replies.map((r) => (
            <Card key={r._id} withBorder radius="md">
              <Text size="xs" c="dimmed" mb={4}>
                {r.author} · {formatDateTime(r.createdAt)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {r.message}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {notice && (
        <Alert color="green" variant="light" role="status">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {m.status !== 'closed' ? (
        <>
          <Textarea
            label={`Responder a ${m.email}`}
            description="Se envía por correo, con su mensaje original citado debajo."
            rows={5}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="space-between" wrap="wrap">
            <Button variant="default" onClick={() => void changeStatus('closed')} loading={status.isPending}>
              Cerrar sin responder
            </Button>
            <Group gap="xs">
              <Button variant="subtle" onClick={onClose}>
                Volver
              </Button>
              <Button onClick={() => void sendReply()} loading={reply.isPending}>
                Responder por correo
              </Button>
            </Group>
          </Group>
          {m.status === 'answered' && (
            <Group justify="flex-end">
              <Button variant="light" color="gray" onClick={() => void changeStatus('closed')} loading={status.isPending}>
                Cerrar mensaje
              </Button>
            </Group>
          )}
        </>
      ) : (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Cerrado{m.closedAt ? ` el ${formatDateTime(m.closedAt)}` : ''}. Ábrelo de nuevo para responder.
          </Text>
          <Button variant="light" onClick={() => void changeStatus('open')} loading={status.isPending}>
            Abrir de nuevo
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export interface MessagesAdminProps {
  /** The message opened by a link (`?mensaje=`), if any. */
  openId: string | null;
  onOpen: (id: string | null) => void;
}

/** 'Mensajes': what people wrote from the contact form; read, answer by e-mail, close. */
export function MessagesAdmin({ openId, onOpen }: MessagesAdminProps) {
  const [status, setStatus] = useState<ContactStatus | 'all'>('open');
  const search = useSearchFilter();
  const { debounced, page, setPage } = search;
  const list = useContactMessages({ status, search: debounced, page });
  const data = list.data;
  const excerpt = (m: ContactMessage) => (m.message.length > 90 ? `${m.message.slice(0, 90)}…` : m.message);
  const changeStatus = (v: string) => {
    setStatus(v as ContactStatus | 'all');
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Mensajes</Title>
        {data && (
          <Text c="dimmed" size="sm">
            {data.open === 1 ? '1 mensaje nuevo' : `${data.open} mensajes nuevos`}
          </Text>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap" gap="md">
        {/* Four segments fit a desktop; a phone gets the same choice as a select. */}
        <SegmentedControl aria-label="Estatus" value={status} onChange={(v) => changeStatus(v)} data={STATUS_CHOICES} visibleFrom="sm" />
        <NativeSelect label="Estatus" value={status} onChange={(e) => changeStatus(e.currentTarget.value)} data={STATUS_CHOICES} hiddenFrom="sm" w="100%" />
        <TextInput
          label="Buscar"
          placeholder="Nombre, empresa, correo o texto"
          value={search.value}
          onChange={(e) => search.onChange(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      <QueryStatus query={list} loadingLabel="Cargando mensajes" />
      {data && (
        <ResponsiveTable stackBelow="sm" striped highlightOnHover aria-label="Mensajes de contacto" aria-busy={list.isPlaceholderData}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mensaje</Table.Th>
              <Table.Th>Recibido</Table.Th>
              <Table.Th>Estatus</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.docs.map((m) => (
              <Table.Tr key={m._id}>
                <Table.Td maw={520} {...cell('title')}>
                  <Text size="sm" fw={600}>
                    {m.first_name} {m.last_name} · {m.company_name}
                  </Text>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    ta="left"
                    onClick={() => onOpen(m._id)}
                    aria-label={`Leer el mensaje de ${m.first_name} ${m.last_name}`}
                  >
                    {excerpt(m)}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={m.status} />
                </Table.Td>
              </Table.Tr>
            ))}
            {data.docs.length === 0 && (
              <EmptyRow colSpan={3}>
                {debounced.trim() ? 'Ningún mensaje coincide con la búsqueda.' : status === 'open' ? 'No hay mensajes nuevos.' : 'No hay mensajes.'}
              </EmptyRow>
            )}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {data && <ListPagination page={data.page} pages={data.pages} onChange={setPage} label="Páginas de mensajes" />}
      <Modal opened={openId !== null} onClose={() => onOpen(null)} title="Mensaje de contacto" size="lg">
        {openId && <MessageDetail id={openId} onClose={() => onOpen(null)} />}
      </Modal>
    </Stack>
  );
}
