import { EVENT_TYPES, eventDataSchemas, eventExamples, eventTypeDescriptions, eventTypeLabels } from '@envios/contracts/events';
import { SIGNATURE_HEADER, SIGNATURE_RECIPE_NODE } from '@envios/contracts/developers';

/*
 * The OpenAPI document as a developer reads it: the operations an integration uses, grouped by
 * task in the order of a purchase (cotizar → crear → pagar → etiquetas → rastrear → webhooks),
 * each with a description and an example; the events with theirs. Every other operation keeps its
 * module's tag and summary. The examples are valid requests (openapi.test.ts parses each one with
 * the route's own contract).
 */

export interface ApiTask {
  name: string;
  description: string;
}

export const API_TASKS: readonly ApiTask[] = [
  {
    name: 'cotizar',
    description:
      'Precio y entrega de cada paquetería para un origen, un destino y sus paquetes. Con tu llave de API o tu sesión, el precio lleva tu margen y tu sobrepeso pendiente.',
  },
  {
    name: 'crear',
    description:
      'Crea los envíos con el servicio y el precio cotizados (una guía por envío) y consúltalos. Manda `Idempotency-Key` para que un reintento no cree dos veces.',
  },
  {
    name: 'pagar',
    description:
      'Paga envíos con el monedero (al instante) o con PayPal; abona al monedero. Toda llamada que cobra acepta `Idempotency-Key`: la misma clave con el mismo cuerpo responde lo mismo ' +
      '(cabecera `Idempotent-Replayed: true`) durante 24 h y cobra una sola vez; con otro cuerpo responde 422.',
  },
  {
    name: 'etiquetas',
    description: 'Tras el pago la guía se emite en segundos (evento `guide.issued`); entonces su etiqueta PDF se descarga con tu llave.',
  },
  {
    name: 'rastrear',
    description: 'El estado de una guía y sus eventos. Para no consultar a cada rato, suscríbete a `tracking.updated`.',
  },
  {
    name: 'webhooks',
    description: [
      'Avisos firmados a tu servidor (se administran con tu sesión en «Desarrolladores»). Cada entrega es un POST JSON `{ id, type, created, data }` con las cabeceras',
      `\`${SIGNATURE_HEADER}: t=<unix>,v1=<hex HMAC-SHA256 de "t.cuerpo">\`, \`X-Envios-Event-Id\` y \`X-Envios-Event-Type\`. Responde 2xx; si no, reintentamos con esperas`,
      'crecientes durante 3 días y luego pausamos el destino y te escribimos. Un evento puede llegar dos veces: descarta el `id` que ya procesaste.',
      '',
      '| evento | cuándo |',
      '|---|---|',
      ...EVENT_TYPES.map((t) => `| \`${t}\` | ${eventTypeLabels[t]}: ${eventTypeDescriptions[t]} |`),
      '',
      'Verificar la firma en Node:',
      '',
      '```js',
      SIGNATURE_RECIPE_NODE,
      '```',
      '',
      'El esquema y un ejemplo de cada evento están en los componentes `Evento.<tipo>`.',
    ].join('\n'),
  },
];

export interface DocumentedOperation {
  task: string;
  description: string;
  /** A valid request body (checked against the route's contract by the test). */
  requestExample?: unknown;
  responseExample?: { status: number; value: unknown };
}

const exampleShipment = '0b6f3c1e-6a52-4c1b-9a3e-2f7d5e8c1a90';
const exampleService = '3f9a1c2e-7b4d-4e8f-9a0b-1c2d3e4f5a6b';
const origin = {
  full_name: 'Ana López',
  email: 'ana@mi-tienda.mx',
  phone: '3312345678',
  address: 'Av. Juárez',
  number: '123',
  colony: 'Guadalajara Centro',
  postal_code: '44100',
  city: 'Jalisco, Guadalajara',
  state_code: 'JAL',
  country_code: 'MX',
};
const destination = {
  full_name: 'Bruno Díaz',
  email: 'bruno@correo.mx',
  phone: '5512345678',
  address: 'Calle Roma',
  number: '45',
  colony: 'Juárez',
  postal_code: '06600',
  city: 'Ciudad de México, Cuauhtémoc',
  state_code: 'CDMX',
  country_code: 'MX',
  state_short: 'CDMX',
};
const parcel = { depth: 15, width: 30, height: 20, weight: 3 };
const shipmentBody = {
  selected_service: { service_id: exampleService, net_total_amount: 189.5 },
  shipment_type: 'box',
  parcels: [parcel],
  cantidadGuias: 1,
  origin_direction: origin,
  destination_direction: destination,
  description_of_the_content: 'Ropa',
};

/** `METHOD /path` (Fastify's form, `:id`) → what the document says about it. */
export const DOCUMENTED_OPERATIONS: Readonly<Record<string, DocumentedOperation>> = {
  'POST /api/v1/quoting': {
    task: 'cotizar',
    description:
      'Cotiza un envío: manda origen y destino (código postal, ciudad y colonia), los paquetes en cm y kg y cuántas guías. Responde las opciones de la más barata a la más cara; ' +
      'guarda `service_id` y `net_total_amount` de la elegida para crear el envío. Un sobre (`document`) solo necesita su peso.',
    requestExample: {
      origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
      destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Cuauhtémoc', suburb: 'Juárez', state_short: 'CDMX' },
      parcels: [parcel],
      package_type: 'box',
      cantidadGuias: 1,
    },
  },
  'POST /api/v1/shipments': {
    task: 'crear',
    description:
      'Crea los envíos de una compra (uno por guía) con el servicio y el precio de la cotización; si el precio cambió responde 409 y hay que cotizar de nuevo. ' +
      'Con `Idempotency-Key`, repetir la llamada en 24 h responde los mismos envíos (200 y `Idempotent-Replayed: true`) en vez de crearlos otra vez.',
    requestExample: shipmentBody,
    responseExample: { status: 201, value: { _id: exampleShipment, shipments: [{ _id: exampleShipment, numberOfOrder: 10452, total: 189.5, paid: false }] } },
  },
  'POST /api/v1/shipments/home/all': {
    task: 'crear',
    description:
      'Crea hasta 100 compras en una sola transacción (todas o ninguna), con las mismas reglas y la misma `Idempotency-Key` que POST /api/v1/shipments.',
    requestExample: { shipments: [shipmentBody] },
  },
  'GET /api/v1/shipments/:id': {
    task: 'crear',
    description: 'Un envío tuyo: direcciones, paquetes, precio, si está pagado, su número de guía y el último estado de rastreo.',
  },
  'POST /api/v1/payments/many/monedero': {
    task: 'pagar',
    description:
      'Paga uno o varios envíos con el saldo del monedero, al instante y en una transacción: si falta saldo responde 409 y no cobra nada. Las guías se emiten después ' +
      '(evento `guide.issued`). Manda `Idempotency-Key`: si se corta la red, repite la llamada con la misma clave y se cobra una sola vez. Una llave de pruebas no paga con el monedero.',
    requestExample: { shipments: [exampleShipment] },
    responseExample: { status: 200, value: { message: 'ok', error: null, payment_id: '5d2e7a14-8f0b-4f6e-b3a1-93c4d7e2f610', amount: 189.5, balance: 810.5 } },
  },
  'POST /api/v1/payments/many/paypal': {
    task: 'pagar',
    description:
      'Abre un pago con PayPal por uno o varios envíos y responde el enlace de aprobación para tu cliente; el pago se confirma al capturarse (evento `payment.confirmed`).',
    requestExample: { shipments: [exampleShipment] },
  },
  'POST /api/v1/prepaid': {
    task: 'pagar',
    description: 'Abre un abono al monedero por `amount` pesos (queda pendiente hasta pagarlo con PayPal u OXXO; al pagarse llega `wallet.credited`).',
    requestExample: { amount: 1000 },
  },
  'GET /api/v1/status/guide/:id': {
    task: 'etiquetas',
    description: 'Si la guía del envío ya se emitió: `number_guide` es null mientras tanto. Mejor que consultar: el evento `guide.issued`.',
    responseExample: { status: 200, value: { number_guide: '4012345678', messge: 'Guía generada' } },
  },
  'GET /api/v1/shipments/:id/label': {
    task: 'etiquetas',
    description:
      'La etiqueta PDF (4 × 6 in) de un envío pagado con guía emitida; `?download=1` la pide como archivo. El enlace `label_url` de `guide.issued` apunta aquí.',
  },
  'POST /api/v1/tracking': {
    task: 'rastrear',
    description:
      'El estado de una guía (de cualquier paquetería) con sus eventos, del más reciente al más antiguo. Si la última consulta tiene más de 10 minutos, pregunta a la paquetería.',
    requestExample: { guide_number: '4012345678' },
  },
  'GET /api/v1/developers/webhooks': {
    task: 'webhooks',
    description: 'Tus destinos de webhooks con sus eventos y si están en pausa (y por qué). Solo con sesión.',
  },
  'POST /api/v1/developers/webhooks': {
    task: 'webhooks',
    description: 'Agrega un destino https público y los eventos que recibe; responde el secreto con que se firma cada entrega. Solo con sesión.',
    requestExample: { url: 'https://erp.mi-tienda.mx/avisos/envios', description: 'ERP de la bodega', events: ['guide.issued', 'tracking.updated'] },
  },
  'POST /api/v1/developers/webhooks/:id/test': {
    task: 'webhooks',
    description: '«Enviar prueba»: manda ahora un evento `webhook.test` firmado a este destino y responde cómo contestó tu servidor. Solo con sesión.',
  },
  'GET /api/v1/developers/webhooks/:id/deliveries': {
    task: 'webhooks',
    description: 'El registro de entregas: estado, intentos, código y tiempo de la respuesta, el cuerpo enviado y el próximo intento. Solo con sesión.',
  },
  'POST /api/v1/developers/webhooks/:id/deliveries/:deliveryId/resend': {
    task: 'webhooks',
    description: '«Reenviar»: el mismo evento (mismo `id`) otra vez, con 3 días de reintentos si falla. Solo con sesión.',
  },
};

/** `Evento.<tipo>` components: the envelope of each event with its data schema and an example. */
export function eventComponents(toJsonSchema: (schema: (typeof eventDataSchemas)[keyof typeof eventDataSchemas]) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const type of EVENT_TYPES) {
    out[`Evento.${type}`] = {
      type: 'object',
      description: `${eventTypeLabels[type]}: ${eventTypeDescriptions[type]}`,
      required: ['id', 'type', 'created', 'data'],
      properties: {
        id: { type: 'string', format: 'uuid', description: 'Único por evento: descarta uno que ya procesaste.' },
        type: { type: 'string', enum: [type] },
        created: { type: 'string', format: 'date-time' },
        data: toJsonSchema(eventDataSchemas[type]),
      },
      example: { id: '9f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f', type, created: '2026-11-30T16:21:04.512Z', data: eventExamples[type] },
    };
  }
  return out;
}
