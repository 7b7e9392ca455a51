import { z } from 'zod';
import { compiledSerializerCompiler } from '../../shared/fast-serializer.js';

/*
 * The list pages' response serializer. Pages of one list share their rows (the kept list holds
 * each row as a frozen answer row), so each frozen row is written to JSON once, as UTF-8 bytes,
 * and a page is its rows' bytes joined inside the page's own fields; a frozen page (kept per list
 * version) is written once. What leaves is byte for byte what the page schema's compiled
 * serializer writes: the rows are written by the serializer compiled from the same row schema the
 * page holds. The result is bytes rather than text (Fastify sends either as it is): a page
 * assembled from kept rows is then neither re-encoded nor measured character by character.
 */

const EMPTY_DOCS = '{"docs":[]';
const OPEN = Buffer.from('{"docs":[');
const COMMA = Buffer.from(',');

type Serialize = (data: unknown) => string;

export function pagedSerializerCompiler(route: { schema: unknown }): Serialize {
  const writePage = compiledSerializerCompiler(route);
  const docs = route.schema instanceof z.ZodObject ? (route.schema.shape as Record<string, unknown>).docs : undefined;
  if (!(docs instanceof z.ZodArray)) return writePage;
  const writeRow = compiledSerializerCompiler({ schema: docs.element });
  const rowBytes = new WeakMap<object, Buffer>();
  const pageBytes = new WeakMap<object, Buffer>();

  function rowJson(row: unknown): Buffer {
    if (row === null || typeof row !== 'object' || !Object.isFrozen(row)) return Buffer.from(writeRow(row));
    let bytes = rowBytes.get(row);
    if (bytes === undefined) rowBytes.set(row, (bytes = Buffer.from(writeRow(row))));
    return bytes;
  }

  function write(page: { docs?: unknown }): string | Buffer {
    if (!Array.isArray(page.docs)) return writePage(page);
    // The page's other fields around an empty list, then the rows put in its place.
    const around = writePage({ ...page, docs: [] });
    if (!around.startsWith(EMPTY_DOCS)) return writePage(page);
    const parts: Buffer[] = [OPEN];
    for (let i = 0; i < page.docs.length; i++) {
      if (i > 0) parts.push(COMMA);
      parts.push(rowJson(page.docs[i]));
    }
    parts.push(Buffer.from(around.slice(EMPTY_DOCS.length - 1)));
    return Buffer.concat(parts);
  }

  const serialize = (data: unknown): string | Buffer => {
    if (data === null || typeof data !== 'object') return writePage(data);
    if (!Object.isFrozen(data)) return write(data);
    let bytes = pageBytes.get(data);
    if (bytes === undefined) {
      const written = write(data);
      if (typeof written === 'string') return written;
      pageBytes.set(data, (bytes = written));
    }
    return bytes;
  };
  // Fastify's serializer type says text; it sends bytes just as well (with their own length).
  return serialize as Serialize;
}
