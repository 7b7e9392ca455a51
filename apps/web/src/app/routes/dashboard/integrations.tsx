import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { IntegrationsPage } from '@/features/integrations/components/integrations-page';

/** /integrations 'Integraciones': online stores, their health and the demo store. */
export default function IntegrationsRoute() {
  useDocumentTitle('Integraciones · Envíos MX');
  const user = useUser().data;
  if (!user) return null;
  return <IntegrationsPage userId={user._id} links={{ demoStore: paths.demoStore, orders: paths.storeOrders, demoStores: paths.demoStores }} />;
}
