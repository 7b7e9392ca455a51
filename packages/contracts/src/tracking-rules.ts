import type { CarrierCode } from './carriers.js';
import type { TrackingRoute, TrackingState } from './tracking.js';

/**
 * The tracking rules shared by the API and the web: which route tracks a service and the one
 * headline of a guide (the carrier mapping for real carrier events, 'Guía creada' before any).
 */

/** The tracking view's type: dhlApi is shown as dhl. */
export type TrackingType = 'dhl' | 'redpack' | 'fedex' | 'ampm' | 'estafeta';

/** The DHL services tracked through the dhlApi route. */
export const DHL_API_SERVICES = ['SAMEDAY SPRINTLINE', 'DOMESTICO ENVIO RETORNO', 'ECONOMY SELECT DOMESTIC', 'EXPRESS DOMESTIC FLAT'] as const;

/**
 * The headline texts of the spec's mapping, with their spelling corrected ('Envío entregado',
 * 'En recolección'). Every screen and message reads the one headline the API answers.
 */
export const trackingHeadlines = {
  dhlDelivered: 'Envío entregado',
  dhlPickedUp: 'Envío Recolectado',
  inTransit: 'Envío en tránsito',
  fedexAwaitingPickup: 'En recolección',
  /** A guide the carrier has reported nothing about yet, on every route. */
  created: 'Guía creada',
} as const;

/** Shown beside 'Guía creada' while the carrier has reported no event. */
export const NO_EVENTS_TEXT = 'Sin movimientos';

/** The DHL event descriptions the spec's DHL mapping names. */
export const dhlEventTexts = {
  delivered: 'Envio entregado al destinatario',
  pickedUp: 'El envío fue recolectado.',
} as const;

/** FedEx codes whose description becomes the headline. */
const FEDEX_HEADLINE_CODES = new Set(['IN', 'DL']);

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toUpperCase();

export function routeForService(carrierCode: CarrierCode, serviceName: string | null): TrackingRoute {
  if (carrierCode !== 'dhl') return carrierCode;
  const name = serviceName ? normalize(serviceName) : '';
  return (DHL_API_SERVICES as readonly string[]).includes(name) ? 'dhlApi' : 'dhl';
}

export function typeForRoute(route: TrackingRoute): TrackingType {
  return route === 'dhlApi' ? 'dhl' : route;
}

/** One event as the headline rules read it. */
export interface HeadlineEvent {
  /** The carrier's text. */
  status: string;
  state: TrackingState;
  /** The carrier's raw code (FedEx: the derived status code, e.g. IN, PU, IT, DL). */
  code?: string;
}

/**
 * The one headline of a guide, from its carrier events oldest first: the modal, the public
 * tracking page, Mis Envíos and the e-mails all show it.
 * - No carrier event yet (just issued, or the carrier does not know the guide yet): 'Guía
 *   creada' on every route. The spec's status rules only read real events.
 * - dhl / dhlApi: the latest event "Envio entregado al destinatario" → "Envío entregado"; "El
 *   envío fue recolectado." → "Envío Recolectado"; otherwise "Envío en tránsito". The live MyDHL
 *   API describes events in its own words, so its delivered (OK, PD, DD) and picked-up (PU)
 *   states count as those two texts.
 * - fedex: the last event's text when its code is IN or DL, otherwise "En recolección".
 * - ampm / estafeta / redpack: the last event's text.
 */
export function headlineFor(route: TrackingRoute, events: readonly HeadlineEvent[]): string {
  const last = events.at(-1);
  if (!last) return trackingHeadlines.created;
  switch (route) {
    case 'dhl':
    case 'dhlApi': {
      const text = normalize(last.status);
      if (text === normalize(dhlEventTexts.delivered) || last.state === 'delivered') return trackingHeadlines.dhlDelivered;
      if (text === normalize(dhlEventTexts.pickedUp) || last.state === 'picked_up') return trackingHeadlines.dhlPickedUp;
      return trackingHeadlines.inTransit;
    }
    case 'fedex':
      return FEDEX_HEADLINE_CODES.has(normalize(last.code ?? '')) && last.status.trim() ? last.status : trackingHeadlines.fedexAwaitingPickup;
    case 'estafeta':
    case 'ampm':
    case 'redpack':
      return last.status.trim() ? last.status : trackingHeadlines.created;
  }
}

export interface EventDateGroup<T> {
  /** YYYY-MM-DD (formatted in Spanish by the web). */
  date: string;
  events: T[];
}

/**
 * The modal's tables: events grouped by their date, groups and events in the order
 * given (the API answers newest first); each date appears once even when its events are not
 * adjacent.
 */
export function groupEventsByDate<T extends { date: string }>(events: readonly T[]): EventDateGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const e of events) {
    const list = groups.get(e.date);
    if (list) list.push(e);
    else groups.set(e.date, [e]);
  }
  return [...groups].map(([date, list]) => ({ date, events: list }));
}
