import { describe, expect, it } from 'vitest';
import type { TrackingState } from './tracking.js';
import { TRACKING_ROUTES, type TrackingRoute } from './tracking.js';
import { groupEventsByDate, headlineFor, modalHeadline, routeForService, typeForRoute, type HeadlineEvent } from './tracking-rules.js';

const ev = (status: string, state: TrackingState = 'in_transit', code?: string): HeadlineEvent => ({ status, state, ...(code ? { code } : {}) });

describe('routeForService (spec 02 §4 service to tracking route)', () => {
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

describe('headlineFor (spec 02 §4 tracking-status text mapping)', () => {
  describe.each(['dhl', 'dhlApi'] as const)('%s', (route) => {
    it('latest event "Envio entregado al destinatario" → "Envío entrgado"', () => {
      expect(headlineFor(route, [ev('El envío fue recolectado.', 'picked_up'), ev('Envio entregado al destinatario', 'delivered')])).toBe('Envío entrgado');
    });
    it('latest event "El envío fue recolectado." → "Envío Recolectado"', () => {
      expect(headlineFor(route, [ev('El envío fue recolectado.', 'picked_up')])).toBe('Envío Recolectado');
    });
    it('any other latest event → "Envío en tránsito", even after a pick-up or before a delivery', () => {
      expect(headlineFor(route, [ev('El envío fue recolectado.', 'picked_up'), ev('En tránsito')])).toBe('Envío en tránsito');
      expect(headlineFor(route, [ev('Envio entregado al destinatario', 'in_transit'), ev('Otro')])).toBe('Envío en tránsito');
    });
    it('the texts match whatever the spacing and case', () => {
      expect(headlineFor(route, [ev('  envio ENTREGADO al destinatario ', 'in_transit')])).toBe('Envío entrgado');
    });
    it('MyDHL live descriptions count by state (delivered, picked up)', () => {
      expect(headlineFor(route, [ev('Delivered', 'delivered', 'OK')])).toBe('Envío entrgado');
      expect(headlineFor(route, [ev('Shipment picked up', 'picked_up', 'PU')])).toBe('Envío Recolectado');
      expect(headlineFor(route, [ev('With delivery courier', 'out_for_delivery', 'WC')])).toBe('Envío en tránsito');
    });
    it('a 404 → "En recolección"', () => {
      expect(headlineFor(route, [], { notFound: true })).toBe('En recolección');
      expect(headlineFor(route, [ev('Envio entregado al destinatario', 'delivered')], { notFound: true })).toBe('En recolección');
    });
  });

  it('no events: dhlApi → "En recolección"; dhl → "Envío en tránsito" (the spec\'s "otherwise")', () => {
    expect(headlineFor('dhlApi', [])).toBe('En recolección');
    expect(headlineFor('dhl', [])).toBe('Envío en tránsito');
  });

  it('ampm: the last event\'s status; "Envío en tránsito" without events', () => {
    expect(headlineFor('ampm', [ev('Recolectado'), ev('En ruta de entrega')])).toBe('En ruta de entrega');
    expect(headlineFor('ampm', [])).toBe('Envío en tránsito');
    expect(headlineFor('ampm', [], { notFound: true })).toBe('Envío en tránsito');
  });

  it('estafeta: the last event\'s status; "Guía creada" without events', () => {
    expect(headlineFor('estafeta', [ev('Recolección en oficina por ruta local'), ev('Entregado', 'delivered')])).toBe('Entregado');
    expect(headlineFor('estafeta', [])).toBe('Guía creada');
    expect(headlineFor('estafeta', [ev('   ')])).toBe('Guía creada');
  });

  it('fedex: the description when the code is IN or DL, else "En recolecion"', () => {
    expect(headlineFor('fedex', [ev('Shipment information sent to FedEx', 'pending', 'IN')])).toBe('Shipment information sent to FedEx');
    expect(headlineFor('fedex', [ev('Picked up', 'picked_up', 'PU'), ev('Delivered', 'delivered', 'DL')])).toBe('Delivered');
    expect(headlineFor('fedex', [ev('Delivered', 'delivered', 'DL'), ev('Picked up', 'picked_up', 'PU')])).toBe('En recolecion');
    expect(headlineFor('fedex', [ev('In transit', 'in_transit', 'IT')])).toBe('En recolecion');
    expect(headlineFor('fedex', [ev('Sin código', 'delivered')])).toBe('En recolecion');
    expect(headlineFor('fedex', [ev('entregado', 'delivered', 'dl')])).toBe('entregado');
    expect(headlineFor('fedex', [])).toBe('En recolecion');
    expect(headlineFor('fedex', [], { notFound: true })).toBe('En recolecion');
  });

  it('redpack (no spec rule): the last event\'s status; "Envío en tránsito" without events', () => {
    expect(headlineFor('redpack', [ev('Recolectado'), ev('Entregado', 'delivered')])).toBe('Entregado');
    expect(headlineFor('redpack', [])).toBe('Envío en tránsito');
  });

  it('answers a text for every route', () => {
    for (const route of TRACKING_ROUTES as readonly TrackingRoute[]) expect(headlineFor(route, []).length).toBeGreaterThan(0);
  });
});

describe('modalHeadline (spec 01 §2)', () => {
  // As the API answers: newest first.
  const events = [
    { date: '2026-01-13', time: '13:02', status: 'Envio entregado al destinatario', state: 'delivered' as const },
    { date: '2026-01-13', time: '08:30', status: 'Con el mensajero', state: 'out_for_delivery' as const },
    { date: '2026-01-12', time: '10:15', status: 'El envío fue recolectado.', state: 'picked_up' as const },
  ];

  it('dhl: the status of the last event of the last date, in any order', () => {
    expect(modalHeadline('dhl', events)).toBe('Envio entregado al destinatario');
    expect(modalHeadline('dhl', [...events].reverse())).toBe('Envio entregado al destinatario');
    expect(modalHeadline('dhl', events.slice(1))).toBe('Con el mensajero');
  });

  it('dhl: occurred_at decides when given; without events → "En recolección"', () => {
    const withMoments = [
      { date: '2026-01-13', time: '00:30', status: 'Tarde', state: 'in_transit' as const, occurred_at: '2026-01-13T06:30:00.000Z' },
      { date: '2026-01-12', time: '23:30', status: 'Temprano', state: 'in_transit' as const, occurred_at: '2026-01-13T05:30:00.000Z' },
    ];
    expect(modalHeadline('dhl', withMoments)).toBe('Tarde');
    expect(modalHeadline('dhl', [])).toBe('En recolección');
  });

  it('redpack and fedex: fixed "ENTREGADO"', () => {
    expect(modalHeadline('redpack', events)).toBe('ENTREGADO');
    expect(modalHeadline('fedex', [])).toBe('ENTREGADO');
  });

  it("ampm and estafeta: their route's headline from the latest event", () => {
    const texts = [
      { date: '2026-01-14', time: '09:00', status: 'En proceso de entrega', state: 'out_for_delivery' as const },
      { date: '2026-01-13', time: '09:00', status: 'Llegada a centro de distribución', state: 'in_transit' as const },
    ];
    expect(modalHeadline('estafeta', texts)).toBe('En proceso de entrega');
    expect(modalHeadline('ampm', [...texts].reverse())).toBe('En proceso de entrega');
    expect(modalHeadline('estafeta', [])).toBe('Guía creada');
    expect(modalHeadline('ampm', [])).toBe('Envío en tránsito');
  });

  it('ties keep the first given as the newest (the API answers newest first)', () => {
    const tie = [
      { date: '2026-01-14', time: '09:00', status: 'Segundo', state: 'in_transit' as const },
      { date: '2026-01-14', time: '09:00', status: 'Primero', state: 'in_transit' as const },
    ];
    expect(modalHeadline('dhl', tie)).toBe('Segundo');
    expect(modalHeadline('estafeta', tie)).toBe('Segundo');
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
