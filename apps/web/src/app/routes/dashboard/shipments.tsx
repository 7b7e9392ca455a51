import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { LabelDownload } from '@/features/guides/components/label-download';
import { EcommerceOrders } from '@/features/integrations/components/ecommerce-orders';
import { OpenPaymentLine } from '@/features/payments/components/open-payment';
import { ShipmentsList } from '@/features/shipments/components/list/shipments-list';

/** What a page that sends the seller here may leave for Mis Envíos to say (the contact form). */
export interface ShipmentsArrival {
  contactSent?: string;
}

/** /shipments 'Mis Envíos': the signed-in user's shipments (the layout guarantees a session). */
export default function ShipmentsRoute() {
  useDocumentTitle('Mis Envíos · Envíos MX');
  const user = useUser().data;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = (location.state as ShipmentsArrival | null)?.contactSent;
  // Said once: a reload or 'back' does not confirm the same message again.
  useEffect(() => {
    if (arrival) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [arrival, location.pathname, location.search, navigate]);
  if (!user) return null;
  return (
    <ShipmentsList
      userId={user._id}
      initialTab={params.get('tab') === 'ecommerce' ? 'ecommerce' : 'envios'}
      renderLabels={(slot) => (
        <LabelDownload key={'today' in slot.selection ? 'hoy' : 'seleccion'} selection={slot.selection} label={slot.label} disabled={slot.disabled} />
      )}
      arrivalNotice={arrival}
      paymentNote={(row) => <OpenPaymentLine shipmentId={row._id} />}
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
