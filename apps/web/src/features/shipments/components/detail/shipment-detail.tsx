import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ShipmentAddressResponse } from '@envios/contracts/addresses';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { paymentStatusLabels, shipmentMessages, volumetricWeightRounded, type Shipment } from '@envios/contracts/shipments';
import { NO_EVENTS_TEXT, trackingHeadlines } from '@envios/contracts/tracking-rules';
import { IconArrowLeft } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatDateTime, formatLongDay } from '@/lib/dates';
import { useShipment } from '../../api/get-shipment';
import { GuidePdfLink } from '../list/guide-pdf-link';
import { cell, ResponsiveTable } from '@/components/ui/responsive-table';

type EditPart = Parameters<typeof paths.shipmentEdit>[1];

function mxn(pesos: number): string {
  return formatMXN(toCentavos(pesos));
}

const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });

const PACKAGE_LABELS: Record<Shipment['shipment_type'], string> = { document: 'Documento', box: 'Paquete', pallet: 'Pallet' };

function Block({ title, edit, children }: { title: string; edit: { href: string; label: string } | null; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {edit && (
          <Anchor component={Link} to={edit.href} fw={600} size="sm" aria-label={edit.label}>
            Editar
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

function AddressLines({ address }: { address: ShipmentAddressResponse }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{address.full_name}</Text>
      <Text size="sm">{address.address_line}</Text>
      <Text size="sm">
        {address.colony}, CP {address.postal_code}
      </Text>
      <Text size="sm">
        {address.city}, {address.country_code === 'MX' ? 'México' : address.country_code}
      </Text>
      {address.reference_of_origin && (
        <Text size="sm" c="dimmed">
          Referencia: {address.reference_of_origin}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {address.phone} · {address.email}
      </Text>
    </Stack>
  );
}

/** Every block with 'Editar' (only while unpaid), parcels, charges, total and Pagar / Pagado. */
export function ShipmentDetailView({ shipment, openPayment }: { shipment: Shipment; openPayment?: ReactNode }) {
  const editable = !shipment.status;
  const edit = (part: EditPart, label: string) => (editable ? { href: paths.shipmentEdit(shipment._id, part), label } : null);
  const service = shipment.selected_service;
  const insurance = shipment.insurance_information;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Número de orden
          </Text>
          <Text fw={800} size="xl">
            {shipment.numberOfOrder}
          </Text>
          <Text size="sm" c="dimmed">
            Creado el {formatDateTime(shipment.created_at)}
          </Text>
        </Stack>
        <Badge size="lg" color={shipment.status ? 'green' : 'orange'} variant="light">
          {shipment.status ? paymentStatusLabels.paid : paymentStatusLabels.unpaid}
        </Badge>
      </Group>

      {openPayment}

      {!editable && (
        <Alert color="blue" variant="light" role="note">
          {shipmentMessages.paidCannotEdit}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Block title="Destino" edit={edit('destination', 'Editar destino')}>
          <AddressLines address={shipment.destination_direction} />
        </Block>
        <Block title="Origen" edit={edit('origin', 'Editar origen')}>
          <AddressLines address={shipment.origin_direction} />
        </Block>
        <Block title="Contenido" edit={edit('description', 'Editar contenido')}>
          <Text>{shipment.description_of_the_content}</Text>
        </Block>
        <Block title="Seguro" edit={edit('insurance', 'Editar seguro')}>
          {shipment.package_insurance && insurance ? (
            <Stack gap={2}>
              <Text size="sm">Valor del paquete: {mxn(insurance.package_value)}</Text>
              <Text size="sm">Responsable: {insurance.responsible_for_the_package}</Text>
              <Text size="sm">Correo de contacto: {insurance.mail_responsible}</Text>
              {insurance.cost !== undefined && <Text size="sm">Costo del seguro: {mxn(insurance.cost)}</Text>}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Sin seguro adicional.
            </Text>
          )}
        </Block>
      </SimpleGrid>

      <Block title="Servicio seleccionado" edit={edit('service-provider', 'Editar servicio')}>
        <Group gap="lg" align="center">
          <img src={service.carrier_logo_url_svg} alt={service.carrier} width={88} height={35} />
          <Stack gap={2}>
            <Text fw={700}>{service.carrier_service_name}</Text>
            <Text size="sm" c="dimmed">
              {service.transit_text} · Entrega estimada: {formatLongDay(service.estimated_delivery)}
            </Text>
          </Stack>
          <Stack gap={0} ml="auto" align="flex-end">
            <Text size="sm" c="dimmed">
              {service.currency}
            </Text>
            <Text fw={800}>{mxn(service.total_amount)}</Text>
          </Stack>
        </Group>
        {shipment.number_guide && (
          <Group gap="xs" mt="sm">
            <Text size="sm">N° de guía: {shipment.number_guide}</Text>
            <GuidePdfLink href={shipment.guide} paid={shipment.status} label={`envío ${shipment.numberOfOrder}`} />
          </Group>
        )}
        {shipment.number_guide && (
          <Group gap="xs" mt="xs" wrap="wrap">
            <Text size="sm">
              Seguimiento: <strong>{shipment.tracking_status ?? trackingHeadlines.created}</strong>
              {!shipment.tracking_status && ` · ${NO_EVENTS_TEXT}`}
            </Text>
            <Anchor component={Link} to={paths.tracking(shipment.number_guide)} size="sm" fw={600}>
              Rastrear envío
            </Anchor>
          </Group>
        )}
      </Block>

      <Block title="Paquetes" edit={edit('parcels', 'Editar paquetes')}>
        <Text size="sm" mb="xs">
          Tipo: {PACKAGE_LABELS[shipment.shipment_type]}
        </Text>
        <ResponsiveTable stackBelow="sm" aria-label="Paquetes" withRowBorders={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Paquete</Table.Th>
              <Table.Th>Medidas (alto × largo × ancho)</Table.Th>
              <Table.Th>Peso</Table.Th>
              <Table.Th>Peso volumétrico</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipment.parcels.map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td {...cell('title', 'Paquete')}>Paquete {i + 1}</Table.Td>
                <Table.Td>
                  {p.height} × {p.width} × {p.depth} cm
                </Table.Td>
                <Table.Td>{kg.format(p.weight)} kg</Table.Td>
                <Table.Td>{kg.format(volumetricWeightRounded(p))} kg</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      </Block>

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Total">
        <Title order={2} size="h4" mb="sm">
          Desglose del precio
        </Title>
        <Table aria-label="Desglose del precio" withRowBorders={false}>
          <Table.Tbody>
            {service.services.map((line, i) => (
              <Table.Tr key={`${line.code}-${i}`}>
                <Table.Th scope="row" fw={500}>
                  {line.service_name}
                  <Text span size="xs" c="dimmed" ml={6}>
                    {mxn(line.price)} × {line.quantity}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{mxn(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td ta="right" fw={800}>
                {mxn(service.total_amount)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        <Group justify="flex-end" mt="md">
          {shipment.status && shipment.guide && (
            <Button component="a" href={paths.shipmentLabel(shipment._id)} target="_blank" rel="noopener noreferrer" variant="light">
              Descargar guía (PDF)
            </Button>
          )}
          {shipment.status ? (
            <Button disabled>Pagado</Button>
          ) : (
            <Button component={Link} to={paths.payment(shipment._id)}>
              Pagar
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}

/** /shipments/{id}: loads the shipment, then shows it. */
export function ShipmentDetail({ shipmentId, openPayment }: { shipmentId: string; openPayment?: ReactNode }) {
  const shipment = useShipment(shipmentId);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.shipments} fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'flex-start' }}>
        <IconArrowLeft size={16} />
        {shipmentMessages.backToOrders}
      </Anchor>
      <Title order={1}>{shipmentMessages.detailTitle}</Title>
      {shipment.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{shipmentMessages.loading}</Text>
        </Group>
      ) : shipment.isError ? (
        <Alert color="red" variant="light" role="alert" title="No pudimos mostrar este envío">
          {shipment.error.message}
        </Alert>
      ) : (
        <ShipmentDetailView shipment={shipment.data} openPayment={openPayment} />
      )}
    </Stack>
  );
}
