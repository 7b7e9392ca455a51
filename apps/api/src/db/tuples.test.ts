import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoFromTimestamptz } from './tuples.js';

describe('isoFromTimestamptz', () => {
  it('writes PostgreSQL’s text of an instant as toISOString does, whatever the zone or precision', () => {
    const cases = [
      '2026-02-03 04:05:06+00',
      '2026-02-03 04:05:06.7+00',
      '2026-02-03 04:05:06.789+00',
      '2026-02-03 04:05:06.789999+00',
      '2026-02-03 04:05:06.000001+00',
      '2026-02-02 22:05:06.5-06',
      '2026-02-03 09:35:06.25+05:30',
      '1900-01-01 00:00:00+00',
    ];
    for (const text of cases) {
      const expected = (pg.types.getTypeParser(1184) as (t: string) => Date)(text).toISOString();
      expect(isoFromTimestamptz(text)).toBe(expected);
    }
    expect(isoFromTimestamptz('2026-02-03 04:05:06.789999+00')).toBe('2026-02-03T04:05:06.789Z');
  });
});
