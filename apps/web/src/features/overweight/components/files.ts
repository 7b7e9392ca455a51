import { DISPUTE_ATTACHMENTS_MAX, OVERWEIGHT_FILE_MAX_BYTES, OVERWEIGHT_FILE_TYPES } from '@envios/contracts/overweight';

export const FILE_ACCEPT = OVERWEIGHT_FILE_TYPES.join(',');
export { DISPUTE_ATTACHMENTS_MAX };

/** The same checks the server makes, before sending: a photo or a PDF of at most 5 MB. */
export function fileProblem(files: readonly File[], max: number): string | null {
  if (files.length > max) return `Adjunta como máximo ${max} archivos.`;
  for (const f of files) {
    if (!(OVERWEIGHT_FILE_TYPES as readonly string[]).includes(f.type)) return `«${f.name}» no es una foto (JPG, PNG o WebP) ni un PDF.`;
    if (f.size > OVERWEIGHT_FILE_MAX_BYTES) return `«${f.name}» pesa más de 5 MB; sube uno más ligero.`;
  }
  return null;
}
