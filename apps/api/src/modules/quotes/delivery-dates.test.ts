import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay, mexicanHolidays, mexicoCityTime, planShipment } from './delivery-dates.js';

describe('working days in Mexico', () => {
  it('knows the statutory rest days, movable Mondays included', () => {
    expect([...mexicanHolidays(2026)].sort()).toEqual(['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25']);
    expect(mexicanHolidays(2030).has('2030-10-01')).toBe(true);
    expect(mexicanHolidays(2027).has('2027-10-01')).toBe(false);
  });

  it('skips weekends and holidays', () => {
    expect(isWorkingDay('2026-01-16')).toBe(true); // Friday
    expect(isWorkingDay('2026-01-17')).toBe(false); // Saturday
    expect(isWorkingDay('2026-03-16')).toBe(false); // Natalicio de Benito Juárez (third Monday)
    expect(addWorkingDays('2026-01-16', 1)).toBe('2026-01-19');
    expect(addWorkingDays('2026-03-13', 1)).toBe('2026-03-17');
    expect(addWorkingDays('2026-12-23', 2)).toBe('2026-12-28');
    expect(addWorkingDays('2026-01-15', 0)).toBe('2026-01-15');
  });
});

describe('ship date', () => {
  it('reads the wall clock of Mexico City (UTC−6, no daylight saving)', () => {
    expect(mexicoCityTime(new Date('2026-07-01T03:30:00Z'))).toEqual({ date: '2026-06-30', hour: 21, time: '21:30:00' });
  });

  it('ships today before 18:00 on a working day, with a planned time a little ahead', () => {
    expect(planShipment(new Date('2026-01-15T17:00:00Z'))).toEqual({ shipDate: '2026-01-15', shipDateTimeLocal: '2026-01-15T11:15:00' });
  });

  it('ships the next working day after the cut-off, on weekends and on holidays', () => {
    expect(planShipment(new Date('2026-01-16T00:30:00Z')).shipDate).toBe('2026-01-16'); // Thu 18:30 → Fri
    expect(planShipment(new Date('2026-01-17T01:00:00Z'))).toEqual({ shipDate: '2026-01-19', shipDateTimeLocal: '2026-01-19T10:00:00' }); // Fri 19:00 → Mon
    expect(planShipment(new Date('2026-03-16T16:00:00Z')).shipDate).toBe('2026-03-17'); // holiday Monday
  });
});
