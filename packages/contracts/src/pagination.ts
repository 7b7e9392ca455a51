import { z } from 'zod';

export const PAGE_SIZE = 10;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});

/** `{ docs, count, page, pages, next, previous }` as the spec's lists answer. */
export function pagedSchema<T extends z.ZodType>(doc: T) {
  return z.object({
    docs: z.array(doc),
    count: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
  });
}
