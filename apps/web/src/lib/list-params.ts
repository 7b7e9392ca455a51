/**
 * A list keeps its page and filters in the address, so a reload, a shared link or 'back' shows
 * the same rows. These read them back leniently: a hand-edited address never breaks the page.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The page asked for: a whole number from 1; anything else is the first page. */
export function readPage(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page')) || 1));
}

/** A day (`YYYY-MM-DD`), or nothing when the text is not one. */
export function readDay(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key) ?? '';
  return DAY.test(value) ? value : undefined;
}

/** The address of a list: only the filters that are set, in the order given, and the page past the first. */
export function writeListParams(filters: Record<string, string | undefined>, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  return params;
}
