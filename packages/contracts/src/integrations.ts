import { z } from 'zod';
import { PAGE_SIZE } from './pagination.js';

/**
 * Online stores (Integraciones and the E-Commerce tab of Mis Envíos): the
 * WooCommerce connection made with the store's own key handshake, the orders that arrive by
 * webhook or by the periodic sync, and what the seller sees of the connection's health.
 */

export const ECOMMERCE_TYPES = ['woocommerce'] as const;
export type EcommerceType = (typeof ECOMMERCE_TYPES)[number];

/** Every store platform we connect (one folder each in the API's integrations/platforms). */
export const PLATFORM_IDS = ['woocommerce', 'shopify', 'tiendanube'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];
export const platformNames: Readonly<Record<PlatformId, string>> = { woocommerce: 'WooCommerce', shopify: 'Shopify', tiendanube: 'Tiendanube' };

export const STORE_URL_MAX = 200;
export const APP_NAME_MAX = 50;
/** The E-Commerce tab filters by name once more than this many characters are typed. */
export const ORDER_FILTER_MIN = 3;
export const ORDER_FILTER_MAX = 35;
/** How many orders one 'Generar guías' may turn into shipments at once. */
export const ORDERS_PER_BATCH_MAX = 50;
/** A connection failing this long e-mails its owner (once per failing period). */
export const FAILING_NOTICE_AFTER_MS = 60 * 60_000;
/** The demo store lives under the app's own address (no real store is involved). */
export const DEMO_STORE_PATH = '/tienda-demo';

const noControlChars = /^[^\p{Cc}]*$/u;

export const ecommerceTypeSchema = z.literal('woocommerce', { error: 'El tipo de tienda debe ser woocommerce.' });

/**
 * A store's home URL as WooCommerce builds its routes on it: scheme (https is added when
 * missing, as WooCommerce itself does), host and optional path, no query or fragment, no
 * trailing slash, host in lower case.
 */
export function normalizeStoreUrl(raw: string): string | null {
  const text = raw.trim();
  if (!text || !noControlChars.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text.includes('://') ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (!url.hostname.includes('.') && url.hostname !== 'localhost')) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host.toLowerCase()}${path}`;
}

export const storeUrlSchema = z
  .string({ error: 'La URL de la tienda es obligatoria.' })
  .trim()
  .min(1, { error: 'La URL de la tienda es obligatoria.' })
  .max(STORE_URL_MAX, { error: `La URL de la tienda debe tener como máximo ${STORE_URL_MAX} caracteres.` })
  .transform((value, ctx) => {
    const url = normalizeStoreUrl(value);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: 'La URL de la tienda no es válida; escríbela como https://mitienda.com.mx' });
      return z.NEVER;
    }
    return url;
  });

export const appNameSchema = z
  .string({ error: 'El nombre de la tienda es obligatorio.' })
  .trim()
  .min(1, { error: 'El nombre de la tienda es obligatorio.' })
  .max(APP_NAME_MAX, { error: `El nombre de la tienda debe tener como máximo ${APP_NAME_MAX} caracteres.` })
  .regex(noControlChars, { error: 'El nombre de la tienda contiene caracteres no válidos.' });

const userIdSchema = z.uuid({ error: 'El usuario no es válido.' });

// ---------------------------------------------------------------- the store API calls

/** `POST /api/v1/woocommerce/oauth`: where to send the seller's browser to approve the keys. */
export const wooOauthInputSchema = z.object({
  store_url: storeUrlSchema,
  app_name: appNameSchema,
  user_id: userIdSchema,
});
export type WooOauthInput = z.input<typeof wooOauthInputSchema>;
export const wooOauthResponseSchema = z.object({ url_auth: z.string() });

/** `POST /api/v1/status/woocommerce`: is this account connected (the toggle). */
export const wooStatusInputSchema = z.object({ ecommerce_type: ecommerceTypeSchema, user_id: userIdSchema });
export const wooStatusResponseSchema = z.object({
  status: z.boolean(),
  app_name: z.string().nullable(),
  store_url: z.string().nullable(),
});
export type WooStatus = z.infer<typeof wooStatusResponseSchema>;

/** `PUT /api/v1/status/woocommerce/{userId}`: `status: false` disconnects (one store, or all of them). */
export const wooStatusUpdateSchema = z.object({
  ecommerce_type: ecommerceTypeSchema,
  status: z.literal(false, { error: 'Para conectar una tienda usa «Conectar tienda»; aquí solo se desconecta (status=false).' }),
  /** Only this store; without it, every WooCommerce store of the account. */
  connection_id: z.uuid({ error: 'La tienda no es válida.' }).optional(),
});
export const wooStatusUpdateResponseSchema = z.object({ status: z.literal(false), disconnected: z.number().int() });

/** The key pair WooCommerce POSTs to our callback (server to server). */
export const wooKeysCallbackSchema = z.object({
  key_id: z.coerce.number().int().positive(),
  user_id: z.string().min(1).max(200),
  consumer_key: z.string().regex(/^ck_[0-9a-f]{40}$/),
  consumer_secret: z.string().regex(/^cs_[0-9a-f]{40}$/),
  key_permissions: z.enum(['read', 'write', 'read_write']),
});
export type WooKeysCallback = z.infer<typeof wooKeysCallbackSchema>;

// ---------------------------------------------------------------- connections and their health

export const CONNECTION_STATES = ['connected', 'needs_reconnect', 'disconnected'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const connectionStateLabels: Readonly<Record<ConnectionState, string>> = {
  connected: 'Conectada',
  needs_reconnect: 'Necesita reconexión',
  disconnected: 'Desconectada',
};

export const storeFailureSchema = z.object({ at: z.iso.datetime(), reason: z.string() });

export const storeConnectionSchema = z.object({
  _id: z.uuid(),
  ecommerce_type: z.string(),
  store_url: z.string(),
  app_name: z.string(),
  /** The offline demo store (no real store, nothing is sold). */
  sandbox: z.boolean(),
  state: z.enum(CONNECTION_STATES),
  /** The toggle: keys are kept (connected, or waiting for a reconnection). */
  status: z.boolean(),
  /** The last characters of the consumer key, as WooCommerce shows it under REST API keys. */
  key_hint: z.string().nullable(),
  /** When delivered, mark the store's order completed. */
  complete_on_delivery: z.boolean(),
  /** Order webhooks are set up on the store. */
  webhooks_ready: z.boolean(),
  connected_at: z.iso.datetime().nullable(),
  health: z.object({
    last_order_at: z.iso.datetime().nullable(),
    last_webhook_at: z.iso.datetime().nullable(),
    last_sync_at: z.iso.datetime().nullable(),
    /** Since when every call to the store fails (null: working). */
    failing_since: z.iso.datetime().nullable(),
    failures_24h: z.number().int(),
    /** The latest failures of the last 24 hours, newest first, with their reason in Spanish. */
    recent_failures: z.array(storeFailureSchema),
  }),
});
export type StoreConnection = z.infer<typeof storeConnectionSchema>;

export const storeListSchema = z.object({
  data: z.array(storeConnectionSchema),
  /** What to type as the store URL to try the demo store. */
  demo_store_url: z.string(),
  /** Real stores need our callback over https (APP_URL); false on a local, plain-http install. */
  https_callbacks: z.boolean(),
});
export type StoreList = z.infer<typeof storeListSchema>;

export const storeIdParamsSchema = z.object({ id: z.uuid({ error: 'La tienda no es válida.' }) });
export const storeUserParamsSchema = z.object({ userId: userIdSchema });

export const updateStoreSchema = z.object({
  complete_on_delivery: z.boolean({ error: 'Indica si el pedido se marca como completado al entregarse (true o false).' }),
});

export const storeSyncResponseSchema = z.object({ queued: z.boolean() });

// ---------------------------------------------------------------- orders (the E-Commerce tab)

export const orderProblemSchema = z.object({
  /** The destination field it concerns (`postal_code`, `number`…), or `parcels`. */
  field: z.string(),
  message: z.string(),
  /** Blocking problems must be fixed in the wizard before the guide can be bought. */
  blocking: z.boolean(),
});
export type OrderProblem = z.infer<typeof orderProblemSchema>;

export const orderShipmentSchema = z.object({
  _id: z.uuid(),
  numberOfOrder: z.number().int(),
  status: z.boolean(),
  number_guide: z.string().nullable(),
  service: z.string(),
  tracking_status: z.string().nullable(),
  total_amount: z.number(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const storeOrderRowSchema = z.object({
  _id: z.uuid(),
  connection_id: z.uuid(),
  /** The store's platform: what a shipment made from the order names as its `ecommerce_type`. */
  platform: z.enum(PLATFORM_IDS),
  store_name: z.string(),
  sandbox: z.boolean(),
  /** WooCommerce's order id and its displayed number. */
  order_id: z.number().int(),
  number: z.string(),
  created_at: z.iso.datetime(),
  /** The store's status (processing, completed …) and its Spanish label. */
  store_status: z.string(),
  store_status_label: z.string(),
  name: z.string(),
  /** 'Guadalajara, Jalisco · C.P. 44100'. */
  destination: z.string(),
  total: z.number(),
  currency: z.string(),
  problems: z.array(orderProblemSchema),
  /** No blocking problem: ready to be turned into a guide in one go. */
  ready: z.boolean(),
  /** 'DHL - EXPRESS DOMESTIC' of its shipment, or the store's shipping method before any. */
  service: z.string().nullable(),
  number_guide: z.string().nullable(),
  /** 'Sin guía', 'Guía sin pago', 'Pagado' or the latest tracking headline. */
  guide_status: z.string(),
  shipments: z.array(orderShipmentSchema),
  /** The store's shipping rule on this order: queued, bought, or waiting with its reason in Spanish (null: the rule never took it). */
  auto_ship: z.object({ status: z.enum(['queued', 'buying', 'bought', 'waiting']), reason: z.string().nullable() }).nullable(),
});
export type StoreOrderRow = z.infer<typeof storeOrderRowSchema>;

export const storeOrderQuerySchema = z.object({
  /** Customer name contains this (applies above 2 characters). */
  filter: z
    .string()
    .trim()
    .max(ORDER_FILTER_MAX, { error: `El filtro debe tener como máximo ${ORDER_FILTER_MAX} caracteres.` })
    .optional(),
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int().min(1, { error: 'La página debe ser 1 o mayor.' }).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
});

/** `GET /api/v1/marketplace/shipments/{userId}` (its "data list"), paged like the other lists. */
export const storeOrderPageSchema = z.object({
  data: z.array(storeOrderRowSchema),
  count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
});
export type StoreOrderPage = z.infer<typeof storeOrderPageSchema>;

/** A destination as mapped from the store's address (the wizard's destination fields). */
export const orderDestinationSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  number: z.string(),
  intNumber: z.string(),
  reference_of_origin: z.string(),
  colony: z.string(),
  postal_code: z.string(),
  city: z.string(),
  state_code: z.string(),
  state_short: z.string(),
  country_code: z.string(),
});
export type OrderDestination = z.infer<typeof orderDestinationSchema>;

export const orderItemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  sku: z.string(),
  /** Per unit, from the store's product (null when the store has no weight for it). */
  weight_kg: z.number().nullable(),
});

export const orderParcelSchema = z.object({ height: z.number(), width: z.number(), depth: z.number(), weight: z.number() });

/** `GET /api/v1/marketplace/orders/{id}`: one order with everything 'Generar Guia' pre-fills. */
export const storeOrderDetailSchema = storeOrderRowSchema.extend({
  destination_direction: orderDestinationSchema,
  description_of_the_content: z.string(),
  parcels: z.array(orderParcelSchema),
  /** Weight from the store's products (else an estimate the seller should check). */
  weight_kg: z.number().nullable(),
  weight_from_products: z.boolean(),
  items: z.array(orderItemSchema),
  customer_note: z.string(),
  shipping_method: z.string(),
});
export type StoreOrderDetail = z.infer<typeof storeOrderDetailSchema>;

export const storeOrderIdParamsSchema = z.object({ id: z.uuid({ error: 'El pedido no es válido.' }) });

/** WooCommerce order statuses in Spanish (as WooCommerce's Spanish translation names them). */
export const storeStatusLabels: Readonly<Record<string, string>> = {
  pending: 'Pendiente de pago',
  processing: 'Procesando',
  'on-hold': 'En espera',
  completed: 'Completado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  failed: 'Fallido',
  'checkout-draft': 'Borrador',
  trash: 'En la papelera',
};

// ---------------------------------------------------------------- rules that ship by themselves

export const CARRIER_RULES = ['cheapest', 'fastest', 'service'] as const;
export type CarrierRule = (typeof CARRIER_RULES)[number];
export const carrierRuleLabels: Readonly<Record<CarrierRule, string>> = {
  cheapest: 'La más barata',
  fastest: 'La más rápida',
  service: 'Un servicio en particular',
};
export const AUTO_DAILY_LIMIT_MAX = 500;

/** A store's shipping rule: origin, package, carrier rule and, opted in, automatic purchase with a daily limit. */
export const storeRuleSchema = z.object({
  connection_id: z.uuid(),
  origin_address_id: z.uuid().nullable(),
  /** A saved package; null: the weight from the products (with a standard box). */
  package_template_id: z.uuid().nullable(),
  carrier_rule: z.enum(CARRIER_RULES),
  /** 'DHL EXPRESS DOMESTIC' when carrier_rule is 'service'. */
  service_name: z.string().nullable(),
  /** The most a guide may cost (MXN); null: no maximum. */
  max_price: z.number().nullable(),
  auto_purchase: z.boolean(),
  daily_limit: z.number().int(),
  /** Guides bought by the rule today (America/Mexico_City). */
  bought_today: z.number().int(),
});
export type StoreRule = z.infer<typeof storeRuleSchema>;

export const storeRuleInputSchema = z
  .object({
    origin_address_id: z.uuid({ error: 'Elige una dirección de origen guardada.' }).nullable(),
    package_template_id: z.uuid({ error: 'Elige un paquete guardado.' }).nullable(),
    carrier_rule: z.enum(CARRIER_RULES, { error: 'La paquetería debe ser la más barata, la más rápida o un servicio en particular.' }),
    service_name: z.string().trim().max(120, { error: 'El nombre del servicio es demasiado largo.' }).nullable().default(null),
    max_price: z
      .number({ error: 'El precio máximo debe ser un número.' })
      .positive({ error: 'El precio máximo debe ser mayor que 0.' })
      .max(100_000, { error: 'El precio máximo debe ser como máximo MX$100,000.00.' })
      .nullable()
      .default(null),
    auto_purchase: z.boolean({ error: 'Indica si las guías se compran solas (true o false).' }),
    daily_limit: z
      .number({ error: 'El límite diario debe ser un número.' })
      .int({ error: 'El límite diario debe ser un número entero.' })
      .min(1, { error: 'El límite diario debe ser al menos 1.' })
      .max(AUTO_DAILY_LIMIT_MAX, { error: `El límite diario debe ser como máximo ${AUTO_DAILY_LIMIT_MAX}.` }),
  })
  .superRefine((r, ctx) => {
    if (r.carrier_rule === 'service' && !r.service_name)
      ctx.addIssue({ code: 'custom', path: ['service_name'], message: 'Escribe el servicio que quieres usar (por ejemplo, DHL EXPRESS DOMESTIC).' });
    if (r.auto_purchase && !r.origin_address_id)
      ctx.addIssue({ code: 'custom', path: ['origin_address_id'], message: 'Para comprar guías solas elige la dirección de origen.' });
    if (r.max_price !== null && Math.round(r.max_price * 100) !== r.max_price * 100)
      ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'El precio máximo lleva como máximo dos decimales.' });
  });
export type StoreRuleInput = z.input<typeof storeRuleInputSchema>;

export const autoShipStatusLabels: Readonly<Record<'queued' | 'buying' | 'bought' | 'waiting', string>> = {
  queued: 'La regla comprará la guía en unos segundos',
  buying: 'Comprando la guía…',
  bought: 'Guía comprada por tu regla',
  waiting: 'Espera tu revisión',
};

// ---------------------------------------------------------------- the demo store

export const DEMO_ORDER_KINDS = ['normal', 'unknown_postal_code'] as const;
export const demoOrderInputSchema = z.object({
  kind: z.enum(DEMO_ORDER_KINDS, { error: 'El tipo de pedido debe ser normal o unknown_postal_code.' }).default('normal'),
});

export const demoNoteSchema = z.object({ id: z.number().int(), note: z.string(), customer_note: z.boolean(), date_created: z.string() });
export const demoOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  status_label: z.string(),
  date_created: z.string(),
  customer: z.string(),
  city: z.string(),
  postcode: z.string(),
  total: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number() })),
  tracking_number: z.string().nullable(),
  tracking_provider: z.string().nullable(),
  notes: z.array(demoNoteSchema),
});
export type DemoOrder = z.infer<typeof demoOrderSchema>;

export const demoStoreSchema = z.object({
  store_url: z.string(),
  name: z.string(),
  orders: z.array(demoOrderSchema),
  /** Active webhooks on the demo store (ours, once connected). */
  webhooks: z.number().int(),
});
export type DemoStore = z.infer<typeof demoStoreSchema>;

/** The demo consent page's answer: the five handshake parameters as the URL carried them, and the choice. */
export const demoAuthorizeInputSchema = z.object({
  app_name: z.string().max(200).optional(),
  scope: z.string().max(50).optional(),
  user_id: z.string().max(200).optional(),
  return_url: z.string().max(2000).optional(),
  callback_url: z.string().max(2000).optional(),
  decision: z.enum(['approve', 'deny'], { error: 'Elige aprobar o denegar.' }),
});
export const demoAuthorizeResponseSchema = z.object({ redirect: z.string() });

// ---------------------------------------------------------------- installs by OAuth (Shopify) and pasted tokens

/** The platforms installed by an authorization code grant (their folder's StorePlatform has `oauth`). */
export const oauthPlatformParamsSchema = z.object({ platform: z.enum(['shopify', 'tiendanube'], { error: 'La plataforma debe ser shopify o tiendanube.' }) });
export const storeAuthorizeInputSchema = z.object({
  /** Shopify: the shop's .myshopify.com domain (not needed for a demo store). */
  shop: z.string().trim().max(120, { error: 'El dominio de la tienda es demasiado largo.' }).optional(),
  /** The platform's demo store (simulated, nothing is sold). */
  sandbox: z.boolean().default(false),
});
export const storeAuthorizeResponseSchema = z.object({ url_auth: z.string() });
export const storeCallbackQuerySchema = z.record(z.string().max(40), z.string().max(2000));

/** A Shopify custom app created in the merchant's own admin: its Admin API token and API secret key. */
export const shopifyTokenInputSchema = z.object({
  shop: z.string().trim().min(1, { error: 'Escribe el dominio .myshopify.com de tu tienda.' }).max(120),
  access_token: z
    .string()
    .trim()
    .regex(/^shp(at|ca|ss)_[A-Za-z0-9]{16,120}$/, { error: 'El token de la API de administración empieza con shpat_ (cópialo completo).' }),
  api_secret: z.string().trim().min(16, { error: 'La clave secreta de la API es más larga (cópiala completa).' }).max(200),
});
export type ShopifyTokenInput = z.input<typeof shopifyTokenInputSchema>;

/** The Shopify demo store's consent page: the authorize parameters as the URL carried them, and the choice. */
export const demoOAuthAuthorizeInputSchema = z.object({
  client_id: z.string().max(200).optional(),
  scope: z.string().max(500).optional(),
  redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(300).optional(),
  decision: z.enum(['approve', 'deny'], { error: 'Elige aprobar o denegar.' }),
});

export const integrationErrorCodes = {
  notFound: 'integrations.not_found',
  orderNotFound: 'integrations.order_not_found',
  httpsRequired: 'integrations.https_required',
  storeUnreachable: 'integrations.store_unreachable',
  handshakeInvalid: 'integrations.handshake_invalid',
  handshakeUsed: 'integrations.handshake_used',
  handshakeExpired: 'integrations.handshake_expired',
  badSignature: 'integrations.bad_signature',
  accessDenied: 'integrations.access_denied',
  appNotConfigured: 'integrations.app_not_configured',
  tokenRefused: 'integrations.token_refused',
  ruleInvalid: 'integrations.rule_invalid',
} as const;

/** What /integrations says when an install by authorization (Shopify, Tiendanube) comes back: ?tienda=… */
export const installReturnMessages = {
  conectada: { ok: true, title: 'Tienda conectada', text: 'Tu tienda quedó conectada. En unos segundos verás sus pedidos en Mis Envíos › E-Commerce.' },
  rechazada: { ok: false, title: 'No se conectó la tienda', text: 'La instalación fue rechazada en tu tienda. Puedes intentarlo de nuevo cuando quieras.' },
  invalida: {
    ok: false,
    title: 'No se conectó la tienda',
    text: 'La autorización no era válida o ya se había usado (vence en una hora). Vuelve a empezar desde aquí.',
  },
  error: { ok: false, title: 'No se conectó la tienda', text: 'La tienda no nos entregó el acceso. Inténtalo de nuevo en unos minutos.' },
} as const;

/** What /integrations says when the seller comes back from the store's consent page. */
export const handshakeReturnMessages = {
  approved: 'Tu tienda quedó conectada. En unos segundos verás sus pedidos en Mis Envíos › E-Commerce.',
  denied: 'No se conectó la tienda: la autorización fue rechazada en tu tienda. Puedes intentarlo de nuevo cuando quieras.',
} as const;
