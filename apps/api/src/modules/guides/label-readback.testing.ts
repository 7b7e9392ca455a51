import zlib from 'node:zlib';
import { BarcodeFormat, BitArray, Code128Reader, DecodeHintType } from '@zxing/library';

/*
 * Reading label files back in tests: the pages of a PDF, the barcode images it embeds decoded with
 * ZXing's Code 128 reader (the bars as the printer gets them, not the text under them), and a ZPL
 * file split into labels and commands.
 */

/** How many pages the PDF has (its page objects). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

interface PdfImage {
  object: number;
  /** The object holding this image's alpha (pdfkit keeps a PNG's transparency apart). */
  smask: number | undefined;
  width: number;
  height: number;
  colors: number;
  bits: number;
  /** Decoded samples (PNG predictors undone). */
  pixels: Buffer;
}

/** Every image XObject of the PDF, decoded (Flate with or without PNG predictors). */
export function pdfImages(pdf: Buffer): PdfImage[] {
  const text = pdf.toString('latin1');
  const images: PdfImage[] = [];
  const objects = /(\d+) 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g;
  for (let m = objects.exec(text); m; m = objects.exec(text)) {
    const dict = m[2]!;
    if (!/\/Subtype\s*\/Image/.test(dict)) continue;
    const num = (key: string) => Number(new RegExp(`/${key}\\s+(\\d+)`).exec(dict)?.[1] ?? NaN);
    const length = num('Length');
    const start = m.index + m[0].length;
    const raw = pdf.subarray(start, start + length);
    let data = /\/FlateDecode/.test(dict) ? zlib.inflateSync(raw) : raw;
    const width = num('Width');
    const height = num('Height');
    const bits = num('BitsPerComponent');
    const colors = /\/DeviceRGB/.test(dict) ? 3 : 1;
    if (/\/Predictor\s+1[0-5]/.test(dict)) data = undoPngPredictor(data, width, colors, bits);
    const smask = /\/SMask\s+(\d+)\s+0\s+R/.exec(dict)?.[1];
    images.push({ object: Number(m[1]), smask: smask === undefined ? undefined : Number(smask), width, height, colors, bits, pixels: data });
  }
  return images;
}

function undoPngPredictor(data: Buffer, width: number, colors: number, bits: number): Buffer {
  const bpp = Math.max(1, (colors * bits) / 8);
  const rowBytes = Math.ceil((width * colors * bits) / 8);
  const rows = data.length / (rowBytes + 1);
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * (rowBytes + 1)]!;
    for (let i = 0; i < rowBytes; i++) {
      const x = data[r * (rowBytes + 1) + 1 + i]!;
      const a = i >= bpp ? out[r * rowBytes + i - bpp]! : 0;
      const b = r > 0 ? out[(r - 1) * rowBytes + i]! : 0;
      const c = i >= bpp && r > 0 ? out[(r - 1) * rowBytes + i - bpp]! : 0;
      let v = x;
      if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[r * rowBytes + i] = v & 0xff;
    }
  }
  return out;
}

/** The sample at x of the first row, 0 (black) to 255 (white), averaged over the colours. */
function level(image: PdfImage, x: number): number {
  if (image.bits === 1) return ((image.pixels[x >> 3]! >> (7 - (x & 7))) & 1) * 255;
  let sum = 0;
  for (let c = 0; c < image.colors; c++) sum += image.pixels[x * image.colors + c]!;
  return sum / image.colors;
}

/** The first row of an image on white paper as dark (true) or light modules, one per pixel. */
function darkRow(image: PdfImage, alpha: PdfImage | undefined): boolean[] {
  const row: boolean[] = [];
  for (let x = 0; x < image.width; x++) {
    const opacity = alpha ? level(alpha, x) / 255 : 1;
    row.push(255 - (255 - level(image, x)) * opacity < 128);
  }
  return row;
}

/** Decodes a row of modules as Code 128 with ZXing (quiet zones added around it). */
export function decodeCode128(modules: readonly boolean[]): string {
  const padded = [...Array<boolean>(20).fill(false), ...modules, ...Array<boolean>(20).fill(false)];
  const bits = new BitArray(padded.length);
  padded.forEach((dark, i) => {
    if (dark) bits.set(i);
  });
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]);
  return new Code128Reader().decodeRow(0, bits, hints).getText();
}

/** The Code 128 barcodes a PDF embeds, decoded, in the order they appear. */
export function pdfBarcodes(pdf: Buffer): string[] {
  const images = pdfImages(pdf);
  const masks = new Set(images.flatMap((i) => (i.smask === undefined ? [] : [i.smask])));
  const byObject = new Map(images.map((i) => [i.object, i]));
  return images
    .filter((i) => !masks.has(i.object))
    .map((image) => decodeCode128(darkRow(image, image.smask === undefined ? undefined : byObject.get(image.smask))));
}

export interface ZplCommand {
  /** `^FO`, `^BC`… */
  name: string;
  params: string;
}

/** A ZPL file as labels (`^XA … ^XZ`), each a list of commands; throws on text outside a label. */
export function parseZpl(zpl: string): ZplCommand[][] {
  const labels: ZplCommand[][] = [];
  let current: ZplCommand[] | undefined;
  const tokens = zpl.split(/(?=[\^~])/);
  for (const raw of tokens) {
    const token = raw.replace(/\n$/, '');
    if (token.trim() === '') continue;
    if (!/^[\^~][A-Z@][A-Z0-9@]/.test(token)) throw new Error(`Texto fuera de un comando: «${token}»`);
    const name = token.slice(0, 3);
    const params = token.slice(3);
    if (name === '^XA') {
      if (current) throw new Error('^XA dentro de una etiqueta abierta');
      current = [];
      continue;
    }
    if (!current) throw new Error(`${name} fuera de una etiqueta`);
    if (name === '^XZ') {
      labels.push(current);
      current = undefined;
      continue;
    }
    current.push({ name, params });
  }
  if (current) throw new Error('Etiqueta sin ^XZ');
  return labels;
}

/** The text of a `^FD` after `^FH` escapes (`_5E` → `^`), read as UTF-8. */
export function zplFieldText(params: string): string {
  const bytes: number[] = [];
  const utf8 = Buffer.from(params, 'utf8');
  for (let i = 0; i < utf8.length; i++) {
    if (utf8[i] === 0x5f && i + 2 < utf8.length) {
      bytes.push(parseInt(String.fromCharCode(utf8[i + 1]!, utf8[i + 2]!), 16));
      i += 2;
    } else bytes.push(utf8[i]!);
  }
  return Buffer.from(bytes).toString('utf8');
}
