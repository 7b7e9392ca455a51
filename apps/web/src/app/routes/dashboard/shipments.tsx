import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { LabelDownload } from '@/features/guides/components/label-download';
import { EcommerceOrders } from '@/features/integrations/components/ecommerce-orders';
import { ShipmentsList } from '@/features/shipments/components/list/shipments-list';

/** /shipments 'Mis Envíos': the signed-in user's shipments (the layout guarantees a session). */
export default function ShipmentsRoute() {
  useDocumentTitle('Mis Envíos · Envíos MX');
  const user = useUser().data;
  const [params] = useSearchParams();
  if (!user) return null;
  return (
    <ShipmentsList
      userId={user._id}
      initialTab={params.get('tab') === 'ecommerce' ? 'ecommerce' : 'envios'}
      renderLabels={(slot) => <LabelDownload key={'today' in slot.selection ? 'hoy' : 'seleccion'} selection={slot.selection} label={slot.label} disabled={slot.disabled} />}
      ecommerce={
        <EcommerceOrders
          userId={user._id}
          links={{
            integrations: paths.integrations,
            generateGuide: paths.newShipmentFromOrder,
            generateGuides: paths.orderGuides,
            shipment: paths.shipment,
            tracking: paths.tracking,
          }}
        />
      }
    />
  );
}
