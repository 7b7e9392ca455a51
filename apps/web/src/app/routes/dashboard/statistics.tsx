import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { ShipmentStatistics } from '@/features/shipments/components/stats/shipment-statistics';

/** /dashboard 'Mis estadísticas', the first screen after signing in. */
export default function StatisticsRoute() {
  useDocumentTitle('Mis estadísticas · Envíos MX');
  const user = useUser().data;
  if (!user) return null;
  return <ShipmentStatistics userId={user._id} name={user.firstName} />;
}
