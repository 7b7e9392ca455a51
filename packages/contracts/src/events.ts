import { z } from 'zod';
import { CARRIER_CODES } from './carrier-names.js';
import { CREDIT_REASONS, PAYMENT_METHODS, PAYMENT_PURPOSES } from './payments.js';
import { TRACKING_STATES } from './tracking.js';

/**
 * The platform's domain events: what changed, written in the same transaction as the change and
 * then handed to subscribers (guides, pickups, mail, store write-back, outgoing webhooks). The
 * same envelope travels to a seller's webhook endpoint: `{ id, type, created, data }`, with `id`
 * unique per event (a receiver deduplicates by it) and `data` as described per type below.
 * Amounts are MXN with two decimals, like the rest of the API.
 */

export const EVENT_TYPES = [
  'shipment.created',
  'payment.confirmed',
  'payment.credited',
  'guide.issued',
  'tracking.updated',
  'overweight.recorded',
  'overweight.resolved',
  'wallet.credited',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The test delivery of «Enviar prueba»: sent to one endpoint only, never published. */
export const TEST_EVENT_TYPE = 'webhook.test' as const;

export const eventTypeLabels: Readonly<Record<EventType, string>> = {
  'shipment.created': 'Envío creado',
  'payment.confirmed': 'Pago confirmado',
  'payment.credited': 'Pago abonado al monedero',
  'guide.issued': 'Guía emitida',
  'tracking.updated': 'Rastreo actualizado',
  'overweight.recorded': 'Sobrepeso registrado',
  'overweight.resolved': 'Aclaración de sobrepeso resuelta',
  'wallet.credited': 'Abono al monedero',
};

export const eventTypeDescriptions: Readonly<Record<EventType, string>> = {
  'shipment.created': 'Se creó un envío (una guía por envío), antes de pagarlo.',
  'payment.confirmed': 'El dinero de un pago llegó y se confirmó una sola vez: los envíos que pagó ya están pagados.',
  'payment.credited': 'Parte de un pago no pudo pagar lo que pedía (el envío cambió, ya estaba pagado, no quedaban guías) y se abonó al monedero.',
  'guide.issued': 'Se emitió el número de guía de un envío pagado; su etiqueta PDF ya se puede descargar.',
  'tracking.updated': 'La paquetería reportó un estado nuevo del envío (recolectado, en tránsito, entregado…).',
  'overweight.recorded': 'Se registró o corrigió el sobrepeso de un envío; dice si ya se cobró del monedero.',
  'overweight.resolved': 'Se resolvió la aclaración de un sobrepeso: aceptada (se cancela y, si se cobró, se devuelve) o rechazada.',
  'wallet.credited': 'Entró dinero al monedero: un abono pagado, un abono del administrador o una devolución.',
};

const money = z.number();
const id = z.string();

export const eventDataSchemas = {
  'shipment.created': z.object({
    shipment_id: id,
    folio: z.number().int(),
    total: money,
    carrier: z.enum(CARRIER_CODES),
    service: z.string(),
    origin_postal_code: z.string(),
    destination_postal_code: z.string(),
  }),
  'payment.confirmed': z.object({
    payment_id: id,
    folio: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    purpose: z.enum(PAYMENT_PURPOSES),
    amount: money,
    sandbox: z.boolean(),
    /** The shipments this payment paid (those it could not pay are in `payment.credited`). */
    shipments: z.array(id),
    /** Earlier shipments whose overweight this payment paid, with the amount of each. */
    overweight_paid: z.array(z.object({ shipment_id: id, amount: money })),
    /** The top-up it paid (purpose `topup`). */
    wallet_entry_id: id.nullable(),
  }),
  'payment.credited': z.object({
    payment_id: id,
    amount: money,
    credits: z.array(z.object({ shipment_id: id.nullable(), amount: money, reason: z.enum(CREDIT_REASONS), description: z.string() })),
  }),
  'guide.issued': z.object({
    shipment_id: id,
    folio: z.number().int(),
    guide_number: z.string(),
    carrier: z.enum(CARRIER_CODES),
    service: z.string(),
    sandbox: z.boolean(),
    /** `GET` with your key: the 4 × 6 in label PDF. */
    label_url: z.string(),
    /** The public tracking page to share with your customer. */
    tracking_url: z.string(),
  }),
  'tracking.updated': z.object({
    shipment_id: id,
    guide_number: z.string(),
    carrier: z.enum(CARRIER_CODES),
    state: z.enum(TRACKING_STATES),
    headline: z.string(),
    last_event: z.object({ description: z.string(), location: z.string(), occurred_at: z.string() }).nullable(),
  }),
  'overweight.recorded': z.object({
    shipment_id: id,
    folio: z.number().int(),
    guide_number: z.string().nullable(),
    overweight_kg: z.number(),
    amount: money,
    /** Taken from the wallet at once; otherwise it joins the next purchase. */
    charged: z.boolean(),
  }),
  'overweight.resolved': z.object({
    shipment_id: id,
    folio: z.number().int(),
    decision: z.enum(['accepted', 'rejected']),
    /** Returned to the wallet (an accepted dispute of an overweight already charged). */
    refunded: money.nullable(),
  }),
  'wallet.credited': z.object({
    entry_id: id,
    amount: money,
    provider: z.string(),
    note: z.string().nullable(),
  }),
} satisfies Record<EventType, z.ZodType>;

export type EventData = { [T in EventType]: z.infer<(typeof eventDataSchemas)[T]> };

/** What a webhook endpoint receives (and what the event log shows). */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  /** ISO 8601 (UTC) of the change's commit. */
  created: string;
  data: EventData[T];
}

const exampleShipment = '0b6f3c1e-6a52-4c1b-9a3e-2f7d5e8c1a90';
const examplePayment = '5d2e7a14-8f0b-4f6e-b3a1-93c4d7e2f610';

/** One example per type, for the documentation (OpenAPI, the developer page). */
export const eventExamples: { [T in EventType]: EventData[T] } = {
  'shipment.created': {
    shipment_id: exampleShipment,
    folio: 10452,
    total: 189.5,
    carrier: 'dhl',
    service: 'EXPRESS DOMESTIC',
    origin_postal_code: '44100',
    destination_postal_code: '06600',
  },
  'payment.confirmed': {
    payment_id: examplePayment,
    folio: 2031,
    method: 'monedero',
    purpose: 'shipments',
    amount: 189.5,
    sandbox: false,
    shipments: [exampleShipment],
    overweight_paid: [],
    wallet_entry_id: null,
  },
  'payment.credited': {
    payment_id: examplePayment,
    amount: 189.5,
    credits: [{ shipment_id: exampleShipment, amount: 189.5, reason: 'already_paid', description: 'MX$189.50: el envío 10452 ya estaba pagado.' }],
  },
  'guide.issued': {
    shipment_id: exampleShipment,
    folio: 10452,
    guide_number: '4012345678',
    carrier: 'dhl',
    service: 'EXPRESS DOMESTIC',
    sandbox: false,
    label_url: `https://envios.example.mx/api/v1/shipments/${exampleShipment}/label`,
    tracking_url: 'https://envios.example.mx/rastreo/4012345678',
  },
  'tracking.updated': {
    shipment_id: exampleShipment,
    guide_number: '4012345678',
    carrier: 'dhl',
    state: 'in_transit',
    headline: 'Envío en tránsito',
    last_event: { description: 'En tránsito hacia el destino', location: 'Guadalajara, JAL', occurred_at: '2026-11-30T16:20:00.000Z' },
  },
  'overweight.recorded': { shipment_id: exampleShipment, folio: 10452, guide_number: '4012345678', overweight_kg: 2, amount: 85.4, charged: true },
  'overweight.resolved': { shipment_id: exampleShipment, folio: 10452, decision: 'accepted', refunded: 85.4 },
  'wallet.credited': { entry_id: 'c1a9e4b2-3d5f-4e6a-8b7c-0d1e2f3a4b5c', amount: 500, provider: 'paypal', note: null },
};
