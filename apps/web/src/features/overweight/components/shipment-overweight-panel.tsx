import { useState } from 'react';
import { Alert, Card, Stack, Title } from '@mantine/core';
import { useShipmentOverweight } from '../api/get-shipment-overweight';
import { OverweightDetail } from './overweight-detail';

/** The shipment detail's 'Sobrepeso' block: shown only when the shipment has one. */
export function ShipmentOverweightPanel({ shipmentId, admin }: { shipmentId: string; admin: boolean }) {
  const detail = useShipmentOverweight(shipmentId);
  const [notice, setNotice] = useState<string | null>(null);
  const record = detail.data?.record;
  if (!record) return null;
  return (
    <Card withBorder radius="md" padding="lg" mt="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Sobrepeso
        </Title>
        {notice && (
          <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        <OverweightDetail record={record} admin={admin} onNotice={setNotice} />
      </Stack>
    </Card>
  );
}
