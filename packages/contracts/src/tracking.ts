import { z } from 'zod';
import { carrierCodeSchema } from './carriers.js';
import { TRACKING_STATES, TRACKING_ROUTES, GUIDE_NUMBER_MIN, GUIDE_NUMBER_MAX } from './tracking-labels.js';

/**
 * Tracking: one status vocabulary for every
 * carrier, the spec's Spanish headline texts, and the answer of `POST /api/v1/tracking` and
 * `POST /api/v1/tracking/{route}`.
 */

export * from './tracking-labels.js';

export const trackingErrorCodes = {
  notFound: 'tracking.not_found',
  carrierUnavailable: 'tracking.carrier_unavailable',
} as const;

export const trackingInputSchema = z.object({
  guide_number: z
    .string({ error: 'El N° de guía es obligatorio.' })
    .trim()
    .min(1, { error: 'El N° de guía es obligatorio.' })
    .min(GUIDE_NUMBER_MIN, { error: `El N° de guía debe tener al menos ${GUIDE_NUMBER_MIN} caracteres.` })
    .max(GUIDE_NUMBER_MAX, { error: `El N° de guía debe tener como máximo ${GUIDE_NUMBER_MAX} caracteres.` })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'El N° de guía solo lleva letras, dígitos y guiones.' }),
});
export type TrackingInput = z.input<typeof trackingInputSchema>;
export const trackingRouteParamsSchema = z.object({
  route: z.enum(TRACKING_ROUTES, { error: 'La paquetería debe ser dhl, dhlApi, redpack, fedex, ampm o estafeta.' }),
});

/** One event, in the spec's shape (date and time in America/Mexico_City). */
export const trackingEventSchema = z.object({
  /** YYYY-MM-DD, Mexico City. */
  date: z.string(),
  /** HH:mm, Mexico City. */
  time: z.string(),
  /** The carrier's own text (Spanish when the carrier gives Spanish). */
  status: z.string(),
  state: z.enum(TRACKING_STATES),
  location: z.string(),
  /** Piece (package) number when the carrier tracks pieces. */
  package: z.string().nullable(),
  occurred_at: z.iso.datetime(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** The answer ('Resultado del Envío'); a guide we do not know answers 404 with the error shape. */
export const trackingResultSchema = z.object({
  /** 200: found (spec: 404 means not found). */
  status: z.literal(200),
  /** The tracking view's type: dhl, redpack or fedex, or ampm / estafeta. */
  type: z.enum(['dhl', 'redpack', 'fedex', 'ampm', 'estafeta']),
  route: z.enum(TRACKING_ROUTES),
  carrier_code: carrierCodeSchema,
  guide: z.string(),
  /** The latest event's moment, or when the guide was issued. */
  date: z.iso.datetime(),
  /** How many packages the guide carries. */
  package: z.number().int(),
  shipper: z.object({ city: z.string() }),
  consignee: z.object({ city: z.string() }),
  /** Newest first. */
  shipment_event: z.array(trackingEventSchema),
  state: z.enum(TRACKING_STATES),
  /** The headline text: the carrier's status mapped for the route. */
  headline: z.string(),
  service_name: z.string().nullable(),
  /** Sandbox guide: its events are simulated. */
  sandbox: z.boolean(),
  /** The carrier could not be asked just now: these are the last known events. */
  stale: z.boolean(),
  checked_at: z.iso.datetime().nullable(),
  /** Estafeta: its public tracking page for this waybill. */
  carrier_url: z.string().nullable(),
});
export type TrackingResult = z.infer<typeof trackingResultSchema>;
