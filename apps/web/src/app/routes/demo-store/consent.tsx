import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { DemoConsent } from '@/features/integrations/components/demo-consent';

/** /tienda-demo/wc-auth/v1/authorize: the demo store's consent page, as WooCommerce's would be. */
export default function DemoConsentRoute() {
  useDocumentTitle('Autorizar conexión · Tienda demo');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <RequireUser signInHref={paths.signIn}>
      <DemoConsent
        params={params}
        onDone={(url) => {
          const target = new URL(url, window.location.href);
          if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}`);
          else window.location.assign(url);
        }}
      />
    </RequireUser>
  );
}
