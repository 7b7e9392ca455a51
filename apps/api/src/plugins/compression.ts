import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

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
