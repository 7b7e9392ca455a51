import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REGIMEN_FISCAL_KEYS } from '@envios/contracts/sat/catalogs';

/**
 * The only reader of process.env (lint forbids it elsewhere). Parsed once at start; a bad value
 * stops the start with a message naming the variable.
 */
const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'debe empezar con postgres://' })
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_URL: z.url({ error: 'debe ser una URL completa, por ejemplo http://localhost:3000' }).default('http://localhost:3000'),
  ADMIN_EMAIL: optional.pipe(z.email({ error: 'debe ser un correo válido' }).optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(4).max(128).optional()),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'debe empezar con smtp:// o smtps://' })
      .optional(),
  ),
  MAIL_FROM: z.string().default('Envíos MX <no-responder@envios.mx>'),
  SECRET_KEY: optional.pipe(z.string().min(32, { error: 'debe tener al menos 32 caracteres' }).optional()),
  /** Unset: the demonstration number below, shown as such on every screen. */
  SUPPORT_PHONE: optional.pipe(
    z
      .string()
      .regex(/^\+?[\d\s().-]{7,20}$/, { error: 'debe ser un número de teléfono (dígitos, espacios o guiones)' })
      .optional(),
  ),
  WHATSAPP_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\d{10,15}$/, { error: 'debe tener solo dígitos (10 a 15), con lada de país' })
      .optional(),
  ),
  /** Support hours as people read them; the default is the product's published schedule. */
  SUPPORT_HOURS: z.string().trim().min(1).max(120).default('de 9:00 a 18:00, de lunes a viernes'),
  /** Where contact-form messages are sent; unset: to every active admin. Also the privacy contact. */
  SUPPORT_EMAIL: optional.pipe(z.email({ error: 'debe ser un correo válido' }).optional()),
  /** The company behind the site, as the legal pages name it. Unset facts are shown as pending, never invented. */
  COMPANY_NAME: z.string().trim().min(1).max(80).default('Envíos MX'),
  COMPANY_LEGAL_NAME: optional.pipe(z.string().max(160).optional()),
  COMPANY_ADDRESS: optional.pipe(z.string().max(300).optional()),
  COMPANY_RFC: optional.pipe(
    z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/, { error: 'debe ser un RFC válido (12 o 13 caracteres)' }))
      .optional(),
  ),
  /** When the terms of service were last updated (YYYY-MM-DD); the terms page shows it. */
  TERMS_DATE: optional.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'debe ser una fecha AAAA-MM-DD' })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
        error: 'debe ser una fecha válida AAAA-MM-DD',
      })
      .optional(),
  ),
  /** Our company as CFDI issuer: régimen fiscal (c_RegimenFiscal) and código postal de expedición (the RFC and razón social are COMPANY_RFC and COMPANY_LEGAL_NAME). */
  COMPANY_TAX_SYSTEM: optional.pipe(
    z.enum(REGIMEN_FISCAL_KEYS, { error: 'debe ser una clave del catálogo c_RegimenFiscal del SAT (601, 612, 626…)' }).optional(),
  ),
  COMPANY_TAX_ZIP: optional.pipe(
    z
      .string()
      .regex(/^\d{5}$/, { error: 'debe ser un código postal de 5 dígitos' })
      .optional(),
  ),
  /** Facturapi (CFDI 4.0 stamping); unset: the offline sandbox issues test invoices «sin validez fiscal». */
  FACTURAPI_KEY: optional.pipe(
    z
      .string()
      .regex(/^sk_(test|live)_\w+$/, { error: 'debe ser una llave secreta de Facturapi (sk_test_… o sk_live_…)' })
      .optional(),
  ),
  /** Overrides Facturapi's API base (tests point it at a local fake). */
  FACTURAPI_API_URL: optional.pipe(z.url().optional()),
  /** Calls per second to the stamping service from each process (Facturapi does not publish its limits). */
  FACTURAPI_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(100).default(30),
  /** c_ClaveProdServ and c_ClaveUnidad of our concepts (the accountant confirms them), and the invoices' series. */
  INVOICE_PRODUCT_KEY: z
    .string()
    .regex(/^\d{8}$/, { error: 'debe ser una clave de producto o servicio del SAT de 8 dígitos' })
    .default('78102200'),
  INVOICE_UNIT_KEY: z
    .string()
    .regex(/^[A-Z0-9]{2,3}$/, { error: 'debe ser una clave de unidad del SAT (E48…)' })
    .default('E48'),
  INVOICE_SERIES: z
    .string()
    .regex(/^[A-Za-z0-9]{1,25}$/, { error: 'debe tener de 1 a 25 letras o dígitos' })
    .default('ENV'),
  /** c_FormaPago of PayPal payments (31 intermediario de pagos, or the card's 04/28: the accountant decides) and of cards through PayPal. */
  INVOICE_PAYPAL_PAYMENT_FORM: z.enum(['31', '04', '28', '06', '03'], { error: 'debe ser 31, 04, 28, 06 o 03 (c_FormaPago)' }).default('31'),
  INVOICE_CARD_PAYMENT_FORM: z.enum(['04', '28', '31'], { error: 'debe ser 04 (crédito), 28 (débito) o 31 (c_FormaPago)' }).default('04'),
  /** Comma-separated https addresses of the company's social profiles (Facebook, Instagram, X, TikTok, YouTube, LinkedIn…). */
  SOCIAL_LINKS: optional.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https$/, error: 'cada enlace debe ser una dirección https:// completa' })).max(8))
      .optional(),
  ),
  /** Contact-form messages accepted per client address per hour. */
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Answers at least this big are compressed (br or gzip) when the client accepts it; 0 turns compression off. */
  COMPRESSION_MIN_BYTES: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /** WhatsApp Cloud API (Meta) for account notices; unset: notices go to the outbox. */
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_API_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional.pipe(z.string().regex(/^\d+$/, { error: 'debe tener solo dígitos' }).optional()),
  /** Approved template for the account-approved notice (one body parameter: the first name). */
  WHATSAPP_APPROVAL_TEMPLATE: optional,
  /** How often the background worker looks for due jobs, in milliseconds. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  HOW_IT_WORKS_VIDEO_ID: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{11}$/, { error: 'debe ser el id de 11 caracteres de un video de YouTube' })
      .optional(),
  ),
  CHAT_WIDGET_SRC: optional.pipe(z.url().optional()),
  META_PIXEL_ID: optional.pipe(z.string().regex(/^\d+$/).optional()),
  /** Number of proxies in front of the server (X-Forwarded-For hops to trust); 0 = none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Bearer token that `GET /metrics` requires; unset: the metrics are public (keep the port private then). */
  METRICS_TOKEN: optional.pipe(z.string().min(16, { error: 'debe tener al menos 16 caracteres' }).optional()),
  /** Worker processes `npm start` runs on one port (Node's cluster); more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** How long a stopping process waits for requests in flight and running jobs before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(25_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How often each process checks for a newly imported postal-code catalogue; 0 never checks. */
  POSTAL_CODES_REFRESH_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  WEB_DIST_DIR: optional,
  /** How often each process checks for carrier catalogue changes made by another process; 0 never checks. */
  TARIFFS_REFRESH_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Per-carrier time limit of a quote's rating call; a slower carrier is reported unavailable. */
  CARRIER_RATE_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(4_000),
  /** Answers kept in memory while what they were read from stands (shared/kept-answers.ts); `off` keeps none (tests, benches). */
  ANSWER_CACHE: z.enum(['on', 'off'], { error: 'debe ser on u off' }).default('on'),
  /** How long a process trusts a session it looked up (sign-out and admin changes in this process apply at once). 0: never. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Quotes that ask a live carrier API (paid calls) per visitor address or account per minute. */
  LIVE_QUOTES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Requests a second each API key may make, and how many in a row (its token bucket); past them, 429 with Retry-After. */
  API_KEY_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1_000_000).default(10),
  API_KEY_BURST: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Tests only (browser tests, benches): local https receivers (`127.0.0.1:PORT`, comma separated)
   * the outbound client may reach, trusting the repository's test certificate. Refused in production.
   */
  TEST_OUTBOUND_ALLOW: optional.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]):\d{1,5}$/, { error: 'cada entrada debe ser 127.0.0.1:PUERTO o [::1]:PUERTO' })))
      .optional(),
  ),
  /** PayPal Orders v2; unset: the offline sandbox provider with its local approval page. */
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_SECRET: optional,
  PAYPAL_ENV: z.enum(['sandbox', 'live'], { error: 'debe ser sandbox o live' }).default('sandbox'),
  /** Overrides the PayPal API base (tests point it at a local fake). */
  PAYPAL_API_URL: optional.pipe(z.url().optional()),
  /** Offer card payments through PayPal (guest checkout) as their own choice. */
  PAYPAL_CARD: z
    .enum(['true', 'false'], { error: 'debe ser true o false' })
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Sandbox payments (no real money) where a provider has no keys: on by default in development,
   * off in production (NODE_ENV=production or an https APP_URL) unless set to 1.
   */
  PAYMENTS_SANDBOX: optional.pipe(z.enum(['0', '1', 'true', 'false'], { error: 'debe ser 1 o 0' }).optional()),
  /** Inventory guides one user's unpaid payment attempts may hold at once. */
  GUIDE_HOLDS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Conekta (OXXO cash); unset: the offline sandbox, whose references an admin marks paid. */
  CONEKTA_API_KEY: optional,
  /** PEM public key of the Conekta webhook key; required with CONEKTA_API_KEY. */
  CONEKTA_WEBHOOK_KEY: optional,
  CONEKTA_API_URL: z.url().default('https://api.conekta.io'),
  /** DHL Express MyDHL API (rates); unset: DHL is priced from our tariffs. */
  DHL_API_URL: z.url().default('https://express.api.dhl.com/mydhlapi'),
  DHL_API_KEY: optional,
  DHL_API_SECRET: optional,
  DHL_ACCOUNT_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\w{1,12}$/, { error: 'debe tener hasta 12 letras o dígitos' })
      .optional(),
  ),
  /** FedEx REST APIs (OAuth + rate quotes); unset: FedEx is priced from our tariffs. */
  FEDEX_API_URL: z.url().default('https://apis.fedex.com'),
  FEDEX_CLIENT_ID: optional,
  SHOPIFY_API_KEY: optional,
  SHOPIFY_API_SECRET: optional,
  TIENDANUBE_APP_ID: optional,
  TIENDANUBE_CLIENT_SECRET: optional,
  FEDEX_CLIENT_SECRET: optional,
  FEDEX_ACCOUNT_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\d{5,12}$/, { error: 'debe tener solo dígitos' })
      .optional(),
  ),
});

export type RawEnv = z.infer<typeof envSchema>;

/** The configuration once the secret key is known (see `withSecretKey`). */
export interface Config extends Omit<RawEnv, 'SECRET_KEY'> {
  SECRET_KEY: string;
  dataDir: string;
  /** The folder where the command was typed (npm keeps it in INIT_CWD): relative paths start there. */
  callerDir: string;
}

/** The configuration at start, before the database says which secret key it works with. */
export type StartConfig = Omit<Config, 'SECRET_KEY'> & { SECRET_KEY: string | undefined };

/** Where a key generated by an earlier version was kept; adopted once into the database. */
export function legacySecretKeyFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'secret.key');
}

export function withSecretKey(config: StartConfig, secret: string): Config {
  return { ...config, SECRET_KEY: secret };
}

/** Production: NODE_ENV=production or an https APP_URL (real customers may be reached). */
export function isProduction(config: Pick<RawEnv, 'NODE_ENV' | 'APP_URL'>): boolean {
  return config.NODE_ENV === 'production' || config.APP_URL.startsWith('https://');
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): RawEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = result.data;
  if (Boolean(env.WHATSAPP_API_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID)) {
    throw new ConfigError(['WHATSAPP_API_TOKEN y WHATSAPP_PHONE_NUMBER_ID: se definen juntos o ninguno']);
  }
  for (const group of [
    ['PAYPAL_CLIENT_ID', 'PAYPAL_SECRET'],
    ['CONEKTA_API_KEY', 'CONEKTA_WEBHOOK_KEY'],
    ['DHL_API_KEY', 'DHL_API_SECRET', 'DHL_ACCOUNT_NUMBER'],
    ['FEDEX_CLIENT_ID', 'FEDEX_CLIENT_SECRET', 'FEDEX_ACCOUNT_NUMBER'],
    ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET'],
    ['TIENDANUBE_APP_ID', 'TIENDANUBE_CLIENT_SECRET'],
  ] as const) {
    const set = group.filter((name) => env[name] !== undefined);
    if (set.length > 0 && set.length < group.length) {
      throw new ConfigError([`${group.join(', ')}: se definen juntos o ninguno`]);
    }
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new ConfigError([
      `WEB_CONCURRENCY: ${env.WEB_CONCURRENCY} procesos necesitan PostgreSQL (DATABASE_URL). La base embebida (PGlite) pertenece a un solo proceso; ` +
        'usa WEB_CONCURRENCY=1, o pasa tus datos a PostgreSQL con npm run db:move -- --to postgres://… y define DATABASE_URL.',
    ]);
  }
  if (env.TEST_OUTBOUND_ALLOW && (env.NODE_ENV === 'production' || env.APP_URL.startsWith('https://'))) {
    throw new ConfigError(['TEST_OUTBOUND_ALLOW: es solo para pruebas locales; en producción (NODE_ENV=production o APP_URL https) no se admite']);
  }
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    throw new ConfigError(['ADMIN_PASSWORD: es obligatorio cuando ADMIN_EMAIL está definido']);
  }
  return env;
}

/**
 * Resolves DATA_DIR. The secret key, unless SECRET_KEY gives it, comes from the database once it
 * is open (`resolveSecretKey`), so that every process on one database shares it.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): StartConfig {
  const env = parseEnv(source);
  // A relative DATA_DIR means the folder where the command was typed: `npm run … -w @envios/api`
  // runs in apps/api, but npm keeps the caller's folder in INIT_CWD.
  const callerDir = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(callerDir, env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return { ...env, SECRET_KEY: env.SECRET_KEY, dataDir, callerDir };
}

/**
 * The embedded database's configuration whatever DATABASE_URL says (where the server runs now):
 * the move to PostgreSQL reads DATA_DIR, and one process does it.
 */
export function loadEmbeddedConfig(source: Record<string, string | undefined> = process.env): StartConfig {
  return loadConfig({ ...source, DATABASE_URL: undefined, WEB_CONCURRENCY: undefined });
}
