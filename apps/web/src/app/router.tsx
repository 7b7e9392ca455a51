import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicHydrateFallback, PublicRoot } from './routes/public/root';
import HomeRoute from './routes/public/home';
import { RouteError } from '@/components/errors/route-error';
import { paths } from '@/config/paths';

/** While a lazy route outside the public layout loads on the first visit (the dashboard, the slip). */
function PageLoading() {
  return <div style={{ minHeight: '100vh' }} aria-busy="true" aria-label="Cargando…" />;
}

/** Routes by audience; pages load lazily so the home page ships only what it needs. */
export const routes: RouteObject[] = [
  {
    element: <PublicRoot />,
    HydrateFallback: PublicHydrateFallback,
    errorElement: <RouteError />,
    children: [
      // The landing page comes with the shell (its hero is ~3 KB): no extra round trip before it paints.
      { path: paths.home, Component: HomeRoute },
      { path: paths.blog, lazy: () => import('./routes/public/blog').then((m) => ({ Component: m.default })) },
      { path: paths.serviceProviders, lazy: () => import('./routes/public/service-providers').then((m) => ({ Component: m.default })) },
      { path: paths.newShipmentPublic, lazy: () => import('./routes/public/new-shipment').then((m) => ({ Component: m.default })) },
      { path: paths.signIn, lazy: () => import('./routes/public/sign-in').then((m) => ({ Component: m.default })) },
      { path: paths.signUp, lazy: () => import('./routes/public/sign-up').then((m) => ({ Component: m.default })) },
      { path: paths.passwordRecovery, lazy: () => import('./routes/public/password-recovery').then((m) => ({ Component: m.default })) },
      { path: `${paths.passwordRecovery}/:token`, lazy: () => import('./routes/public/password-reset').then((m) => ({ Component: m.default })) },
      // The shareable tracking page: public, phone first.
      { path: '/rastreo/:guide', lazy: () => import('./routes/public/tracking').then((m) => ({ Component: m.default })) },
      // Content pages (prerendered by the server, hydrated here) and the contact form.
      { path: paths.services, lazy: () => import('./routes/public/services').then((m) => ({ Component: m.default })) },
      { path: paths.about, lazy: () => import('./routes/public/about').then((m) => ({ Component: m.default })) },
      { path: paths.faq, lazy: () => import('./routes/public/faq').then((m) => ({ Component: m.default })) },
      { path: paths.terms, lazy: () => import('./routes/public/terms').then((m) => ({ Component: m.default })) },
      { path: paths.privacy, lazy: () => import('./routes/public/privacy').then((m) => ({ Component: m.default })) },
      { path: paths.gettingStarted, lazy: () => import('./routes/public/getting-started').then((m) => ({ Component: m.default })) },
      { path: paths.contact, lazy: () => import('./routes/public/contact').then((m) => ({ Component: m.default })) },
      { path: paths.thankYou, lazy: () => import('./routes/public/thank-you').then((m) => ({ Component: m.default })) },
      // Signed-in, but outside the dashboard layout.
      { path: paths.settings, lazy: () => import('./routes/settings').then((m) => ({ Component: m.default })) },
      // The shipment edit screens (destination, origin, parcels, description, insurance, service-provider).
      { path: '/shipments/:id/edit/:part', lazy: () => import('./routes/shipment-edit').then((m) => ({ Component: m.default })) },
      // Payments: signed in, outside the dashboard layout.
      { path: '/payments/:id', lazy: () => import('./routes/payments/pay-shipment').then((m) => ({ Component: m.default })) },
      { path: paths.paymentMany, lazy: () => import('./routes/payments/pay-many').then((m) => ({ Component: m.default })) },
      { path: paths.paypalReturn, lazy: () => import('./routes/payments/paypal-return').then((m) => ({ Component: m.default })) },
      { path: '/payments/result/:result', lazy: () => import('./routes/payments/payment-result').then((m) => ({ Component: m.default })) },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.default })) },
    ],
  },
  // Pages of their own, without the site's header and footer: the OXXO slip is made to print, and
  // the local PayPal sandbox stands in for PayPal's own page.
  {
    path: paths.cashBarcode,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/payments/cash-barcode').then((m) => ({ Component: m.default })),
  },
  {
    path: '/sandbox/paypal/:orderId',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/payments/sandbox-paypal').then((m) => ({ Component: m.default })),
  },
  // The demo store stands in for the seller's own WooCommerce site: its pages are not ours.
  {
    path: paths.demoStore,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/demo-store/store').then((m) => ({ Component: m.default })),
  },
  {
    path: '/tienda-demo/wc-auth/v1/authorize',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/demo-store/consent').then((m) => ({ Component: m.default })),
  },
  // The Shopify and Tiendanube demo stores, and their install pages where the platform's would be.
  {
    path: paths.demoStores.shopify,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/demo-store/platform-store').then((m) => ({ Component: m.ShopifyDemoStoreRoute })),
  },
  {
    path: paths.demoStores.tiendanube,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/demo-store/platform-store').then((m) => ({ Component: m.TiendanubeDemoStoreRoute })),
  },
  {
    path: '/tienda-demo/shopify/admin/oauth/authorize',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/demo-store/platform-consent').then((m) => ({ Component: m.ShopifyDemoConsentRoute })),
  },
  {
    path: '/tienda-demo/tiendanube/apps/:appId/authorize',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/demo-store/platform-consent').then((m) => ({ Component: m.TiendanubeDemoConsentRoute })),
  },
  {
    // Signed-in area with the sidebar; visitors go to /signin and come back.
    // Lazy like the pages: the home page never downloads the dashboard's layout and guards.
    lazy: () => import('./routes/dashboard/root').then((m) => ({ Component: m.DashboardRoot })),
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { path: paths.dashboard, lazy: () => import('./routes/dashboard/statistics').then((m) => ({ Component: m.default })) },
      { path: paths.shipments, lazy: () => import('./routes/dashboard/shipments').then((m) => ({ Component: m.default })) },
      { path: paths.newShipment, lazy: () => import('./routes/dashboard/new-shipment').then((m) => ({ Component: m.default })) },
      { path: '/shipments/:id', lazy: () => import('./routes/dashboard/shipment-detail').then((m) => ({ Component: m.default })) },
      { path: paths.addresses, lazy: () => import('./routes/dashboard/addresses').then((m) => ({ Component: m.default })) },
      { path: paths.parcels, lazy: () => import('./routes/dashboard/parcels').then((m) => ({ Component: m.default })) },
      { path: paths.bulk, lazy: () => import('./routes/dashboard/bulk').then((m) => ({ Component: m.default })) },
      { path: paths.prepaids, lazy: () => import('./routes/dashboard/wallet').then((m) => ({ Component: m.default })) },
      { path: paths.integrations, lazy: () => import('./routes/dashboard/integrations').then((m) => ({ Component: m.default })) },
      { path: paths.developers, lazy: () => import('./routes/dashboard/developers').then((m) => ({ Component: m.default })) },
      { path: '/integrations/guias', lazy: () => import('./routes/dashboard/order-guides').then((m) => ({ Component: m.default })) },
      { path: paths.newTopUp, lazy: () => import('./routes/dashboard/new-top-up').then((m) => ({ Component: m.default })) },
      { path: paths.paymentMethods, lazy: () => import('./routes/dashboard/payment-methods').then((m) => ({ Component: m.default })) },
      { path: paths.billing, lazy: () => import('./routes/dashboard/billing').then((m) => ({ Component: m.default })) },
      { path: paths.overweight, lazy: () => import('./routes/dashboard/overweight').then((m) => ({ Component: m.default })) },
      {
        lazy: () => import('./routes/admin/root').then((m) => ({ Component: m.AdminRoot })),
        children: [
          { path: paths.users, lazy: () => import('./routes/admin/users').then((m) => ({ Component: m.default })) },
          { path: paths.outbox, lazy: () => import('./routes/admin/outbox').then((m) => ({ Component: m.default })) },
          { path: paths.carriersAdmin, lazy: () => import('./routes/admin/carriers').then((m) => ({ Component: m.default })) },
          { path: paths.pickupsAdmin, lazy: () => import('./routes/admin/pickups').then((m) => ({ Component: m.default })) },
          { path: paths.guidesAdmin, lazy: () => import('./routes/admin/guides').then((m) => ({ Component: m.default })) },
          { path: paths.paymentsAdmin, lazy: () => import('./routes/admin/payments').then((m) => ({ Component: m.default })) },
          { path: paths.invoicesAdmin, lazy: () => import('./routes/admin/invoices').then((m) => ({ Component: m.default })) },
          { path: paths.messagesAdmin, lazy: () => import('./routes/admin/messages').then((m) => ({ Component: m.default })) },
          { path: paths.launchChecklist, lazy: () => import('./routes/admin/launch').then((m) => ({ Component: m.default })) },
          { path: paths.generalReport, lazy: () => import('./routes/admin/general-report').then((m) => ({ Component: m.default })) },
          { path: paths.overweightReport, lazy: () => import('./routes/admin/overweight-report').then((m) => ({ Component: m.default })) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
