import { DashboardLayout, type DashboardNavItem } from '@/components/layouts/dashboard-layout';
import { FloatingContact } from '@/components/layouts/floating-contact';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { UserMenu } from '@/features/accounts/components/user-menu';
import { useTrackingModal } from '@/features/tracking/components/use-tracking-modal';
import { SandboxBanner } from '@/features/site/components/sandbox-banner';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { useSiteScripts } from '@/features/site/api/use-site-scripts';
import { ConsentBanner } from '@/features/site/components/consent-banner';

/**
 * Sidebar entries. Entries whose screens come in later issues are added
 * with those screens, never before.
 */
const userNav: DashboardNavItem[] = [
  { label: 'Estadísticas', to: paths.dashboard, end: true },
  { label: 'Nuevo envío', to: paths.newShipment },
  { label: 'Mis Envíos', to: paths.shipments },
  { label: 'Envíos masivos', to: paths.bulk },
  { label: 'Integraciones', to: paths.integrations },
  { label: 'Direcciones', to: paths.addresses },
  { label: 'Paquetes', to: paths.parcels },
  { label: 'Monedero', to: paths.prepaids },
  { label: 'Sobrepesos', to: paths.overweight },
  { label: 'Métodos de pago', to: paths.paymentMethods },
  { label: 'Facturación', to: paths.billing },
  { label: 'Desarrolladores', to: paths.developers },
];
const adminNav: DashboardNavItem[] = [
  { label: 'Usuarios', to: paths.users },
  { label: 'Recolección', to: paths.pickupsAdmin },
  { label: 'Reporte General', to: paths.generalReport },
  { label: 'Reporte Sobrepesos', to: paths.overweightReport },
  { label: 'Pagos', to: paths.paymentsAdmin },
  { label: 'Facturas', to: paths.invoicesAdmin },
  { label: 'Inventario de guías', to: paths.guidesAdmin },
  { label: 'Paqueterías y tarifas', to: paths.carriersAdmin },
  { label: 'Bandeja de salida', to: paths.outbox },
  { label: 'Mensajes', to: paths.messagesAdmin },
  { label: 'Lanzamiento', to: paths.launchChecklist },
];

function DashboardShell() {
  const user = useUser().data;
  // The top bar's Rastrear shows the 'Resultado del Envío' modal.
  const tracking = useTrackingModal();
  // The chat widget shows in the signed-in lists too, and the pixel's checkout events need consent here.
  const site = useSiteInfo();
  useSiteScripts(site);
  if (!user) return null;
  return (
    <>
      <DashboardLayout
        nav={userNav}
        adminNav={user.rol === 'admin' ? adminNav : []}
        account={
          <UserMenu
            user={user}
            links={[{ label: 'Configuración', to: paths.settings }]}
            // A seller looking for help finds the guide and the contact form here; the form
            // fills itself from the profile and brings them back to Mis Envíos.
            helpLinks={[
              { label: 'Guía de usuario', to: paths.faq },
              { label: 'Guía de inicio', to: paths.gettingStarted },
              { label: 'Contáctanos', to: paths.contact },
            ]}
            afterSignOut={paths.home}
          />
        }
        onTrack={tracking.open}
        notice={<SandboxBanner />}
        floating={<FloatingContact contact={site.data} waitForScroll={false} />}
      />
      {tracking.modal}
      <ConsentBanner />
    </>
  );
}

/** The signed-in area: a visitor is sent to /signin and comes back afterwards. */
export function DashboardRoot() {
  return (
    <RequireUser signInHref={paths.signIn}>
      <DashboardShell />
    </RequireUser>
  );
}
