import { useParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { ShipmentOverweightPanel } from '@/features/overweight/components/shipment-overweight-panel';
import { ShipmentOpenPayments } from '@/features/payments/components/open-payment';
import { ShipmentDetail } from '@/features/shipments/components/detail/shipment-detail';

/** /shipments/{id} 'Detalles del envío', inside the dashboard layout, with its open payment and its overweight when it has them. */
export default function ShipmentDetailRoute() {
  useDocumentTitle('Detalles del envío · Envíos MX');
  const { id = '' } = useParams();
  const admin = useUser().data?.rol === 'admin';
  return (
    <>
      <ShipmentDetail key={id} shipmentId={id} openPayment={<ShipmentOpenPayments shipmentIds={[id]} />} />
      <ShipmentOverweightPanel key={`sobrepeso-${id}`} shipmentId={id} admin={admin} />
    </>
  );
}
