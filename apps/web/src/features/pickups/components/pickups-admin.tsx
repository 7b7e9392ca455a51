import { useState } from 'react';
import { z } from 'zod';
import { Alert, Badge, Button, Modal, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { PICKUP_STATUSES, type Pickup, type PickupStatus } from '@envios/contracts/pickups';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ListFilters, SearchFilter } from '@/components/ui/list-filters';
import { useSearchFilter } from '@/components/ui/use-search-filter';
import { EmptyRow, ListPagination } from '@/components/ui/list-parts';
import { QueryStatus } from '@/components/ui/query-status';
import { usePickups } from '../api/get-pickups';
import { useUpdatePickupStatus } from '../api/update-pickup-status';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

const statusColors: Record<PickupStatus, string> = {
  Pendiente: 'yellow',
  'En Progreso': 'blue',
  Completado: 'green',
  Cancelado: 'gray',
};

const statusFormSchema = z.object({
  // The empty first option means "not chosen yet": required.
  status: z.string().pipe(z.enum(PICKUP_STATUSES, { error: 'El estatus es obligatorio.' })),
});

function StatusForm({ pickup, onClose, onSaved }: { pickup: Pickup; onClose: () => void; onSaved: (status: PickupStatus) => void }) {
  const update = useUpdatePickupStatus();
  const form = useZodForm(statusFormSchema, { defaultValues: { status: '' } });
  const onSubmit = form.handleSubmit(async ({ status }) => {
    try {
      await update.mutateAsync({ id: pickup._id, status });
      onSaved(status);
    } catch {
      // The alert shows the server's message.
    }
  });
  return (
    <ModalForm onSubmit={onSubmit} failure={update.error?.message} submitLabel="Guardar" pending={update.isPending} onCancel={onClose}>
      <Text size="sm">
        {pickup.name} · {pickup.service} · estatus actual: {pickup.status}
      </Text>
      <NativeSelect
        label="Estatus"
        required
        data-autofocus
        data={[{ value: '', label: 'Selecciona un estatus' }, ...PICKUP_STATUSES.map((s) => ({ value: s, label: s }))]}
        {...form.register('status')}
        error={form.formState.errors.status?.message}
      />
    </ModalForm>
  );
}

/**
 * The pickups admin (/recoleccion): search by name, e-mail or service; the requests
 * with their status; 'Actualizar estatus' opens 'Nuevo Estatus'.
 */
export function PickupsAdmin() {
  const search = useSearchFilter();
  const { debounced, page, setPage } = search;
  const pickups = usePickups({ search: debounced, page });
  const [editing, setEditing] = useState<Pickup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = pickups.data;

  return (
    <Stack gap="lg">
      <Title order={1}>Recolección</Title>
      {notice && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <ListFilters>
        <SearchFilter applyOn="typing" placeholder="Buscar por nombre, correo o servicio" value={search.value} onChange={search.onChange} maw={420} />
      </ListFilters>
      <QueryStatus query={pickups} loadingLabel="Cargando recolecciones" />
      {data && (
        <ResponsiveTable stackBelow="md" striped aria-label="Recolecciones" aria-busy={pickups.isPlaceholderData}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Correo</Table.Th>
              <Table.Th>Teléfono</Table.Th>
              <Table.Th>Servicio</Table.Th>
              <Table.Th>Estatus</Table.Th>
              <Table.Th>Acción</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td {...cell('title')}>
                  <Text size="sm" fw={600}>
                    {p.name}
                  </Text>
                  {p.address && (
                    <Text size="xs" c="dimmed">
                      {p.address}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email}</Table.Td>
                <Table.Td>{p.phone}</Table.Td>
                <Table.Td>
                  <Text size="sm">{p.service}</Text>
                  <Text size="xs" c="dimmed">
                    Guía: {p.tracking_number}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColors[p.status]} variant="light">
                    {p.status}
                  </Badge>
                </Table.Td>
                <Table.Td {...cell('actions')}>
                  <Button size="xs" variant="light" onClick={() => setEditing(p)} aria-label={`Actualizar estatus de la recolección de ${p.name}`}>
                    Actualizar estatus
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {data.data.length === 0 && (
              <EmptyRow colSpan={6}>{debounced.trim() ? 'Ninguna recolección coincide con la búsqueda.' : 'Aún no hay solicitudes de recolección.'}</EmptyRow>
            )}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {data && <ListPagination page={page} pages={data.pages} onChange={setPage} label="Páginas de recolecciones" />}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Nuevo Estatus" centered>
        {editing && (
          <StatusForm
            pickup={editing}
            onClose={() => setEditing(null)}
            onSaved={(status) => {
              setNotice(`Estatus de la recolección de ${editing.name} actualizado a ${status}.`);
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
