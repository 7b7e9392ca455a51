import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { shipmentMessages, type Shipment } from '@envios/contracts/shipments';
import { paths } from '@/config/paths';
import { useShipment } from '../../api/get-shipment';
import { AddressEdit } from './address-edit';
import { DescriptionEdit } from './description-edit';
import type { EditPart, ShipmentEditSlots } from './edit-slots';
import { InsuranceEdit } from './insurance-edit';
import { ParcelsEdit } from './parcels-edit';
import { ServiceProviderEdit } from './service-provider-edit';

export interface ShipmentEditProps {
  shipmentId: string;
  part: EditPart;
  slots: ShipmentEditSlots;
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

function EditBody({ shipment, part, slots }: { shipment: Shipment; part: EditPart; slots: ShipmentEditSlots }) {
  switch (part) {
    case 'destination':
    case 'origin':
      return <AddressEdit shipment={shipment} side={part} slots={slots} />;
    case 'parcels':
      return <ParcelsEdit shipment={shipment} slots={slots} />;
    case 'description':
      return <DescriptionEdit shipment={shipment} />;
    case 'insurance':
      return <InsuranceEdit shipment={shipment} />;
    case 'service-provider':
      return <ServiceProviderEdit shipment={shipment} slots={slots} />;
  }
}

/** The edit screens: only an unpaid shipment of one's own can be changed. */
export function ShipmentEdit({ shipmentId, part, slots }: ShipmentEditProps) {
  const shipment = useShipment(shipmentId);

  if (shipment.isPending) {
    return (
      <Container size="md" py="xl">
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{shipmentMessages.loading}</Text>
        </Group>
      </Container>
    );
  }
  if (shipment.isError) {
    return (
      <Notice title="Editar envío">
        <Alert color="red" variant="light" role="alert" title="No pudimos abrir este envío">
          {shipment.error.message}
        </Alert>
        <Button component={Link} to={paths.shipments} variant="default" style={{ alignSelf: 'flex-start' }}>
          {shipmentMessages.backToOrders}
        </Button>
      </Notice>
    );
  }
  if (shipment.data.status) {
    return (
      <Notice title="Editar envío">
        <Alert color="blue" variant="light" role="alert">
          {shipmentMessages.paidCannotEdit}
        </Alert>
        <Button component={Link} to={paths.shipment(shipmentId)} style={{ alignSelf: 'flex-start' }}>
          Ver el envío
        </Button>
      </Notice>
    );
  }
  return <EditBody shipment={shipment.data} part={part} slots={slots} />;
}
