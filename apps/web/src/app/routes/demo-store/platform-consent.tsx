import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { PlatformDemoConsent } from '@/features/integrations/components/platform-demo-consent';

/**
 * The demo stores' install pages, where the platform's would be: Shopify's
 * /tienda-demo/shopify/admin/oauth/authorize and Tiendanube's /tienda-demo/tiendanube/apps/{app}/authorize.
 */
function PlatformDemoConsentRoute({ platform }: { platform: 'shopify' | 'tiendanube' }) {
  useDocumentTitle('Instalar aplicación · Tienda demo');
  const [params] = useSearchParams();
  const { appId } = useParams();
  const navigate = useNavigate();
  return (
    <RequireUser signInHref={paths.signIn}>
      <PlatformDemoConsent
        platform={platform}
        params={params}
        appId={appId}
        onDone={(url) => {
          // Our callback is an API address that redirects: a full page load.
          const target = new URL(url, window.location.href);
          if (target.origin === window.location.origin && !target.pathname.startsWith('/api/')) void navigate(`${target.pathname}${target.search}`);
          else window.location.assign(url);
        }}
      />
    </RequireUser>
  );
}

export const ShopifyDemoConsentRoute = () => <PlatformDemoConsentRoute platform="shopify" />;
export const TiendanubeDemoConsentRoute = () => <PlatformDemoConsentRoute platform="tiendanube" />;
