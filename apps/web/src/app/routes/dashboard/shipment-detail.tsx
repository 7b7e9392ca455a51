import { useParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { ShipmentDetail } from '@/features/shipments/components/detail/shipment-detail';

/** /shipments/{id} 'Detalles De Envio' (spec 02), inside the dashboard layout. */
export default function ShipmentDetailRoute() {
  useDocumentTitle('Detalles De Envio · Envíos MX');
  const { id = '' } = useParams();
  return <ShipmentDetail key={id} shipmentId={id} />;
}
