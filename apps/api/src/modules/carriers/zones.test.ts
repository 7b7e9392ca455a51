import { describe, expect, it } from 'vitest';
import { STATE_SHORT_BY_CODE } from '@envios/contracts/geography';
import { domesticZone, internationalZone, isKnownState } from './zones.js';

describe('domestic zones', () => {
  it('knows every state abbreviation the geography module answers', () => {
    for (const short of Object.values(STATE_SHORT_BY_CODE)) expect(isKnownState(short), short).toBe(true);
  });

  it('same state is local; same or neighbouring region regional; far ends extendida; the rest nacional', () => {
    expect(domesticZone('JAL', 'JAL')).toBe('local');
    expect(domesticZone('JAL', 'CDMX')).toBe('regional');
    expect(domesticZone('NL', 'TAMS')).toBe('regional');
    expect(domesticZone('NL', 'CDMX')).toBe('nacional');
    expect(domesticZone('CDMX', 'BC')).toBe('extendida');
    expect(domesticZone('QROO', 'JAL')).toBe('extendida');
    expect(domesticZone('YUC', 'QROO')).toBe('regional');
  });

  it('is symmetric and undefined for an unknown state', () => {
    const states = Object.values(STATE_SHORT_BY_CODE);
    for (const a of states) for (const b of states) expect(domesticZone(a, b)).toBe(domesticZone(b, a));
    expect(domesticZone('JAL', 'XX')).toBeUndefined();
  });
});

describe('international zones', () => {
  it('zones by destination country; the rest of the world is int-7', () => {
    expect(internationalZone('US')).toBe('int-1');
    expect(internationalZone('GT')).toBe('int-2');
    expect(internationalZone('BR')).toBe('int-3');
    expect(internationalZone('ES')).toBe('int-4');
    expect(internationalZone('PL')).toBe('int-5');
    expect(internationalZone('JP')).toBe('int-6');
    expect(internationalZone('KE')).toBe('int-7');
  });

  it('does not serve Mexico as a foreign country, Antarctica or North Korea', () => {
    expect(internationalZone('MX')).toBeUndefined();
    expect(internationalZone('AQ')).toBeUndefined();
    expect(internationalZone('KP')).toBeUndefined();
  });
});
