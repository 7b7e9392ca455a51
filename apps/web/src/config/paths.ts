/** Every URL of the web app, in one place. */
export const paths = {
  home: '/',
  signIn: '/signin',
  signUp: '/signup',
  passwordRecovery: '/password-recovery',
  passwordReset: (token: string) => `/password-recovery/${encodeURIComponent(token)}`,
  newShipmentPublic: '/shipment/new',
  serviceProviders: '/service-providers',
  dashboard: '/dashboard',
  shipments: '/shipments',
  shipment: (id: string) => `/shipments/${id}`,
  newShipment: '/dashboard/shipment/new',
  /** 'Generar Guia': the wizard pre-filled with a store order. */
  newShipmentFromOrder: (orderId: string) => `/dashboard/shipment/new?pedido=${encodeURIComponent(orderId)}`,
  /** Mis Envíos opened on its E-Commerce tab. */
  storeOrders: '/shipments?tab=ecommerce',
  shipmentEdit: (id: string, part: 'destination' | 'origin' | 'parcels' | 'description' | 'insurance' | 'service-provider') => `/shipments/${id}/edit/${part}`,
  addresses: '/addresses',
  /** 'Paquetes': saved package templates. */
  parcels: '/paquetes',
  /** 'Envíos masivos': a spreadsheet of orders becomes shipments; `?carga=` opens one upload. */
  bulk: '/envios-masivos',
  bulkUpload: (id: string) => `/envios-masivos?carga=${encodeURIComponent(id)}`,
  /** The payment page for the shipments one bulk upload created. */
  paymentBulk: (uploadId: string) => `/payment/shipments/many?carga=${encodeURIComponent(uploadId)}`,
  /** One file with the labels of many shipments (`GET /api/v1/labels`). */
  labels: (query: string) => `/api/v1/labels?${query}`,
  /** Payment screens come with the payments issue; the links exist already. */
  payment: (id: string) => `/payments/${id}`,
  paymentMany: '/payment/shipments/many',
  shipmentLabel: (id: string) => `/api/v1/shipments/${id}/label`,
  /** Success or error, with the payment's flags in the query. */
  paymentResult: (result: 'success' | 'error') => `/payments/result/${result}`,
  /** Where PayPal (or the local sandbox) sends the buyer back: `?payment=&token=&PayerID=[&cancel=1]`. */
  paypalReturn: '/payments/paypal/return',
  /** The printable OXXO slip: `?references=A,B`. */
  cashBarcode: '/shipping/cash_barcode',
  /** The local PayPal sandbox approval page (no real money). */
  sandboxPaypal: (orderId: string) => `/sandbox/paypal/${encodeURIComponent(orderId)}`,
  /** The wallet ('Monedero') and its 'Nuevo abono' checkout. */
  prepaids: '/prepaids',
  newTopUp: '/prepaid/new',
  settings: '/configuracion',
  /** 'Desarrolladores': API keys, webhooks, quick start. */
  developers: '/desarrolladores',
  /** The OpenAPI page served by the API. */
  apiDocs: '/api/docs',
  /** 'Integraciones': online stores (WooCommerce). */
  integrations: '/integrations',
  /** Several store orders into guides at once. */
  orderGuides: (orderIds: string[]) => `/integrations/guias?pedidos=${orderIds.map(encodeURIComponent).join(',')}`,
  /** The demo store, simulated in the app: its admin and its consent page. */
  demoStore: '/tienda-demo',
  /** The Shopify and Tiendanube demo stores (simulated). */
  demoStores: { shopify: '/tienda-demo/shopify', tiendanube: '/tienda-demo/tiendanube' },
  users: '/users',
  /** Admin: pickup requests ('Recolección'), guide inventory, payments and reconciliation. */
  pickupsAdmin: '/recoleccion',
  guidesAdmin: '/admin/guias',
  paymentsAdmin: '/admin/pagos',
  /** Admin: invoices (refused ones, cancellations, the month's global invoice). */
  invoicesAdmin: '/admin/facturas',
  outbox: '/outbox',
  /** The admin's general report and overweight report; the customer's overweight. */
  generalReport: '/general_report',
  overweightReport: '/overweight_report',
  overweight: '/overweight',
  carriersAdmin: '/admin/paqueterias',
  contact: '/contactanos',
  services: '/servicios',
  about: '/quienes-somos',
  terms: '/terminos-de-servicio',
  privacy: '/politicas-de-privacidad',
  faq: '/preguntas-frecuentes',
  thankYou: '/thank-page',
  /** Help menu: the illustrated first-shipment guide (public, prerendered). */
  gettingStarted: '/guia-de-inicio',
  /** User menu: how to pay (the dashboard's /payments shell) and the account's tax data. */
  paymentMethods: '/payments',
  billing: '/facturacion',
  /** Admin: contact-form messages ('Mensajes'). */
  messagesAdmin: '/admin/mensajes',
  /** Admin: the settings still on demonstration values ('Lanzamiento'). */
  launchChecklist: '/admin/lanzamiento',
  blog: '/blog',
  tracking: (guide: string) => `/rastreo/${encodeURIComponent(guide)}`,
} as const;
