import { describe, expect, it } from 'vitest';
import type { CarrierCode } from '@envios/contracts/carriers';
import { headlineFor, routeForService } from '@envios/contracts/tracking-rules';
import { guideRequest as request } from '../adapters/guide-issuer.testing.js';
import { headlineOf, HOUR, issuedAt, trackRequest } from '../adapters/tracking-adapter.testing.js';
import { createSandboxGuideIssuer, sandboxGuideNumber } from './sandbox-guide-issuer.js';
import { createSandboxTrackingAdapter, DEFAULT_SANDBOX_STEPS, sandboxTrackingEvents } from './sandbox-tracking.js';

describe('sandbox guide issuer', () => {
  it('numbers guides in each carrier format, the same number for the same key', async () => {
    const formats = { dhl: /^[1-9]\d{9}$/, fedex: /^[1-9]\d{11}$/, estafeta: /^[1-9]\d{21}$/, redpack: /^[1-9]\d{8}$/, ampm: /^AM[1-9]\d{9}$/ } as const;
    for (const [code, pattern] of Object.entries(formats) as [keyof typeof formats, RegExp][]) {
      const issuer = createSandboxGuideIssuer(code);
      const first = await issuer.issue(request(), AbortSignal.timeout(1000));
      expect(first.guideNumber).toMatch(pattern);
      expect(first.sandbox).toBe(true);
      expect(issuer.sandbox).toBe(true);
      expect((await createSandboxGuideIssuer(code).issue(request(), AbortSignal.timeout(1000))).guideNumber).toBe(first.guideNumber);
      expect(sandboxGuideNumber(code, 'otra-llave')).not.toBe(first.guideNumber);
    }
    const twoPieces = await createSandboxGuideIssuer('dhl').issue(
      request({ parcels: [request().parcels[0]!, request().parcels[0]!] }),
      AbortSignal.timeout(1000),
    );
    expect(twoPieces.pieceNumbers).toHaveLength(2);
    expect(new Set(twoPieces.pieceNumbers).size).toBe(2);
  });

  it('honours an aborted signal', async () => {
    await expect(createSandboxGuideIssuer('estafeta').issue(request(), AbortSignal.abort())).rejects.toThrow();
  });
});

describe('sandbox tracking schedule', () => {
  const exact = { jitterMs: 0, transitDays: 2 };
  const cities = { originCity: 'Guadalajara', destinationCity: 'Monterrey' };

  it('picks up 2 h after issue, in transit +6 h, out for delivery + transit days, delivered +4 h', () => {
    const events = sandboxTrackingEvents('dhl', { guideNumber: 'SBX1234567', issuedAt, ...cities }, exact);
    expect(events.map((e) => [e.state, (e.occurredAt.getTime() - issuedAt.getTime()) / HOUR, e.location])).toEqual([
      ['picked_up', 2, 'Guadalajara'],
      ['in_transit', 8, 'Guadalajara'],
      ['out_for_delivery', 56, 'Monterrey'],
      ['delivered', 60, 'Monterrey'],
    ]);
  });

  it('answers only what happened by now, the same way every time for a guide', async () => {
    const adapter = createSandboxTrackingAdapter('dhl', exact);
    const at = async (hours: number) =>
      adapter.track(trackRequest('SBX1234567', { now: new Date(issuedAt.getTime() + hours * HOUR), ...cities }), AbortSignal.timeout(1000));
    expect((await at(1))!.events).toEqual([]);
    // Nothing reported yet: 'Guía creada' on every route.
    expect(headlineOf('dhl', await at(1))).toBe('Guía creada');
    expect(headlineOf('dhlApi', await at(1))).toBe('Guía creada');
    expect(headlineOf('dhl', await at(3))).toBe('Envío Recolectado');
    expect(headlineOf('dhl', await at(10))).toBe('Envío en tránsito');
    expect(headlineOf('dhl', await at(57))).toBe('Envío en tránsito');
    expect(headlineOf('dhl', await at(61))).toBe('Envío entregado');
    expect(await at(61)).toEqual(await at(61));
    expect((await at(61))!).toMatchObject({ shipperCity: 'Guadalajara', consigneeCity: 'Monterrey', pieces: null, publicUrl: null });
    expect(adapter.sandbox).toBe(true);
  });

  it('is deterministic per guide with the default jitter and transit days, and differs between guides', () => {
    const a1 = sandboxTrackingEvents('fedex', { guideNumber: 'SBX0000001', issuedAt });
    const a2 = sandboxTrackingEvents('fedex', { guideNumber: 'SBX0000001', issuedAt });
    const b = sandboxTrackingEvents('fedex', { guideNumber: 'SBX0000002', issuedAt });
    expect(a1).toEqual(a2);
    expect(a1.map((e) => e.occurredAt.getTime())).not.toEqual(b.map((e) => e.occurredAt.getTime()));
    for (const events of [a1, b]) {
      const first = events[0]!.occurredAt.getTime() - issuedAt.getTime();
      expect(first).toBeGreaterThanOrEqual(DEFAULT_SANDBOX_STEPS.pickupAfterMs);
      expect(first).toBeLessThanOrEqual(DEFAULT_SANDBOX_STEPS.pickupAfterMs + DEFAULT_SANDBOX_STEPS.jitterMs);
      const transit = events[2]!.occurredAt.getTime() - events[1]!.occurredAt.getTime();
      expect(transit).toBeGreaterThanOrEqual(24 * HOUR);
      expect(transit).toBeLessThanOrEqual(3 * 24 * HOUR + DEFAULT_SANDBOX_STEPS.jitterMs);
    }
  });

  it("gives each carrier's headline texts through the spec's rules", () => {
    const final = (code: CarrierCode, route: Parameters<typeof headlineFor>[0], step: number) => {
      const events = sandboxTrackingEvents(code, { guideNumber: 'SBX7777777', issuedAt }, exact).slice(0, step);
      return headlineFor(
        route,
        events.map((e) => ({ status: e.description, state: e.state, code: e.code })),
      );
    };
    expect([1, 2, 3, 4].map((n) => final('fedex', 'fedex', n))).toEqual(['En recolección', 'En recolección', 'En recolección', 'Entregado']);
    expect([0, 1, 4].map((n) => final('estafeta', 'estafeta', n))).toEqual(['Guía creada', 'Recolección en oficina por ruta local', 'Entregado']);
    expect([0, 3, 4].map((n) => final('ampm', 'ampm', n))).toEqual(['Guía creada', 'En ruta de entrega', 'Entregado']);
    expect([0, 2].map((n) => final('redpack', 'redpack', n))).toEqual(['Guía creada', 'En tránsito']);
    expect([1, 4].map((n) => final('dhl', routeForService('dhl', 'ECONOMY SELECT DOMESTIC'), n))).toEqual(['Envío Recolectado', 'Envío entregado']);
  });
});
