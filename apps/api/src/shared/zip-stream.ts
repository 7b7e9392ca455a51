import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A ZIP archive written while its entries are produced, never whole in memory (what an .xlsx
 * is). Each entry's sizes and CRC go in a data descriptor after its data, so nothing needs to be
 * known in advance. An entry's content arrives in pieces; each piece is deflated on its own and
 * ended with a sync flush (a byte-aligned, non-final block), so the pieces' outputs laid end to
 * end are one valid deflate stream, closed by an empty final block. Compression runs on libuv's
 * threads, off the event loop. Archives stay under 4 GiB (no ZIP64): exports are capped well below.
 */
const deflateRaw = promisify(zlib.deflateRaw);
const DEFLATE_OPTIONS: zlib.ZlibOptions = { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH };
/** An empty final block with fixed codes: BFINAL=1, BTYPE=01, then the end-of-block code. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: names are UTF-8. */
const FLAGS = 0x0808;

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
}

/** MS-DOS date and time of `when` (local wall clock, two-second precision), as ZIP headers keep them. */
function dosDateTime(when: Date): { time: number; date: number } {
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((Math.max(when.getFullYear(), 1980) - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}

/** CRC-32, compressed size, size: 12 bytes at `at`, in the order every ZIP record keeps them. */
function writeSizes(buf: Buffer, at: number, w: Written): void {
  buf.writeUInt32LE(w.crc >>> 0, at);
  buf.writeUInt32LE(w.compressed, at + 4);
  buf.writeUInt32LE(w.size, at + 8);
}

/**
 * The 26 bytes the local header (from byte 4) and the central directory entry (from byte 6) both
 * hold, in the same order: version needed, flags, method (deflate), time, date, CRC and sizes,
 * name length. The local header is written before the data, when CRC and sizes are still zero.
 */
function writeEntryFields(buf: Buffer, at: number, w: Written, time: number, date: number): void {
  buf.writeUInt16LE(20, at);
  buf.writeUInt16LE(FLAGS, at + 2);
  buf.writeUInt16LE(8, at + 4);
  buf.writeUInt16LE(time, at + 6);
  buf.writeUInt16LE(date, at + 8);
  writeSizes(buf, at + 10, w);
  buf.writeUInt16LE(w.name.length, at + 22);
}

/**
 * Yields the archive's bytes. `entries` yields each entry's name and an async iterable of its
 * content pieces (strings are written as UTF-8).
 */
export async function* zipStream(
  entries: AsyncIterable<{ name: string; content: AsyncIterable<string | Buffer> | Iterable<string | Buffer> }>,
  when = new Date(),
): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(when);
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const w: Written = { name: Buffer.from(entry.name, 'utf8'), crc: 0, size: 0, compressed: 0, offset };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    // CRC and sizes are still zero here: they follow the data, in the descriptor.
    writeEntryFields(local, 4, w, time, date);
    const header = Buffer.concat([local, w.name]);
    yield header;
    offset += header.length;
    for await (const piece of entry.content) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      if (bytes.length === 0) continue;
      w.crc = zlib.crc32(bytes, w.crc);
      w.size += bytes.length;
      const packed = await deflateRaw(bytes, DEFLATE_OPTIONS);
      w.compressed += packed.length;
      yield packed;
    }
    w.compressed += FINAL_BLOCK.length;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    writeSizes(descriptor, 4, w);
    yield Buffer.concat([FINAL_BLOCK, descriptor]);
    offset += w.compressed + descriptor.length;
    written.push(w);
  }
  const directory = written.map((w) => {
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    // Version made by, then the fields the local header also holds.
    head.writeUInt16LE(20, 4);
    writeEntryFields(head, 6, w, time, date);
    // Extra field, comment, disk, attributes (30…41): zero.
    head.writeUInt32LE(w.offset, 42);
    return Buffer.concat([head, w.name]);
  });
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directoryBytes, end]);
}
