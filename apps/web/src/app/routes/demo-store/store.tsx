import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { DemoStorePage } from '@/features/integrations/components/demo-store-page';

/** /tienda-demo: the signed-in seller's demo store (simulated; not one of our screens). */
export default function DemoStoreRoute() {
  useDocumentTitle('Tienda demo (simulación) · Envíos MX');
  return (
    <RequireUser signInHref={paths.signIn}>
      <DemoStorePage links={{ integrations: paths.integrations, orders: paths.storeOrders, tracking: paths.tracking }} />
    </RequireUser>
  );
}
