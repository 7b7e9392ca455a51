import { z } from 'zod';
import { EVENT_TYPES, TEST_EVENT_TYPE } from './events.js';
import { pagedSchema, pageQuerySchema } from './pagination.js';

/**
 * «Desarrolladores» (`/desarrolladores`): API keys that act for the account from another system,
 * and the account's webhook endpoints with their delivery log.
 *
 * A key is `emx_live_…` or `emx_test_…` (43 random characters after the prefix). It is shown once,
 * when created; only its SHA-256 is kept. `Authorization: Bearer <key>` works on every route a
 * signed-in seller can use, except the account's credentials and this page's own calls (keys,
 * webhooks), and never on an administrator's routes, even for an administrator's key.
 */

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const apiKeyScopeLabels: Readonly<Record<ApiKeyScope, string>> = { read: 'Solo lectura', write: 'Lectura y escritura' };
export const apiKeyModeLabels: Readonly<Record<ApiKeyMode, string>> = { live: 'Producción', test: 'Pruebas' };

/** What each kind of key may do, as the page and the documentation say it. */
export const apiKeyScopeRules: Readonly<Record<ApiKeyScope, string>> = {
  read: 'Consulta (cotizar, ver envíos, pagos, saldo, rastreo y descargar etiquetas); cualquier cambio responde 403.',
  write: 'Todo lo que puedes hacer con tu sesión: cotizar, crear y pagar envíos, abonar, descargar etiquetas y pedir recolecciones.',
};
export const apiKeyModeRules: Readonly<Record<ApiKeyMode, string>> = {
  live: 'Mueve dinero real: paga con tu monedero y con los métodos de pago activos.',
  test:
    'No mueve dinero real: solo paga con los métodos que funcionan en modo de pruebas (sandbox) y solo ve y usa los pagos de pruebas. ' +
    'El monedero es saldo real, así que una llave de pruebas no paga con él. Cotizar, crear envíos y consultar funcionan igual.',
};

export const API_KEY_PREFIX = 'emx_';
/** How many characters of a key stay visible to tell it apart (`emx_live_Ab3x`). */
export const API_KEY_VISIBLE = 13;
export const API_KEYS_PER_ACCOUNT = 20;
export const API_KEY_NAME_MAX = 60;

const noControlChars = /^[^\p{Cc}]*$/u;

export const createApiKeySchema = z.object({
  name: z
    .string({ error: 'El nombre es obligatorio.' })
    .trim()
    .min(1, { error: 'El nombre es obligatorio.' })
    .max(API_KEY_NAME_MAX, { error: `El nombre debe tener como máximo ${API_KEY_NAME_MAX} caracteres.` })
    .regex(noControlChars, { error: 'El nombre contiene caracteres no válidos.' }),
  scope: z.enum(API_KEY_SCOPES, { error: 'El alcance debe ser read (solo lectura) o write (lectura y escritura).' }),
  mode: z.enum(API_KEY_MODES, { error: 'El tipo debe ser live (producción) o test (pruebas).' }),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The first characters, to recognise it (`emx_live_Ab3x`). */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  mode: z.enum(API_KEY_MODES),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema), rate_limit: z.object({ per_second: z.number(), burst: z.number() }) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer of the creation: the only time the whole key is shown. */
export const createdApiKeySchema = z.object({ key: z.string(), api_key: apiKeySchema });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'El identificador no es válido.' }) });

// ---------------------------------------------------------------- webhooks

export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 20;
export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 120;
/** A failing delivery is retried with growing waits for this long, then the endpoint is paused. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;
/** The header that carries `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'X-Envios-Signature';
/** A receiver should refuse a signature older than this (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const webhookUrlSchema = z
  .string({ error: 'La URL es obligatoria.' })
  .trim()
  .min(1, { error: 'La URL es obligatoria.' })
  .max(WEBHOOK_URL_MAX, { error: `La URL debe tener como máximo ${WEBHOOK_URL_MAX} caracteres.` })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'La URL no es válida; escríbela completa, como https://mi-sistema.mx/avisos' });
      return;
    }
    if (url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'La URL debe empezar con https://' });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'La URL no puede llevar usuario ni contraseña.' });
    else if (url.hash) ctx.addIssue({ code: 'custom', message: 'La URL no puede llevar #fragmento.' });
  });

const eventListSchema = z
  .array(z.enum(EVENT_TYPES, { error: 'Uno de los eventos no existe.' }))
  .min(1, { error: 'Elige al menos un evento.' })
  .max(EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

const descriptionSchema = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: `La descripción debe tener como máximo ${WEBHOOK_DESCRIPTION_MAX} caracteres.` })
  .regex(noControlChars, { error: 'La descripción contiene caracteres no válidos.' });

export const createWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  description: descriptionSchema.optional().default(''),
  events: eventListSchema,
});
export type CreateWebhookEndpoint = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    description: descriptionSchema.optional(),
    events: eventListSchema.optional(),
    /** true resumes a paused endpoint; false pauses it. */
    active: z.boolean({ error: 'active debe ser true o false.' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Indica qué cambiar.' });
export type UpdateWebhookEndpoint = z.input<typeof updateWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(EVENT_TYPES)),
  active: z.boolean(),
  /** Why it is paused (after 3 days of failures, or by the seller); null while active. */
  paused_reason: z.string().nullable(),
  paused_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The creation answer carries the signing secret too (it can be shown again later). */
export const createdWebhookEndpointSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;
export const webhookSecretSchema = z.object({ secret: z.string() });

export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const deliveryStatusLabels: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'En cola',
  retrying: 'Reintentando',
  delivered: 'Entregado',
  failed: 'Fallido',
};

export const webhookDeliverySchema = z.object({
  _id: z.string(),
  event_id: z.string(),
  event_type: z.union([z.enum(EVENT_TYPES), z.literal(TEST_EVENT_TYPE)]),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status the endpoint answered last (null: no answer, see `error`). */
  response_status: z.number().int().nullable(),
  /** How long the last answer took. */
  response_ms: z.number().int().nullable(),
  /** The start of the last answer's body (at most 2 KB). */
  response_body: z.string().nullable(),
  /** Why the last attempt failed without an answer (timeout, certificate, address refused…). */
  error: z.string().nullable(),
  /** The JSON body sent (the event's envelope). */
  request_body: z.string(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryListQuerySchema = pageQuerySchema;
export const webhookDeliveryPageSchema = pagedSchema(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
export const deliveryParamsSchema = z.object({
  id: z.uuid({ error: 'El identificador no es válido.' }),
  deliveryId: z.uuid({ error: 'El identificador de la entrega no es válido.' }),
});

export const developersErrorCodes = {
  keyLimit: 'developers.key_limit',
  keyNotFound: 'developers.key_not_found',
  readOnlyKey: 'developers.read_only_key',
  sessionOnly: 'developers.session_only',
  testKeyPayment: 'developers.test_key_payment',
  keyRateLimited: 'developers.rate_limited',
  endpointLimit: 'webhooks.endpoint_limit',
  endpointNotFound: 'webhooks.endpoint_not_found',
  deliveryNotFound: 'webhooks.delivery_not_found',
  urlRefused: 'webhooks.url_refused',
  endpointPaused: 'webhooks.endpoint_paused',
} as const;

// ---------------------------------------------------------------- the signature recipe

/**
 * What a receiver checks, in the documented words: split the header into `t` and `v1`, compute
 * HMAC-SHA256 of `${t}.${rawBody}` with the endpoint's secret, compare in constant time, and refuse
 * a `t` older than five minutes. The same text goes to the page and to the OpenAPI document.
 */
export const SIGNATURE_RECIPE_NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: el cuerpo tal como llegó (Buffer o texto), antes de parsear el JSON.
// header: el valor de X-Envios-Signature. secreto: el del destino (whsec_…).
export function verificarFirma(rawBody, header, secreto, ahora = Date.now()) {
  const partes = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(partes.t);
  if (!t || Math.abs(ahora / 1000 - t) > 300) return false; // más de 5 minutos: se rechaza
  const esperada = createHmac('sha256', secreto).update(\`\${t}.\${rawBody}\`).digest();
  const recibida = Buffer.from(partes.v1 ?? '', 'hex');
  return recibida.length === esperada.length && timingSafeEqual(recibida, esperada);
}`;

/**
 * A receiver in a few lines (Node, no dependencies): checks the signature with the recipe above,
 * answers 200 at once, and ignores an event id it already handled (a delivery may come twice).
 */
export const RECEIVER_NODE = `import http from 'node:http';
import { verificarFirma } from './verificar.mjs';

const secreto = process.env.ENVIOS_WEBHOOK_SECRET; // whsec_… (Desarrolladores › Webhooks › Ver secreto)
const vistos = new Set(); // en producción, guárdalos en tu base de datos

// Ponlo detrás de tu servidor https (Envíos MX solo envía a direcciones https públicas).
http.createServer((req, res) => {
  const partes = [];
  req.on('data', (p) => partes.push(p));
  req.on('end', () => {
    const cuerpo = Buffer.concat(partes).toString('utf8');
    if (!verificarFirma(cuerpo, req.headers['x-envios-signature'] ?? '', secreto)) {
      res.writeHead(400).end();
      return;
    }
    const evento = JSON.parse(cuerpo);
    res.writeHead(200).end(); // responde rápido; trabaja después
    if (vistos.has(evento.id)) return; // ya lo procesaste
    vistos.add(evento.id);
    if (evento.type === 'guide.issued') console.log('Guía', evento.data.guide_number, evento.data.label_url);
    if (evento.type === 'tracking.updated') console.log('Rastreo', evento.data.guide_number, evento.data.headline);
  });
}).listen(8080);`;

/**
 * The Spanish quick start as one script (Node 20 or newer): quote, create, pay with the wallet
 * (retried safely with the same Idempotency-Key), wait for the guide and save its label. The
 * browser test runs this very text against the server with a key made on the page.
 */
export const QUICK_START_NODE = `// inicio-rapido.mjs · Node 20 o más nuevo, sin dependencias.
// ENVIOS_URL=https://tu-envios.mx ENVIOS_LLAVE=emx_live_… node inicio-rapido.mjs
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';

const base = \`\${process.env.ENVIOS_URL}/api/v1\`;
const llave = process.env.ENVIOS_LLAVE;

async function api(metodo, ruta, cuerpo, cabeceras = {}) {
  const res = await fetch(base + ruta, {
    method: metodo,
    headers: { authorization: \`Bearer \${llave}\`, 'content-type': 'application/json', ...cabeceras },
    body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
  });
  if (res.status === 429) throw new Error(\`Demasiadas solicitudes: reintenta en \${res.headers.get('retry-after')} s\`);
  const datos = res.headers.get('content-type')?.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(\`\${metodo} \${ruta}: \${res.status} \${datos.message}\`);
  return datos;
}

const origen = {
  full_name: 'Ana López', email: 'ana@mi-tienda.mx', phone: '3312345678', address: 'Av. Juárez', number: '123',
  colony: 'Guadalajara Centro', postal_code: '44100', city: 'Jalisco, Guadalajara', state_code: 'JAL', country_code: 'MX',
};
const destino = {
  full_name: 'Bruno Díaz', email: 'bruno@correo.mx', phone: '5512345678', address: 'Calle Roma', number: '45',
  colony: 'Juárez', postal_code: '06600', city: 'Ciudad de México, Cuauhtémoc', state_code: 'CDMX', country_code: 'MX',
  state_short: 'CDMX',
};
const paquete = { depth: 15, width: 30, height: 20, weight: 3 }; // cm y kg

// 1. Cotizar: las opciones vienen de la más barata a la más cara.
const cotizacion = await api('POST', '/quoting', {
  origin_direction: { country_code: 'MX', postal_code: origen.postal_code, city: 'Guadalajara', suburb: origen.colony },
  destination_direction: { country_code: 'MX', postal_code: destino.postal_code, city: 'Cuauhtémoc', suburb: destino.colony, state_short: 'CDMX' },
  parcels: [paquete],
  package_type: 'box',
  cantidadGuias: 1,
});
const opcion = cotizacion.options[0];
console.log(\`1. \${opcion.carrier} \${opcion.carrier_service_name}: MX$\${opcion.net_total_amount.toFixed(2)}\`);

// 2. Crear el envío con el servicio y el precio cotizados.
const { shipments: [envio] } = await api('POST', '/shipments', {
  selected_service: { service_id: opcion.service_id, net_total_amount: opcion.net_total_amount },
  shipment_type: 'box', parcels: [paquete], cantidadGuias: 1,
  origin_direction: origen, destination_direction: destino, description_of_the_content: 'Ropa',
}, { 'Idempotency-Key': randomUUID() });
console.log(\`2. Envío \${envio._id} creado\`);

// 3. Pagar con el monedero. Repetir la llamada con la misma Idempotency-Key es seguro:
//    responde lo mismo y cobra una sola vez (por ejemplo, si se cortó la red).
const clave = randomUUID();
const pago = await api('POST', '/payments/many/monedero', { shipments: [envio._id] }, { 'Idempotency-Key': clave });
const repetido = await api('POST', '/payments/many/monedero', { shipments: [envio._id] }, { 'Idempotency-Key': clave });
console.log(\`3. Pagado: MX$\${pago.amount.toFixed(2)} (pago \${pago.payment_id}, repetido: \${repetido.payment_id === pago.payment_id})\`);

// 4. La guía se emite en segundos (el webhook guide.issued te avisa); aquí la esperamos.
let guia = null;
for (let i = 0; i < 30 && !guia; i++) {
  guia = (await api('GET', \`/status/guide/\${envio._id}\`)).number_guide;
  if (!guia) await new Promise((r) => setTimeout(r, 1000));
}
if (!guia) throw new Error('La guía aún no se emite; consulta de nuevo en un momento.');
const pdf = await api('GET', \`/shipments/\${envio._id}/label\`);
await writeFile(\`guia-\${guia}.pdf\`, pdf);
console.log(\`4. Guía \${guia}: etiqueta guardada en guia-\${guia}.pdf\`);`;
