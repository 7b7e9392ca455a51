import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CompressionOptions {
  /** Answers smaller than this go as they are; 0 turns compression off. */
  minBytes: number;
  /**
   * Brotli quality for answers made per request (0–11). Low on purpose: 4 compresses the JSON
   * lists almost as well as 11 at a fraction of the CPU; the web app's files are compressed at
   * build time at 11 and sent as they are.
   */
  brotliQuality?: number;
  /** gzip level for clients without brotli (1–9). */
  gzipLevel?: number;
}

/**
 * Compresses API answers (br, then gzip) when the client accepts it: the 20 KB country list
 * travels as ~4 KB. Answers that already carry a Content-Encoding (the precompressed web files)
 * are left alone. Tuned by options so the hot paths can be measured with and without it.
 */
export async function registerCompression(app: FastifyInstance, opts: CompressionOptions): Promise<void> {
  if (opts.minBytes <= 0) return;
  await app.register(compress, {
    global: true,
    threshold: opts.minBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: opts.brotliQuality ?? 4 } },
    zlibOptions: { level: opts.gzipLevel ?? 6 },
    // Our clients never send compressed bodies.
    globalDecompression: false,
  });
}

/**
 * br when the browser takes it, else gzip, else nothing (a `;q=0` refuses an encoding). Read on
 * every answer that may be compressed, so it walks the header once without building arrays.
 */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (header === undefined) return undefined;
  const text = typeof header === 'string' ? header : header.join(',');
  let gzip = false;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(',', start);
    if (end === -1) end = text.length;
    const semicolon = text.indexOf(';', start);
    const nameEnd = semicolon !== -1 && semicolon < end ? semicolon : end;
    const name = text.slice(start, nameEnd).trim().toLowerCase();
    if ((name === 'br' || name === 'gzip' || name === '*') && !(nameEnd < end && refused(text.slice(nameEnd, end)))) {
      if (name === 'br') return 'br';
      gzip = true;
    }
    start = end + 1;
  }
  return gzip ? 'gzip' : undefined;
}

/** True when an encoding's parameters (`;q=0`, `; q=0.000`) refuse it. */
function refused(params: string): boolean {
  return /;\s*q=0(\.0*)?\s*$/i.test(params);
}

/** An answer that never changes while the process runs: its bytes, both compressed forms, and its tag. */
export interface ConstantAnswer {
  type: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** A strong validator: the digest of the bytes. */
  etag: string;
  cacheControl: string;
}

/**
 * Prepares a constant answer once: compressed at the highest settings (paid once, not per
 * request) and tagged with the digest of its bytes, so a client that has it gets a 304.
 */
export function constantAnswer(body: string, opts: { type?: string; cacheControl: string }): ConstantAnswer {
  const identity = Buffer.from(body, 'utf8');
  return {
    type: opts.type ?? 'application/json; charset=utf-8',
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    cacheControl: opts.cacheControl,
  };
}

/** True when If-None-Match names this tag (weak or strong, or `*`). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Sends a prepared constant answer: 304 when the client's copy is current, else the form its
 * Accept-Encoding takes (always as it is when compression is off: COMPRESSION_MIN_BYTES=0). The
 * route must opt out of the compression plugin (`compress: false`).
 */
export function sendConstant(request: FastifyRequest, reply: FastifyReply, answer: ConstantAnswer, compress = true): FastifyReply {
  void reply.header('cache-control', answer.cacheControl).header('etag', answer.etag).header('vary', 'accept-encoding');
  if (notModified(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  void reply.type(answer.type);
  const encoding = compress ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(answer.identity);
  return reply.header('content-encoding', encoding).send(answer[encoding]);
}
