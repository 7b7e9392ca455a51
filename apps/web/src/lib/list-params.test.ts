import { describe, expect, it } from 'vitest';
import { readDay, readPage, writeListParams } from './list-params';

describe('list params', () => {
  it('reads a whole page from 1, and anything else as the first page', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('page=2.7'))).toBe(2);
    for (const bad of ['', 'page=0', 'page=-4', 'page=dos']) expect(readPage(new URLSearchParams(bad))).toBe(1);
  });

  it('reads a day only when it is written YYYY-MM-DD', () => {
    expect(readDay(new URLSearchParams('date_ini=2026-03-02'), 'date_ini')).toBe('2026-03-02');
    expect(readDay(new URLSearchParams('date_ini=02/03/2026'), 'date_ini')).toBeUndefined();
    expect(readDay(new URLSearchParams(''), 'date_ini')).toBeUndefined();
  });

  it('writes only the filters set, in order, and the page past the first', () => {
    expect(writeListParams({ service: 'dhl', status: undefined, filter: 'luis' }, 1).toString()).toBe('service=dhl&filter=luis');
    expect(writeListParams({ status: '' }, 2).toString()).toBe('page=2');
  });
});
