import type { CarrierCode } from './carriers.js';
import type { TrackingRoute, TrackingState } from './tracking.js';

/**
 * The tracking rules shared by the API and the web (issue 7): which route tracks a service
 * (spec 02 §4 'Service to tracking route'), the headline text of a route (spec 02 §4
 * 'Tracking-status text mapping', word for word, the spec's own spellings kept) and the modal's
 * status (spec 01 §2 'Tracking modal').
 */

/** The tracking view's type (spec 01 §2): dhlApi is shown as dhl. */
export type TrackingType = 'dhl' | 'redpack' | 'fedex' | 'ampm' | 'estafeta';

/** Spec 02 §4: the DHL services tracked through the dhlApi route. */
export const DHL_API_SERVICES = ['SAMEDAY SPRINTLINE', 'DOMESTICO ENVIO RETORNO', 'ECONOMY SELECT DOMESTIC', 'EXPRESS DOMESTIC FLAT'] as const;

/** The spec's headline texts (spec 02 §4), spelled as the spec spells them. */
export const trackingHeadlines = {
  dhlDelivered: 'Envío entrgado',
  dhlPickedUp: 'Envío Recolectado',
  inTransit: 'Envío en tránsito',
  dhlAwaitingPickup: 'En recolección',
  fedexAwaitingPickup: 'En recolecion',
  estafetaCreated: 'Guía creada',
  /** Spec 01 §2: the modal's fixed status for redpack and fedex. */
  modalDelivered: 'ENTREGADO',
} as const;

/** The DHL event descriptions the spec's DHL mapping names. */
export const dhlEventTexts = {
  delivered: 'Envio entregado al destinatario',
  pickedUp: 'El envío fue recolectado.',
} as const;

/** FedEx codes whose description becomes the headline (spec 02 §4). */
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
 * The headline of a guide on a route (spec 02 §4), from its events oldest first.
 * - dhl / dhlApi: the latest event "Envio entregado al destinatario" → "Envío entrgado"; "El
 *   envío fue recolectado." → "Envío Recolectado"; otherwise "Envío en tránsito". The live MyDHL
 *   API describes events in its own words, so its delivered (OK, PD, DD) and picked-up (PU)
 *   states count as those two texts. Not found (404), or dhlApi without events → "En recolección".
 * - ampm / estafeta: the last event's text; without events "Envío en tránsito" (ampm) and
 *   "Guía creada" (estafeta).
 * - fedex: the last event's text when its code is IN or DL, otherwise "En recolecion".
 * - redpack (the spec gives no rule): the last event's text, "Envío en tránsito" without events,
 *   as for ampm.
 */
export function headlineFor(route: TrackingRoute, events: readonly HeadlineEvent[], opts: { notFound?: boolean } = {}): string {
  const last = opts.notFound ? undefined : events.at(-1);
  switch (route) {
    case 'dhl':
    case 'dhlApi': {
      if (opts.notFound || (route === 'dhlApi' && !last)) return trackingHeadlines.dhlAwaitingPickup;
      if (!last) return trackingHeadlines.inTransit;
      const text = normalize(last.status);
      if (text === normalize(dhlEventTexts.delivered) || last.state === 'delivered') return trackingHeadlines.dhlDelivered;
      if (text === normalize(dhlEventTexts.pickedUp) || last.state === 'picked_up') return trackingHeadlines.dhlPickedUp;
      return trackingHeadlines.inTransit;
    }
    case 'fedex':
      return last && FEDEX_HEADLINE_CODES.has(normalize(last.code ?? '')) && last.status.trim() ? last.status : trackingHeadlines.fedexAwaitingPickup;
    case 'estafeta':
      return last?.status.trim() ? last.status : trackingHeadlines.estafetaCreated;
    case 'ampm':
    case 'redpack':
      return last?.status.trim() ? last.status : trackingHeadlines.inTransit;
  }
}

/** An event as the API answers it (`trackingEventSchema`); only these fields are read. */
export interface DatedEvent {
  /** YYYY-MM-DD, Mexico City. */
  date: string;
  /** HH:mm, Mexico City. */
  time: string;
  status: string;
  state: TrackingState;
  occurred_at?: string;
}

const momentOf = (e: DatedEvent) => e.occurred_at ?? `${e.date}T${e.time}`;

/** The latest event (ties: the first given, as the API answers newest first). */
function latest<T extends DatedEvent>(events: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const e of events) if (!best || momentOf(e) > momentOf(best)) best = e;
  return best;
}

/**
 * The modal's status (spec 01 §2): dhl, the status of the last event of the last date (the
 * latest event; "En recolección" without events); redpack and fedex, fixed 'ENTREGADO'; ampm and
 * estafeta, their route's headline. Events in any order (the API answers newest first).
 */
export function modalHeadline(type: TrackingType, events: readonly DatedEvent[]): string {
  switch (type) {
    case 'dhl':
      return latest(events)?.status ?? trackingHeadlines.dhlAwaitingPickup;
    case 'redpack':
    case 'fedex':
      return trackingHeadlines.modalDelivered;
    case 'ampm':
    case 'estafeta': {
      const ordered = events.map((e, i) => ({ e, i })).sort((a, b) => (momentOf(a.e) < momentOf(b.e) ? -1 : momentOf(a.e) > momentOf(b.e) ? 1 : b.i - a.i));
      return headlineFor(type, ordered.map(({ e }) => e));
    }
  }
}

export interface EventDateGroup<T> {
  /** YYYY-MM-DD (formatted in Spanish by the web). */
  date: string;
  events: T[];
}

/**
 * The modal's tables (spec 01 §2): events grouped by their date, groups and events in the order
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
