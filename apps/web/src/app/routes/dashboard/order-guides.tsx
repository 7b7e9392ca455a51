import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { DEFAULT_COUNTRY } from '@envios/contracts/geography';
import { ORDERS_PER_BATCH_MAX } from '@envios/contracts/integrations';
import { paths } from '@/config/paths';
import { SavedAddressSelect, savedLocationOptionLabel } from '@/features/addresses/components/saved-address-select';
import { OrderGuides } from '@/features/integrations/components/order-guides';

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
        addresses: paths.addresses,
        payMany: (shipmentIds) => `${paths.paymentMany}?shipments=${shipmentIds.map(encodeURIComponent).join(',')}`,
      }}
      renderOriginPicker={({ value, onPick }) => (
        <SavedAddressSelect
          label="Dirección de origen"
          value={value}
          onPick={(l) =>
            onPick({
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
            })
          }
        />
      )}
    />
  );
}
