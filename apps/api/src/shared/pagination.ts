/** The spec's paged answer `{ docs, count, page, pages, next, previous }`. */
export function toPage<T>(docs: T[], count: number, page: number, limit: number) {
  const pages = Math.max(1, Math.ceil(count / limit));
  return {
    docs,
    count,
    page,
    pages,
    next: page < pages ? page + 1 : null,
    previous: page > 1 ? Math.min(page - 1, pages) : null,
  };
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
