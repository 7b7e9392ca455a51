import { describe, expect, it } from 'vitest';
import type { TrackingState } from './tracking.js';
import { TRACKING_ROUTES, type TrackingRoute } from './tracking.js';
import { groupEventsByDate, headlineFor, routeForService, typeForRoute, type HeadlineEvent } from './tracking-rules.js';

const ev = (status: string, state: TrackingState = 'in_transit', code?: string): HeadlineEvent => ({ status, state, ...(code ? { code } : {}) });

describe('routeForService (which tracking route a service uses)', () => {
  it.each([
    ['SAMEDAY SPRINTLINE', 'dhlApi'],
    ['DOMESTICO ENVIO RETORNO', 'dhlApi'],
    ['ECONOMY SELECT DOMESTIC', 'dhlApi'],
    ['EXPRESS DOMESTIC FLAT', 'dhlApi'],
    ['  economy  select domestic ', 'dhlApi'],
    ['EXPRESS DOMESTIC', 'dhl'],
    ['EXPRESS DOMESTIC 12:00', 'dhl'],
    ['EXPRESS WORLDWIDE', 'dhl'],
  ] as const)('DHL %s → %s', (service, route) => {
    expect(routeForService('dhl', service)).toBe(route);
  });

  it('DHL without a service name → dhl; other carriers → their own route', () => {
    expect(routeForService('dhl', null)).toBe('dhl');
    expect(routeForService('redpack', 'EXPRESS')).toBe('redpack');
    expect(routeForService('fedex', 'SAMEDAY SPRINTLINE')).toBe('fedex');
    expect(routeForService('ampm', 'ESTANDAR')).toBe('ampm');
    expect(routeForService('estafeta', null)).toBe('estafeta');
  });
});

describe('typeForRoute', () => {
  it('dhlApi is shown as dhl; every other route is its own type', () => {
    expect(TRACKING_ROUTES.map((r) => typeForRoute(r))).toEqual(['dhl', 'dhl', 'redpack', 'fedex', 'ampm', 'estafeta']);
  });
});

describe('headlineFor: one headline for every screen and message', () => {
  it.each(TRACKING_ROUTES)('%s: a guide with no carrier event yet is "Guía creada"', (route) => {
    expect(headlineFor(route, [])).toBe('Guía creada');
  });

  describe.each(['dhl', 'dhlApi'] as const)('%s (with real events)', (route) => {
    it('latest event "Envio entregado al destinatario" → "Envío entregado"', () => {
      expect(headlineFor(route, [ev('El envío fue recolectado.', 'picked_up'), ev('Envio entregado al destinatario', 'delivered')])).toBe('Envío entregado');
    });
    it('latest event "El envío fue recolectado." → "Envío Recolectado"', () => {
      expect(headlineFor(route, [ev('El envío fue recolectado.', 'picked_up')])).toBe('Envío Recolectado');
    });
    it('any other latest event → "Envío en tránsito", even after a pick-up or before a delivery', () => {
      expect(headlineFor(route, [ev('El envío fue recolectado.', 'picked_up'), ev('En tránsito')])).toBe('Envío en tránsito');
      expect(headlineFor(route, [ev('Envio entregado al destinatario', 'in_transit'), ev('Otro')])).toBe('Envío en tránsito');
    });
    it('the texts match whatever the spacing and case', () => {
      expect(headlineFor(route, [ev('  envio ENTREGADO al destinatario ', 'in_transit')])).toBe('Envío entregado');
    });
    it('MyDHL live descriptions count by state (delivered, picked up)', () => {
      expect(headlineFor(route, [ev('Delivered', 'delivered', 'OK')])).toBe('Envío entregado');
      expect(headlineFor(route, [ev('Shipment picked up', 'picked_up', 'PU')])).toBe('Envío Recolectado');
      expect(headlineFor(route, [ev('With delivery courier', 'out_for_delivery', 'WC')])).toBe('Envío en tránsito');
    });
  });

  it("ampm, estafeta and redpack: the last event's status", () => {
    expect(headlineFor('ampm', [ev('Recolectado'), ev('En ruta de entrega')])).toBe('En ruta de entrega');
    expect(headlineFor('estafeta', [ev('Recolección en oficina por ruta local'), ev('Entregado', 'delivered')])).toBe('Entregado');
    expect(headlineFor('redpack', [ev('Recolectado'), ev('Entregado', 'delivered')])).toBe('Entregado');
    expect(headlineFor('estafeta', [ev('   ')])).toBe('Guía creada');
  });

  it('fedex: the description when the code is IN or DL, else "En recolección"', () => {
    expect(headlineFor('fedex', [ev('Shipment information sent to FedEx', 'pending', 'IN')])).toBe('Shipment information sent to FedEx');
    expect(headlineFor('fedex', [ev('Picked up', 'picked_up', 'PU'), ev('Delivered', 'delivered', 'DL')])).toBe('Delivered');
    expect(headlineFor('fedex', [ev('Delivered', 'delivered', 'DL'), ev('Picked up', 'picked_up', 'PU')])).toBe('En recolección');
    expect(headlineFor('fedex', [ev('In transit', 'in_transit', 'IT')])).toBe('En recolección');
    expect(headlineFor('fedex', [ev('Sin código', 'delivered')])).toBe('En recolección');
    expect(headlineFor('fedex', [ev('entregado', 'delivered', 'dl')])).toBe('entregado');
  });

  it('never answers the old fixed "ENTREGADO" for a guide nobody has moved', () => {
    for (const route of TRACKING_ROUTES as readonly TrackingRoute[]) expect(headlineFor(route, [])).not.toMatch(/entregado|tránsito/i);
  });
});

describe('groupEventsByDate', () => {
  it('one group per date, groups and events in the order given', () => {
    const list = [
      { date: '2026-01-13', n: 1 },
      { date: '2026-01-13', n: 2 },
      { date: '2026-01-12', n: 3 },
      { date: '2026-01-13', n: 4 },
    ];
    expect(groupEventsByDate(list)).toEqual([
      { date: '2026-01-13', events: [list[0], list[1], list[3]] },
      { date: '2026-01-12', events: [list[2]] },
    ]);
    expect(groupEventsByDate([])).toEqual([]);
  });
});
