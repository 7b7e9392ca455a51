import { useEffect, useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { SavedLocation } from '@envios/contracts/addresses';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { useDeleteSavedLocation } from '../api/delete-saved-location';
import { useSavedLocations } from '../api/get-saved-locations';
import type { PostalCodeField } from '@/components/ui/form/geography-fields';
import { AddressModal } from './address-modal';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { LoadFailure } from '@/components/ui/query-status';

/** Success alerts close by themselves after 5 seconds. */
export const NOTICE_MS = 5_000;

const COLUMNS = ['Nombre', 'Dirección', 'Colonia', 'Código postal', 'Ciudad', 'Teléfono', 'Correo electrónico', 'Acciones'];

function DeleteConfirmation({ location, onClose, onDeleted }: { location: SavedLocation | null; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteSavedLocation();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={location !== null}
      onCancel={close}
      busy={remove.isPending}
      onConfirm={() => {
        if (!location) return;
        remove.mutate(location._id, {
          onSuccess: () => {
            remove.reset();
            onDeleted();
          },
        });
      }}
    >
      {location && (
        <Text size="sm" c="dimmed">
          {location.name} · {location.address_line}
        </Text>
      )}
      {remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {remove.error.message}
        </Alert>
      )}
    </ConfirmDeleteModal>
  );
}

export interface AddressesPageProps {
  /** The postal-code box with suggestions, composed by the route (see AddressModal). */
  PostalCodeField: PostalCodeField;
}

/** Direcciones (/addresses): the table, 'Nueva dirección', the modal and deletion. */
export function AddressesPage({ PostalCodeField }: AddressesPageProps) {
  const locations = useSavedLocations();
  // The id stays while the modal closes, so its title does not flip during the transition.
  const [editing, setEditing] = useState<{ opened: boolean; id: string | null }>({ opened: false, id: null });
  const [deleting, setDeleting] = useState<SavedLocation | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);

  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const list = locations.data ?? [];
  const openNew = () => setEditing({ opened: true, id: null });
  const closeModal = () => setEditing((e) => ({ ...e, opened: false }));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Direcciones</Title>
        <Button onClick={openNew}>Nueva dirección</Button>
      </Group>

      {notice && (
        <Alert key={notice.at} color="green" variant="light" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}

      {locations.isPending && (
        <Center py="xl">
          <Loader aria-label="Cargando direcciones" />
        </Center>
      )}

      <LoadFailure query={locations} title="No pudimos cargar tus direcciones" />

      {locations.isSuccess && list.length === 0 && (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="sm" py="lg">
            <Title order={2} size="h3">
              Aún no tienes direcciones guardadas
            </Title>
            <Text c="dimmed" ta="center" maw={460}>
              Guarda las direcciones que usas seguido para llenar tus envíos en segundos.
            </Text>
            <Button onClick={openNew}>Agregar dirección</Button>
          </Stack>
        </Card>
      )}

      {list.length > 0 && (
        <ResponsiveTable stackBelow="lg" striped highlightOnHover aria-label="Direcciones guardadas">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((l) => (
              <Table.Tr key={l._id}>
                <Table.Td {...cell('title')}>
                  <Text span fw={600} size="sm">
                    {l.name}
                  </Text>
                </Table.Td>
                <Table.Td>{l.address_line}</Table.Td>
                <Table.Td>{l.colony}</Table.Td>
                <Table.Td>{l.postal_code}</Table.Td>
                <Table.Td>{l.city}</Table.Td>
                <Table.Td>{l.phone}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.email}</Table.Td>
                <Table.Td {...cell('actions')}>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing({ opened: true, id: l._id })} aria-label={`Editar ${l.name}`}>
                      Editar
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setDeleting(l)} aria-label={`Eliminar ${l.name}`}>
                      Eliminar
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}

      <AddressModal
        opened={editing.opened}
        addressId={editing.id}
        onClose={closeModal}
        onSaved={(_location, created) => {
          closeModal();
          setNotice({ text: created ? 'Dirección guardada exitosamente.' : 'Dirección actualizada exitosamente.', at: Date.now() });
        }}
        PostalCodeField={PostalCodeField}
      />
      <DeleteConfirmation
        location={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setNotice({ text: 'Dirección eliminada exitosamente.', at: Date.now() });
        }}
      />
    </Stack>
  );
}
