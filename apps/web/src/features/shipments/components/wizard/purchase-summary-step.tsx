import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAddressLine } from '@envios/contracts/addresses';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { IconAlertTriangle, IconArrowLeft, IconReceipt } from '@/components/ui/icons';
import { formatLongDay } from '@/lib/dates';
import { useDeleteShipmentsOneByOne } from '../../api/delete-shipment';
import { useOverweightOwed } from '../../api/get-overweight';
import type { AddressDraft } from '../../utils/address';
import type { ChosenService, CreatedShipment } from '../../utils/wizard-state';
import classes from './wizard.module.css';
import { useAdEvent } from '@/lib/ad-pixel';

export interface PurchaseSummaryStepProps {
  created: CreatedShipment[];
  service: ChosenService;
  destination: AddressDraft;
  userId: string;
  /** 'Anterior': these shipments were deleted (all of them, or those that could be). */
  onDeleted: (ids: string[]) => void;
  /** The buttons that leave the wizard once the purchase is set. */
  exits: { label: string; onClick: () => void; primary?: boolean }[];
  /** The payment choice (composed by the route from the payments feature); told whether 'Anterior' is busy. */
  renderPayment?: ((busy: boolean) => ReactNode) | undefined;
}

/**
 * Step 'Resumen de Compra': destination, service and total, and the payment method
 * choice right here. The shipments exist (unpaid) with their folios; 'Anterior' deletes them and
 * goes back to the addresses. Overweight owed from earlier shipments rides on this purchase (the
 * server charges it with these guides, whatever the method), so it is a line of the total.
 */
export function PurchaseSummaryStep({ created, service, destination, userId, onDeleted, exits, renderPayment }: PurchaseSummaryStepProps) {
  const overweight = useOverweightOwed(userId);
  const remove = useDeleteShipmentsOneByOne();
  const [failure, setFailure] = useState<string | null>(null);
  const guidesCentavos = created.reduce((sum, s) => sum + toCentavos(s.total_amount), 0);
  const owedDocs = overweight.data?.docs ?? [];
  const owedCentavos = owedDocs.reduce((sum, d) => sum + toCentavos(d.cost_overweight), 0);
  const owedFolios = owedDocs.map((d) => d.numberOfOrder);
  const option = service.option;
  // The ad pixel's checkout event (only ever sent with the visitor's marketing consent).
  useAdEvent('InitiateCheckout', { num_items: created.length, currency: 'MXN', content_category: 'Envío' });

  async function previous() {
    setFailure(null);
    const outcome = await remove.mutateAsync(created.map((s) => s._id));
    if (outcome.deleted.length > 0) onDeleted(outcome.deleted);
    if (outcome.failed.length > 0) {
      setFailure(
        outcome.failed.length === 1
          ? 'No pudimos eliminar uno de tus envíos; sigue pendiente de pago. Intenta de nuevo.'
          : `No pudimos eliminar ${outcome.failed.length} de tus envíos; siguen pendientes de pago. Intenta de nuevo.`,
      );
    }
  }

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h5" mb={6}>
            Destino
          </Title>
          <Text fw={600}>{destination.full_name}</Text>
          <Text size="sm">{formatAddressLine(destination)}</Text>
          <Text size="sm">
            {destination.colony}, {destination.postal_code} {destination.city}
          </Text>
          <Text size="sm" c="dimmed">
            {destination.phone} · {destination.email}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h5" mb={6}>
            Servicio
          </Title>
          <Text fw={600}>
            {option.carrier} {option.carrier_service_name}
          </Text>
          {option.transit_text && <Text size="sm">{option.transit_text}</Text>}
          <Text size="sm" c="dimmed">
            Entrega estimada: {formatLongDay(option.estimated_delivery)}
          </Text>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb="sm">
          {created.length === 1 ? 'Tu envío' : `Tus ${created.length} envíos`}
        </Title>
        <ul className={classes.shipmentList} aria-label="Envíos creados">
          {created.map((s) => (
            <li key={s._id}>
              <Group justify="space-between">
                <Text size="sm">Folio {s.numberOfOrder}</Text>
                <Text size="sm" fw={600}>
                  {formatMXN(toCentavos(s.total_amount))}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
        <Divider my="sm" />
        <dl style={{ margin: 0, display: 'grid', gap: 6 }}>
          <Group justify="space-between" component="div">
            <Text component="dt" size="sm" c="dimmed">
              Guías
            </Text>
            <Text component="dd" size="sm" m={0}>
              {formatMXN(guidesCentavos)}
            </Text>
          </Group>
          {owedCentavos > 0 && (
            <Group justify="space-between" component="div" wrap="nowrap" align="flex-start">
              <Text component="dt" size="sm" c="orange.8">
                Sobrepeso de envíos anteriores ({owedFolios.length === 1 ? `envío ${owedFolios[0]}` : `envíos ${owedFolios.join(', ')}`})
              </Text>
              <Text component="dd" size="sm" m={0} c="orange.8" style={{ whiteSpace: 'nowrap' }}>
                {formatMXN(owedCentavos)}
              </Text>
            </Group>
          )}
          <Group justify="space-between" component="div">
            <Text component="dt" fw={700}>
              Total
            </Text>
            <Text component="dd" fw={800} size="lg" m={0} data-testid="purchase-total">
              {formatMXN(guidesCentavos + owedCentavos)}
            </Text>
          </Group>
        </dl>
      </Card>

      {renderPayment ? (
        renderPayment(remove.isPending)
      ) : (
        <Alert color="brand" variant="light" icon={<IconReceipt size={18} />} title="Pago pendiente">
          Tus envíos ya están creados con su folio y quedaron como «Guía sin pago» en Mis Envíos. Puedes pagarlos desde ahí cuando quieras.
        </Alert>
      )}
      {renderPayment && (
        <Text size="sm" c="dimmed">
          Tus envíos ya tienen folio y quedan como «Guía sin pago» en Mis Envíos hasta que los pagues.
        </Text>
      )}

      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {failure}
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void previous()} loading={remove.isPending}>
          Anterior
        </Button>
        <Group gap="sm">
          {exits.map((exit) => (
            <Button key={exit.label} variant={exit.primary ? 'filled' : 'subtle'} onClick={exit.onClick} disabled={remove.isPending}>
              {exit.label}
            </Button>
          ))}
        </Group>
      </Group>
    </Stack>
  );
}
