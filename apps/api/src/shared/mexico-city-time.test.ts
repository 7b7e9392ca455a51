import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MEXICO_CITY_PARTS, mexicoCityDayStart, mexicoCityTime } from './mexico-city-time.js';

/** What the time zone database says, the slow way. */
function byIntl(instant: Date) {
  const parts = Object.fromEntries(MEXICO_CITY_PARTS.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

describe('Mexico City wall-clock time', () => {
  it('agrees with the time zone database at any instant from 2000 to 2045, daylight saving years included', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2045-12-31T23:59:59Z'), noInvalidDate: true }), (instant) => {
        expect(mexicoCityTime(instant)).toEqual(byIntl(instant));
      }),
      { numRuns: 5_000 },
    );
  });

  it('changes hour exactly when the clocks changed (first Sunday of April 2022, last Sunday of October 2022)', () => {
    // 2022-04-03 02:00 CST became 03:00 CDT (08:00 UTC); 2022-10-30 02:00 CDT went back to 01:00 CST (07:00 UTC).
    for (const iso of ['2022-04-03T07:59:59Z', '2022-04-03T08:00:00Z', '2022-10-30T06:59:59Z', '2022-10-30T07:00:00Z']) {
      expect(mexicoCityTime(new Date(iso))).toEqual(byIntl(new Date(iso)));
    }
    expect(mexicoCityTime(new Date('2022-04-03T08:00:00Z')).time).toBe('03:00:00');
    expect(mexicoCityTime(new Date('2022-10-30T07:00:00Z')).time).toBe('01:00:00');
  });

  it('starts a Mexico City day at its local midnight', () => {
    expect(mexicoCityDayStart('2026-11-26').toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(mexicoCityTime(mexicoCityDayStart('2026-11-26'))).toEqual({ date: '2026-11-26', hour: 0, time: '00:00:00' });
  });
});
