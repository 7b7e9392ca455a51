import { OVERWEIGHT_FILE_MAX_BYTES, type OverweightFileType } from '@envios/contracts/overweight';
import { overweightErrors } from './overweight.errors.js';

/**
 * What an uploaded file really is, read from its first bytes (the name and the declared type are
 * the sender's word, not a fact): JPEG, PNG, WebP or PDF; anything else is refused.
 */
export function sniffFileType(bytes: Uint8Array): OverweightFileType | undefined {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a)
    return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 5 && ascii(0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

/** A file name fit for a header and a list: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string | undefined, type: OverweightFileType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}"<>|:*?]/gu, '')
    .trim()
    .slice(0, 120);
  if (clean) return clean;
  return type === 'application/pdf' ? 'documento.pdf' : `foto.${type.split('/')[1] === 'jpeg' ? 'jpg' : type.split('/')[1]}`;
}

export interface UploadedFile {
  fileName: string;
  contentType: OverweightFileType;
  data: Uint8Array;
}

/** Checks one upload: not empty, within the size limit, and really a photo or a PDF. `path` names it in the 400. */
export function checkUpload(file: { filename?: string; data: Uint8Array; truncated?: boolean }, path: string): UploadedFile {
  const mb = OVERWEIGHT_FILE_MAX_BYTES / (1024 * 1024);
  const named = file.filename ? `El archivo «${cleanFileName(file.filename, 'application/pdf')}»` : 'El archivo';
  if (file.truncated || file.data.length > OVERWEIGHT_FILE_MAX_BYTES)
    throw overweightErrors.fileInvalid(path, `${named} pesa más de ${mb} MB; sube uno más ligero.`);
  if (file.data.length === 0) throw overweightErrors.fileInvalid(path, `${named} está vacío.`);
  const type = sniffFileType(file.data);
  if (!type) throw overweightErrors.fileInvalid(path, `${named} no es una foto (JPG, PNG o WebP) ni un PDF.`);
  return { fileName: cleanFileName(file.filename, type), contentType: type, data: file.data };
}
