import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Container, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { ShippingOption } from '@envios/contracts/quotes';
import type { Shipment } from '@envios/contracts/shipments';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useCancelOpenPayment } from '../../api/cancel-open-payment';
import type { ShipmentEditSlots } from './edit-slots';
import { requoteRequest, type ShipmentChange } from './requote';
import type { EditFailure } from './use-save-edit';

export function mxn(pesos: number): string {
  return formatMXN(toCentavos(pesos));
}

/**
 * Why the edit was not saved. When a payment is still open for the shipment (its price is what
 * that payment charges), the alert offers to cancel it; then the same 'Aplicar Cambios' saves.
 */
export function FailureAlert({
  failure,
  shipmentId,
  onPaymentCancelled,
}: {
  failure: EditFailure | null;
  shipmentId?: string;
  onPaymentCancelled?: () => void;
}) {
  const cancel = useCancelOpenPayment();
  if (cancel.isSuccess && failure?.code === 'payments.in_progress') {
    return (
      <Alert color="teal" variant="light" role="status" title="Pago cancelado">
        <Text size="sm">Cancelamos el pago en curso y sus guías apartadas volvieron al inventario. Ya puedes aplicar tus cambios.</Text>
      </Alert>
    );
  }
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="No se guardaron los cambios">
      <Text size="sm">{failure.message}</Text>
      {failure.details.length > 0 && (
        <List size="sm" mt={4}>
          {failure.details.map((d) => (
            <List.Item key={d}>{d}</List.Item>
          ))}
        </List>
      )}
      {failure.code === 'payments.in_progress' && shipmentId && (
        <Stack gap={4} mt="sm" align="flex-start">
          <Button
            size="xs"
            color="red"
            variant="outline"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(shipmentId, { onSuccess: () => onPaymentCancelled?.() })}
          >
            Cancelar el pago en curso
          </Button>
          {cancel.isError && (
            <Text size="sm" c="red">
              {cancel.error instanceof ApiRequestError ? cancel.error.body.message : 'No pudimos cancelar el pago. Intenta de nuevo.'}
            </Text>
          )}
        </Stack>
      )}
    </Alert>
  );
}

/** Step 1 of an edit: the question as title, the order it belongs to, and the form. */
export function EditFrame({ title, shipment, failure, children }: { title: string; shipment: Shipment; failure: EditFailure | null; children: ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">
            Orden {shipment.numberOfOrder} · {shipment.selected_service.carrier} {shipment.selected_service.carrier_service_name}
          </Text>
        </Stack>
        <FailureAlert failure={failure} shipmentId={shipment._id} />
        {children}
      </Stack>
    </Container>
  );
}

/** Step 1's buttons: 'Cancelar' back to the detail (nothing saved) and the submit. */
export function EditActions({ shipment, saving, label = 'Aplicar Cambios' }: { shipment: Shipment; saving: boolean; label?: string }) {
  return (
    <Group justify="flex-end">
      <Button component={Link} to={paths.shipment(shipment._id)} variant="default">
        Cancelar
      </Button>
      <Button type="submit" loading={saving}>
        {label}
      </Button>
    </Group>
  );
}

export interface ServiceStepProps {
  shipment: Shipment;
  change: ShipmentChange;
  slots: ShipmentEditSlots;
  /** Where 'Cancelar' and the selector's back link go. */
  backHref: string;
  /** What the step says above the options. */
  intro: ReactNode;
  failure: EditFailure | null;
  /** Saves the choice; false when it was refused (the options are quoted again). */
  onChoose: (option: ShippingOption) => Promise<boolean>;
}

/**
 * Step 2: the re-quote of the edited shipment and the quotes feature's selector. Choosing an
 * option changes the shipment's service and price, so it asks first: 'Aplicar Cambios' saves,
 * 'Cancelar' keeps the options on screen.
 */
export function ServiceStep({ shipment, change, slots, backHref, intro, failure, onChoose }: ServiceStepProps) {
  const request = useMemo(() => requoteRequest(shipment, change), [shipment, change]);
  // A refused choice (the price moved) quotes again: the selector is mounted afresh.
  const [attempt, setAttempt] = useState(0);
  const current = shipment.selected_service;
  const [choice, setChoice] = useState<ShippingOption | null>(null);
  const [saving, setSaving] = useState(false);

  async function apply() {
    if (!choice) return;
    setSaving(true);
    const saved = await onChoose(choice).finally(() => setSaving(false));
    setChoice(null);
    if (!saved) setAttempt((n) => n + 1);
  }

  return (
    <Stack gap={0}>
      <Container size="lg" w="100%" pt="xl">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text fw={700}>Orden {shipment.numberOfOrder}</Text>
              <Text size="sm" c="dimmed">
                Servicio actual: {current.carrier} {current.carrier_service_name} · {mxn(current.total_amount)}
              </Text>
            </Stack>
            <Button component={Link} to={backHref} variant="default">
              Cancelar
            </Button>
          </Group>
          <Alert color="blue" variant="light" role="status">
            {intro}
          </Alert>
          <FailureAlert failure={failure} shipmentId={shipment._id} />
        </Stack>
      </Container>
      {request ? (
        <div key={attempt}>
          {slots.renderServiceSelector({
            request,
            onChoose: async (option) => {
              setChoice(option);
            },
            backHref,
          })}
        </div>
      ) : (
        <Container size="lg" w="100%" py="lg">
          <Alert color="red" variant="light" role="alert">
            No pudimos cotizar este envío con los datos actuales. Regresa y revisa el código postal y los paquetes.
          </Alert>
        </Container>
      )}
      <Modal opened={choice !== null} onClose={() => !saving && setChoice(null)} title="Cambiar paquetería" centered>
        {choice && (
          <Stack>
            <Text size="sm">
              Servicio actual: {current.carrier} {current.carrier_service_name} · {mxn(current.total_amount)}
            </Text>
            <Text>
              Nuevo servicio:{' '}
              <strong>
                {choice.carrier} {choice.carrier_service_name}
              </strong>
            </Text>
            <Text>
              Nuevo total: <strong>{mxn(choice.net_total_amount)}</strong>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setChoice(null)} disabled={saving}>
                Cancelar
              </Button>
              <Button loading={saving} onClick={() => void apply()}>
                Aplicar Cambios
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
