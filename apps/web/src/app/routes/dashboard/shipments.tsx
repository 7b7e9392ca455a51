import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { ShipmentsList } from '@/features/shipments/components/list/shipments-list';

/** /shipments 'Mis Envíos' (spec 02): the signed-in user's shipments (the layout guarantees a session). */
export default function ShipmentsRoute() {
  useDocumentTitle('Mis Envíos · Envíos MX');
  const user = useUser().data;
  if (!user) return null;
  return <ShipmentsList userId={user._id} />;
}
