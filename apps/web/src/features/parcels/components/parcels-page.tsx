import { useEffect, useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { packageTypeLabels, type ParcelTemplate } from '@envios/contracts/parcels';
import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { LoadFailure } from '@/components/ui/query-status';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { useDeleteParcelTemplate } from '../api/delete-parcel-template';
import { useParcelTemplates } from '../api/get-parcel-templates';
import { ParcelTemplateModal } from './parcel-template-modal';

const NOTICE_MS = 5_000;
const COLUMNS = ['Nombre', 'Tipo', 'Medidas', 'Peso', 'Contenido', 'Valor asegurado', 'Acciones'];
const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

export function measuresOf(t: Pick<ParcelTemplate, 'width' | 'depth' | 'height'>): string {
  return `${t.width} × ${t.depth} × ${t.height} cm`;
}

/** Paquetes (/paquetes): the account's saved packages, 'Nuevo paquete', edit and delete. */
export function ParcelsPage() {
  const templates = useParcelTemplates();
  const remove = useDeleteParcelTemplate();
  const [editing, setEditing] = useState<{ opened: boolean; template: ParcelTemplate | null }>({ opened: false, template: null });
  const [deleting, setDeleting] = useState<ParcelTemplate | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const list = templates.data ?? [];
  const openNew = () => setEditing({ opened: true, template: null });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Paquetes</Title>
        <Button onClick={openNew}>Nuevo paquete</Button>
      </Group>
      <Text c="dimmed" maw={720}>
        Guarda las cajas y sobres que envías seguido: elígelos por su nombre en el asistente de nuevo envío y en la columna «Paquete guardado» de los envíos
        masivos.
      </Text>
      {notice && (
        <Alert key={notice.at} color="green" variant="light" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {templates.isPending && (
        <Center py="xl">
          <Loader aria-label="Cargando paquetes" />
        </Center>
      )}
      <LoadFailure query={templates} title="No pudimos cargar tus paquetes" />
      {templates.isSuccess && list.length === 0 && (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="sm" py="lg">
            <Title order={2} size="h3">
              Aún no tienes paquetes guardados
            </Title>
            <Text c="dimmed" ta="center" maw={460}>
              Un paquete guardado llena las medidas, el peso, el contenido y el seguro de tus envíos en un clic.
            </Text>
            <Button onClick={openNew}>Agregar paquete</Button>
          </Stack>
        </Card>
      )}
      {list.length > 0 && (
        <ResponsiveTable stackBelow="md" striped highlightOnHover aria-label="Paquetes guardados">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((t) => (
              <Table.Tr key={t._id}>
                <Table.Td {...cell('title')}>
                  <Text span fw={600} size="sm">
                    {t.name}
                  </Text>
                </Table.Td>
                <Table.Td>{packageTypeLabels[t.shipment_type]}</Table.Td>
                <Table.Td>{measuresOf(t)}</Table.Td>
                <Table.Td>{kg.format(t.weight)} kg</Table.Td>
                <Table.Td>{t.description}</Table.Td>
                <Table.Td>{t.insured_value === null ? 'Sin seguro' : formatMXN(toCentavos(t.insured_value))}</Table.Td>
                <Table.Td {...cell('actions')}>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing({ opened: true, template: t })} aria-label={`Editar ${t.name}`}>
                      Editar
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setDeleting(t)} aria-label={`Eliminar ${t.name}`}>
                      Eliminar
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      <ParcelTemplateModal
        opened={editing.opened}
        template={editing.template}
        onClose={() => setEditing((e) => ({ ...e, opened: false }))}
        onSaved={(_t, created) => {
          setEditing((e) => ({ ...e, opened: false }));
          setNotice({ text: created ? 'Paquete guardado exitosamente.' : 'Paquete actualizado exitosamente.', at: Date.now() });
        }}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              remove.reset();
              setDeleting(null);
              setNotice({ text: 'Paquete eliminado exitosamente.', at: Date.now() });
            },
          });
        }}
      >
        {deleting && (
          <Text size="sm" c="dimmed">
            {deleting.name} · {measuresOf(deleting)}
          </Text>
        )}
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {remove.error.message}
          </Alert>
        )}
      </ConfirmDeleteModal>
    </Stack>
  );
}
