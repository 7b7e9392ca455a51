import { Badge, Button, Card, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { CarrierAdmin, CarrierServiceAdmin } from '@envios/contracts/carriers';
import { useUpdateCarrier } from '../api/update-carrier';
import { useUpdateCarrierService } from '../api/update-carrier-service';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

const mxn = (pesos: number) => formatMXN(toCentavos(pesos));

function ServiceSwitch({ service, carrierName }: { service: CarrierServiceAdmin; carrierName: string }) {
  const update = useUpdateCarrierService();
  const enabled = update.isPending && update.variables ? Boolean(update.variables.data.enabled) : service.enabled;
  return (
    <Stack gap={2}>
      <Switch
        checked={enabled}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ id: service._id, data: { enabled: event.currentTarget.checked } })}
        aria-label={`${carrierName} ${service.name} activo`}
      />
      {update.error && (
        <Text size="xs" c="red" role="alert">
          {update.error.message}
        </Text>
      )}
    </Stack>
  );
}

function CarrierCard({ carrier, onEditTariff }: { carrier: CarrierAdmin; onEditTariff: (serviceId: string) => void }) {
  const update = useUpdateCarrier();
  const enabled = update.isPending && update.variables ? Boolean(update.variables.data.enabled) : carrier.enabled;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Group gap="md" wrap="nowrap">
          <img src={carrier.logo_url_svg} alt="" width={80} height={32} style={{ borderRadius: 8 }} />
          <div>
            <Text fw={800} size="lg" c="#0b1f4d">
              {carrier.name}
            </Text>
            <Text size="sm" c="dimmed">
              Área remota {mxn(carrier.remote_area_surcharge)} por guía ({carrier.remote_area_count} códigos postales) · Seguro {carrier.insurance_rate_percent}{' '}
              % (mínimo {mxn(carrier.insurance_min)})
            </Text>
          </div>
        </Group>
        <Group gap="sm">
          <Badge variant="light" color={carrier.api_configured ? 'orange' : 'gray'}>
            {carrier.api_configured ? 'API configurada' : 'Solo tarifas'}
          </Badge>
          <Switch
            label={enabled ? 'Activa' : 'Inactiva'}
            checked={enabled}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ code: carrier.code, data: { enabled: event.currentTarget.checked } })}
            aria-label={`${carrier.name} activa`}
          />
        </Group>
      </Group>
      {update.error && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {update.error.message}
        </Text>
      )}
      <ResponsiveTable stackBelow="sm" verticalSpacing={6} striped aria-label={`Servicios de ${carrier.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Servicio</Table.Th>
            <Table.Th>Alcance</Table.Th>
            <Table.Th>Tránsito</Table.Th>
            <Table.Th>Peso máx.</Table.Th>
            <Table.Th>Tarifa</Table.Th>
            <Table.Th>Activo</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {carrier.services.map((service) => (
            <Table.Tr key={service._id}>
              <Table.Td {...cell('title')}>
                <Text size="sm" fw={600}>
                  {service.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{service.scope === 'domestic' ? 'Nacional' : 'Internacional'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{service.transit_text}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{service.max_weight_kg} kg</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {service.tariff_rows} {service.tariff_rows === 1 ? 'fila' : 'filas'}
                  {service.rate_source === 'api' ? ' · API' : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <ServiceSwitch service={service} carrierName={carrier.name} />
              </Table.Td>
              <Table.Td {...cell('actions')}>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onEditTariff(service._id)}
                  aria-label={`Editar tarifa de ${carrier.name} ${service.name}`}
                >
                  Editar tarifa
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </Card>
  );
}

/** The five carriers and their services, each switchable on and off (disabled ones never quote). */
export function CarrierCatalogue({ carriers, onEditTariff }: { carriers: CarrierAdmin[]; onEditTariff: (serviceId: string) => void }) {
  return (
    <Stack gap="md">
      {carriers.map((carrier) => (
        <CarrierCard key={carrier.code} carrier={carrier} onEditTariff={onEditTariff} />
      ))}
    </Stack>
  );
}
