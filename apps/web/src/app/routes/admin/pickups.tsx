import { useDocumentTitle } from '@mantine/hooks';
import { PickupsAdmin } from '@/features/pickups/components/pickups-admin';

export default function PickupsAdminRoute() {
  useDocumentTitle('Recolección · Envíos MX');
  return <PickupsAdmin />;
}
