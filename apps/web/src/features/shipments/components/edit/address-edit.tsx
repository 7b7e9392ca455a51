import { FormProvider, useWatch } from 'react-hook-form';
import { Stack } from '@mantine/core';
import type { AddressSide, ShipmentAddress } from '@envios/contracts/addresses';
import { shipmentMessages, type Shipment } from '@envios/contracts/shipments';
import { addressFromResponse, useShipmentAddressForm, type AddressDraft } from '../../utils/address';
import { AddressFieldset } from '../address-fieldset';
import { EditActions, EditFrame, ServiceStep } from './edit-frame';
import type { ShipmentEditSlots } from './edit-slots';
import { samePostalCode } from './requote';
import { useRequoteStep } from './use-requote-step';
import { selectedServiceOf, useSaveEdit } from './use-save-edit';

const TITLES: Record<AddressSide, string> = { destination: 'A dónde envías?', origin: 'Desde dónde envías?' };

function AddressForm({
  side,
  defaults,
  original,
  slots,
  shipment,
  saving,
  onSubmit,
}: {
  side: AddressSide;
  defaults: AddressDraft;
  original: AddressDraft;
  slots: ShipmentEditSlots;
  shipment: Shipment;
  saving: boolean;
  onSubmit: (address: ShipmentAddress, requote: boolean) => void;
}) {
  const form = useShipmentAddressForm(side, defaults);
  const [postalCode, country] = useWatch({ control: form.control, name: ['postal_code', 'country_code'] });
  const requote = !samePostalCode(postalCode ?? '', original.postal_code) || (country ?? '') !== original.country_code;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            // The contract's side schema types state_short loosely (destination only); it is a string.
            const address = values as ShipmentAddress;
            onSubmit(address, !samePostalCode(address.postal_code, original.postal_code) || address.country_code !== original.country_code);
          })(event)
        }
      >
        <Stack gap="lg">
          <AddressFieldset side={side} PostalCodeField={slots.PostalCodeField} lookupColonies={slots.lookupColonies} />
          <EditActions shipment={shipment} saving={saving} label={requote ? 'Seleccionar Paquetería' : 'Aplicar Cambios'} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * /shipments/{id}/edit/destination and /origin: the side's form; a changed
 * postal code leads to a new service choice, saved together with the address.
 */
export function AddressEdit({ shipment, side, slots }: { shipment: Shipment; side: AddressSide; slots: ShipmentEditSlots }) {
  const field = side === 'destination' ? 'destination_direction' : 'origin_direction';
  const original = addressFromResponse(shipment[field], side);
  const step = useRequoteStep<ShipmentAddress>();
  const edit = useSaveEdit(shipment);

  if (step.open && step.pending) {
    const address = step.pending;
    return (
      <ServiceStep
        shipment={shipment}
        change={{ [field]: address }}
        slots={slots}
        backHref={step.step1Href}
        intro={shipmentMessages.requoteRequired}
        failure={edit.failure}
        onChoose={(option) => edit.save({ [field]: address, selected_service: selectedServiceOf(option) }, 'detail')}
      />
    );
  }

  return (
    <EditFrame title={TITLES[side]} shipment={shipment} failure={edit.failure}>
      <AddressForm
        side={side}
        defaults={step.pending ?? original}
        original={original}
        slots={slots}
        shipment={shipment}
        saving={edit.saving}
        onSubmit={(address, requote) => {
          edit.clearFailure();
          if (requote) step.start(address);
          else void edit.save({ [field]: address }, 'detail');
        }}
      />
    </EditFrame>
  );
}
