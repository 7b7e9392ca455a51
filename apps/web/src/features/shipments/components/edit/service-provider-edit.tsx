import { paths } from '@/config/paths';
import type { Shipment } from '@envios/contracts/shipments';
import { ServiceStep } from './edit-frame';
import type { ShipmentEditSlots } from './edit-slots';
import { selectedServiceOf, useSaveEdit } from './use-save-edit';

/**
 * /shipments/{id}/edit/service-provider: the selector alone. 'Enviar' on an option asks to confirm
 * with 'Aplicar Cambios' or 'Cancelar' (the step's confirmation); the page's 'Cancelar' returns to
 * the detail.
 */
export function ServiceProviderEdit({ shipment, slots }: { shipment: Shipment; slots: ShipmentEditSlots }) {
  const edit = useSaveEdit(shipment);
  return (
    <ServiceStep
      shipment={shipment}
      change={{}}
      slots={slots}
      backHref={paths.shipment(shipment._id)}
      intro="Elige la paquetería para este envío; el precio se calcula de nuevo con sus datos actuales."
      failure={edit.failure}
      onChoose={(option) => {
        edit.clearFailure();
        return edit.save({ selected_service: selectedServiceOf(option) }, 'detail');
      }}
    />
  );
}
