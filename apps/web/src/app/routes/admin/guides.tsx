import { useDocumentTitle } from '@mantine/hooks';
import { GuidesInventory } from '@/features/guides/components/guides-inventory';

export default function GuidesAdminRoute() {
  useDocumentTitle('Inventario de guías · Envíos MX');
  return <GuidesInventory />;
}
