import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { resolvePeriod } from './report-period.js';

// 2026-03-10 20:30 in Mexico City (UTC-6): already 2026-03-11 in UTC.
const now = new Date('2026-03-11T02:30:00Z');

function failure(run: () => unknown): { status: number; path: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, path: error.errors?.[0]?.path };
    throw error;
  }
  throw new Error('no falló');
}

describe('resolvePeriod', () => {
  it('turns Mexico City days into instants, both days inclusive', () => {
    expect(resolvePeriod({ date_ini: '2026-03-01', date_fin: '2026-03-10' }, now)).toEqual({
      from: new Date('2026-03-01T06:00:00Z'),
      to: new Date('2026-03-11T06:00:00Z'),
    });
  });

  it('an end after today (tomorrow for a client in UTC after 18:00 here) ends the period at the end of today', () => {
    const today = resolvePeriod({ date_ini: '2026-03-10', date_fin: '2026-03-10' }, now);
    expect(resolvePeriod({ date_ini: '2026-03-10', date_fin: '2026-03-11' }, now)).toEqual(today);
    expect(resolvePeriod({ date_fin: '2030-01-01' }, now)).toEqual({ to: today.to });
  });

  it('a start after today, or an end before the start, is 400 naming the field', () => {
    expect(failure(() => resolvePeriod({ date_ini: '2026-03-11' }, now))).toEqual({ status: 400, path: 'date_ini' });
    expect(failure(() => resolvePeriod({ date_ini: '2026-03-10', date_fin: '2026-03-09' }, now))).toEqual({ status: 400, path: 'date_fin' });
  });
});
