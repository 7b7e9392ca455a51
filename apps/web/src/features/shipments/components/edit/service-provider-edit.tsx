import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ShippingOption } from '@envios/contracts/quotes';
import type { Shipment } from '@envios/contracts/shipments';
import { paths } from '@/config/paths';
import { mxn, ServiceStep } from './edit-frame';
import type { ShipmentEditSlots } from './edit-slots';
import { selectedServiceOf, useSaveEdit } from './use-save-edit';

/**
 * /shipments/{id}/edit/service-provider: the selector alone. 'Enviar' on an option asks to confirm
 * with 'Aplicar Cambios' or 'Cancelar'; the page's 'Cancelar' returns to the detail.
 */
export function ServiceProviderEdit({ shipment, slots }: { shipment: Shipment; slots: ShipmentEditSlots }) {
  const edit = useSaveEdit(shipment);
  const [choice, setChoice] = useState<ShippingOption | null>(null);
  // A refused choice (the price moved meanwhile) quotes again: the step is mounted afresh.
  const [round, setRound] = useState(0);

  async function apply() {
    if (!choice) return;
    const saved = await edit.save({ selected_service: selectedServiceOf(choice) }, 'detail');
    if (!saved) {
      setChoice(null);
      setRound((n) => n + 1);
    }
  }

  return (
    <>
      <ServiceStep
        key={round}
        shipment={shipment}
        change={{}}
        slots={slots}
        backHref={paths.shipment(shipment._id)}
        intro="Elige la paquetería para este envío; el precio se calcula de nuevo con sus datos actuales."
        failure={edit.failure}
        onChoose={async (option) => {
          edit.clearFailure();
          setChoice(option);
          return true;
        }}
      />
      <Modal opened={choice !== null} onClose={() => setChoice(null)} title="Cambiar paquetería" centered>
        {choice && (
          <Stack>
            <Text>
              Nuevo servicio: <strong>{choice.carrier} {choice.carrier_service_name}</strong>
            </Text>
            <Text>
              Total: <strong>{mxn(choice.net_total_amount)}</strong>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setChoice(null)}>
                Cancelar
              </Button>
              <Button loading={edit.saving} onClick={() => void apply()}>
                Aplicar Cambios
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
