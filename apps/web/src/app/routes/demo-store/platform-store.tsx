import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { DemoStorePage, demoPlatformNames } from '@/features/integrations/components/demo-store-page';
import type { OAuthPlatform } from '@/features/integrations/api/start-store-install';

/** /tienda-demo/{shopify|tiendanube}: the signed-in seller's Shopify or Tiendanube demo store (simulated). */
function PlatformDemoStoreRoute({ platform }: { platform: OAuthPlatform }) {
  useDocumentTitle(`Tienda demo de ${demoPlatformNames[platform]} (simulación) · Envíos MX`);
  return (
    <RequireUser signInHref={paths.signIn}>
      <DemoStorePage platform={platform} links={{ integrations: paths.integrations, orders: paths.storeOrders, tracking: paths.tracking }} />
    </RequireUser>
  );
}

export const ShopifyDemoStoreRoute = () => <PlatformDemoStoreRoute platform="shopify" />;
export const TiendanubeDemoStoreRoute = () => <PlatformDemoStoreRoute platform="tiendanube" />;
