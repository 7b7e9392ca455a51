import type { ComponentType } from 'react';
import { Controller } from 'react-hook-form';
import { ActionIcon, Alert, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { markupInputSchema, type CarrierAdmin, type Markup } from '@envios/contracts/carriers';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { formatDateTime } from '@/lib/dates';
import { useDeleteMarkup } from '../api/delete-markup';
import { useMarkups } from '../api/get-markups';
import { useUpsertMarkup } from '../api/upsert-markup';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { asNumber } from '@/components/ui/form/to-number';

/** The customer picker the page plugs in (features/accounts owns the users). */
export interface CustomerFieldProps {
  label: string;
  value: string | null;
  onChange: (userId: string | null) => void;
  error?: string | undefined;
}

export interface MarkupsProps {
  carriers: CarrierAdmin[];
  CustomerField: ComponentType<CustomerFieldProps>;
  UserName: ComponentType<{ id: string }>;
}

const ALL = '__all__';

function specificity(m: Markup): number {
  return (m.user_id ? 2 : 0) + (m.service_id ? 1 : 0);
}

/**
 * Our margin on the carrier cost: price = cost × (1 + % / 100) + fixed amount per guide. The most
 * specific one wins: customer and service, customer, service, everyone.
 */
export function Markups({ carriers, CustomerField, UserName }: MarkupsProps) {
  const markups = useMarkups();
  const upsert = useUpsertMarkup();
  const remove = useDeleteMarkup();
  const serviceNames = new Map(carriers.flatMap((c) => c.services.map((s) => [s._id, `${c.name} ${s.name}`] as const)));
  const serviceOptions = [
    { group: 'General', items: [{ value: ALL, label: 'Todos los servicios' }] },
    ...carriers.map((c) => ({ group: c.name, items: c.services.map((s) => ({ value: s._id, label: `${c.name} ${s.name}` })) })),
  ];

  const form = useZodForm(markupInputSchema, {
    defaultValues: { service_id: null, user_id: null, fixed_amount: 0 },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    await upsert.mutateAsync(values);
    form.reset({ service_id: null, user_id: null, fixed_amount: 0, percent: undefined as unknown as number });
  });

  function edit(m: Markup) {
    form.reset({ service_id: m.service_id, user_id: m.user_id, percent: m.percent, fixed_amount: m.fixed_amount });
  }

  const sorted = [...(markups.data?.markups ?? [])].sort((a, b) => specificity(a) - specificity(b));

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" maw={760}>
        Precio al cliente = costo de la paquetería × (1 + porcentaje / 100) + monto fijo por guía. Gana el margen más específico: cliente y servicio, luego
        cliente, luego servicio, y al final el general.
      </Text>
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Margen">
          <Title order={3} size="h5" mb="sm">
            Crear o cambiar un margen
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <Controller
              control={form.control}
              name="service_id"
              render={({ field }) => (
                <Select
                  label="Servicio"
                  data={serviceOptions}
                  value={field.value ?? ALL}
                  onChange={(v) => field.onChange(!v || v === ALL ? null : v)}
                  searchable
                  allowDeselect={false}
                  error={errors.service_id?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="user_id"
              render={({ field }) => <CustomerField label="Cliente" value={field.value ?? null} onChange={field.onChange} error={errors.user_id?.message} />}
            />
            <TextInput
              label="Porcentaje (%)"
              type="number"
              min={0}
              step={0.01}
              required
              error={errors.percent?.message}
              {...form.register('percent', asNumber)}
            />
            <TextInput
              label="Monto fijo por guía (MX$)"
              type="number"
              min={0}
              step={0.01}
              error={errors.fixed_amount?.message}
              {...form.register('fixed_amount', asNumber)}
            />
          </SimpleGrid>
          {upsert.error && (
            <Alert color="red" variant="light" role="alert" mt="sm">
              {upsert.error.message}
            </Alert>
          )}
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={upsert.isPending}>
              Guardar margen
            </Button>
          </Group>
        </form>
      </Card>

      {remove.error && (
        <Alert color="red" variant="light" role="alert">
          {remove.error.message}
        </Alert>
      )}
      <ResponsiveTable stackBelow="sm" striped verticalSpacing={6} aria-label="Márgenes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Servicio</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Porcentaje</Table.Th>
            <Table.Th>Monto fijo</Table.Th>
            <Table.Th>Actualizado</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((m) => (
            <Table.Tr key={m._id}>
              <Table.Td {...cell('title', 'Servicio')}>
                {m.service_id ? (serviceNames.get(m.service_id) ?? 'Servicio eliminado') : 'Todos los servicios'}
              </Table.Td>
              <Table.Td>{m.user_id ? <UserName id={m.user_id} /> : 'Todos los clientes'}</Table.Td>
              <Table.Td>{m.percent} %</Table.Td>
              <Table.Td>{formatMXN(toCentavos(m.fixed_amount))}</Table.Td>
              <Table.Td>{formatDateTime(m.updatedAt)}</Table.Td>
              <Table.Td {...cell('actions')}>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => edit(m)}>
                    Editar
                  </Button>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label="Eliminar margen"
                    onClick={() => {
                      if (window.confirm('¿Eliminar este margen? Las próximas cotizaciones usarán el siguiente margen que aplique.')) remove.mutate(m._id);
                    }}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {markups.data && sorted.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center" py="sm">
                  Sin márgenes: se cobra el costo de la paquetería.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </ResponsiveTable>
    </Stack>
  );
}
