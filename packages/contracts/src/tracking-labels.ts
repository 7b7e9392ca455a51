/**
 * Tracking's words: the status vocabulary, its Spanish labels, the routes and the guide's length.
 * Zod-free: the public tracking page imports this without the validation library (tracking.ts
 * re-exports it with the API's schemas).
 */

/** Every carrier status maps to one of these. */
export const TRACKING_STATES = [
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'on_hold',
  'return_to_sender',
  'cancelled',
  'unknown',
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

/** Our Spanish label of each state (timelines, e-mails); the spec's headline texts are separate (tracking-rules). */
export const trackingStateLabels: Readonly<Record<TrackingState, string>> = {
  pending: 'Guía creada',
  picked_up: 'Recolectado',
  in_transit: 'En tránsito',
  out_for_delivery: 'En reparto',
  delivered: 'Entregado',
  delivery_failed: 'Intento de entrega fallido',
  on_hold: 'Retenido',
  return_to_sender: 'En devolución al remitente',
  cancelled: 'Cancelado',
  unknown: 'Sin información',
};

/** `POST /api/v1/tracking/{route}`; dhlApi serves the DHL services tracked through DHL's own API. */
export const TRACKING_ROUTES = ['dhl', 'dhlApi', 'redpack', 'fedex', 'ampm', 'estafeta'] as const;
export type TrackingRoute = (typeof TRACKING_ROUTES)[number];

/** A guide shorter than 7 characters is refused. */
export const GUIDE_NUMBER_MIN = 7;
export const GUIDE_NUMBER_MAX = 40;

export const trackingMessages = {
  notFound: (guide: string) => `El N° de guía ${guide} no ha sido localizado.`,
  loading: 'Cargando...',
  modalTitle: 'Resultado del Envío',
} as const;
