import type { PostalSuggestion } from '@envios/contracts/geography';

export const SEARCH_LIMIT = 20;
/** A complete code lists its settlements, up to this many (rural codes reach 300). */
export const FULL_CODE_LIMIT = 50;

const collator = new Intl.Collator('es');

function compareRows(a: PostalSuggestion, b: PostalSuggestion): number {
  if (a.postal_code !== b.postal_code) return a.postal_code < b.postal_code ? -1 : 1;
  return collator.compare(a.place_name, b.place_name) || collator.compare(a.city, b.city);
}

/**
 * The settlements of one country's postal codes, sorted by code then settlement, with the
 * distinct codes beside them so that a prefix is found by binary search.
 */
export class PostalCodeIndex {
  private readonly rows: PostalSuggestion[];
  private readonly codes: string[] = [];
  /** starts[i] is the first row of codes[i]; the last entry is rows.length. */
  private readonly starts: Uint32Array;

  constructor(rows: PostalSuggestion[]) {
    rows.sort(compareRows);
    // Settlements of the same name and city under one code (same name, another type) read the same.
    this.rows = rows.filter((r, i) => {
      const prev = rows[i - 1];
      return !prev || prev.postal_code !== r.postal_code || prev.place_name !== r.place_name || prev.city !== r.city;
    });
    const starts: number[] = [];
    this.rows.forEach((r, i) => {
      if (i === 0 || this.rows[i - 1]!.postal_code !== r.postal_code) {
        this.codes.push(r.postal_code);
        starts.push(i);
      }
    });
    starts.push(this.rows.length);
    this.starts = Uint32Array.from(starts);
  }

  get size(): number {
    return this.rows.length;
  }

  get postalCodeCount(): number {
    return this.codes.length;
  }

  /** Every settlement of one complete code. */
  lookup(postalCode: string): PostalSuggestion[] {
    const i = this.lowerBound(postalCode);
    if (this.codes[i] !== postalCode) return [];
    return this.rows.slice(this.starts[i], this.starts[i + 1]);
  }

  /**
   * Settlements whose code starts with `prefix`, in catalogue order. When many codes match, each
   * code appears once (its first settlement) so the list shows the range of codes, not the 20
   * settlements of the first one; with few codes, their other settlements fill the list in turns.
   * A complete code lists its own settlements, up to FULL_CODE_LIMIT.
   */
  search(prefix: string, limit = SEARCH_LIMIT): PostalSuggestion[] {
    const lo = this.lowerBound(prefix);
    let hi = lo;
    while (hi < this.codes.length && hi - lo < limit && this.codes[hi]!.startsWith(prefix)) hi++;
    if (hi === lo) return [];
    if (hi - lo === 1 && this.codes[lo] === prefix) {
      const start = this.starts[lo]!;
      return this.rows.slice(start, Math.min(this.starts[lo + 1]!, start + Math.max(limit, FULL_CODE_LIMIT)));
    }
    const picked: number[] = [];
    for (let round = 0; picked.length < limit; round++) {
      let found = false;
      for (let i = lo; i < hi && picked.length < limit; i++) {
        const row = this.starts[i]! + round;
        if (row < this.starts[i + 1]!) {
          picked.push(row);
          found = true;
        }
      }
      if (!found) break;
    }
    return picked.sort((a, b) => a - b).map((i) => this.rows[i]!);
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.codes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.codes[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
