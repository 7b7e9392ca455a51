import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SavedLocation } from '@envios/contracts/addresses';
import { DEFAULT_COUNTRY } from '@envios/contracts/geography';
import { ORDERS_PER_BATCH_MAX } from '@envios/contracts/integrations';
import { paths } from '@/config/paths';
import { AddressModal } from '@/features/addresses/components/address-modal';
import { SavedAddressSelect, savedLocationOptionLabel } from '@/features/addresses/components/saved-address-select';
import { PostalCodeAutocomplete } from '@/features/geography/components/postal-code-autocomplete';
import { OrderGuides, type OriginChoice } from '@/features/integrations/components/order-guides';

function originOf(l: SavedLocation): OriginChoice {
  return {
    id: l._id,
    label: savedLocationOptionLabel(l),
    address: {
      full_name: l.name,
      email: l.email,
      phone: l.phone,
      address: l.address,
      number: l.number,
      intNumber: l.intNumber,
      reference_of_origin: l.reference_of_origin,
      colony: l.colony,
      postal_code: l.postal_code,
      city: l.city,
      state_code: l.state_code,
      country_code: l.country_code || DEFAULT_COUNTRY,
    },
  };
}

/** The origin: a saved address, or a new one saved right here (a first-time seller has none). */
function OriginPicker({ value, onPick }: { value: string | null; onPick: (origin: OriginChoice) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      <SavedAddressSelect label="Dirección de origen" value={value} onPick={(l) => onPick(originOf(l))} />
      <Button variant="light" size="xs" onClick={() => setAdding(true)} style={{ alignSelf: 'flex-start' }}>
        Agregar una dirección
      </Button>
      <AddressModal
        opened={adding}
        addressId={null}
        onClose={() => setAdding(false)}
        onSaved={(l) => {
          setAdding(false);
          onPick(originOf(l));
        }}
        PostalCodeField={PostalCodeAutocomplete}
      />
    </Stack>
  );
}

/** /integrations/guias?pedidos=a,b: several store orders into guides at once, paid together. */
export default function OrderGuidesRoute() {
  useDocumentTitle('Generar guías de pedidos · Envíos MX');
  const [params] = useSearchParams();
  const ids = (params.get('pedidos') ?? '').split(',').filter(Boolean).slice(0, ORDERS_PER_BATCH_MAX);
  return (
    <OrderGuides
      key={ids.join(',')}
      orderIds={ids}
      links={{
        generateGuide: paths.newShipmentFromOrder,
        orders: paths.storeOrders,
        payMany: (shipmentIds) => `${paths.paymentMany}?shipments=${shipmentIds.map(encodeURIComponent).join(',')}`,
      }}
      renderOriginPicker={({ value, onPick }) => <OriginPicker value={value} onPick={onPick} />}
    />
  );
}
