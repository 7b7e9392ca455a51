import { lazy, Suspense } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { SandboxBanner } from '@/features/site/components/sandbox-banner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { useTrackingModal } from '@/features/tracking/components/use-tracking-modal';
import { ConsentBanner, CookieSettingsLink } from '@/features/site/components/consent-banner';
import { useSiteScripts } from '@/features/site/api/use-site-scripts';

// Only signed-in people need the menu (and Mantine's Menu); visitors never download it.
const UserMenu = lazy(() => import('@/features/accounts/components/user-menu').then((m) => ({ default: m.UserMenu })));

/** The public layout with the support contacts filled in; the page renders without waiting for them. */
export function PublicRoot() {
  const site = useSiteInfo();
  useSiteScripts(site);
  // Signed in: the name's dropdown replaces Iniciar sesión / Regístrate.
  const user = useUser().data;
  // Rastrear shows the 'Resultado del Envío' modal over the page.
  const tracking = useTrackingModal();
  const menu = (placement: 'bar' | 'drawer') =>
    user ? (
      <Suspense fallback={null}>
        <UserMenu
          placement={placement}
          user={user}
          links={[
            { label: 'Configuración', to: paths.settings },
            { label: 'Mis Envíos', to: paths.shipments },
            { label: 'Integraciones', to: paths.integrations },
            { label: 'Facturación', to: paths.billing },
            { label: 'Direcciones', to: paths.addresses },
            { label: 'Monedero', to: paths.prepaids },
            { label: 'Métodos de pago', to: paths.paymentMethods },
            { label: 'Usuarios', to: paths.users, adminOnly: true },
            { label: 'Mensajes', to: paths.messagesAdmin, adminOnly: true },
          ]}
          helpLinks={[
            { label: 'Guía de inicio', to: paths.gettingStarted },
            { label: 'Contáctanos', to: paths.contact },
          ]}
          afterSignOut={paths.home}
          signOutLabel="Cerrar Sesión"
        />
      </Suspense>
    ) : undefined;
  return (
    <>
      <PublicLayout
        contact={site.data}
        contactLoading={site.isPending}
        account={menu('bar')}
        drawerAccount={menu('drawer')}
        onTrack={tracking.open}
        notice={<SandboxBanner />}
        footerExtra={<CookieSettingsLink />}
        overlay={<ConsentBanner />}
      />
      {tracking.modal}
    </>
  );
}

/** While the first page's code loads, the same frame paints at once (header first, then the page). */
export function PublicHydrateFallback() {
  const site = useSiteInfo();
  return (
    <PublicLayout contact={site.data} contactLoading={site.isPending} notice={<SandboxBanner />}>
      <div style={{ minHeight: '100vh' }} aria-busy="true" />
    </PublicLayout>
  );
}
