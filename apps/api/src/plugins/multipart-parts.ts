import type { FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.js';
import { controlCharacterError, findControlCharacter } from './input-guard.js';

/** One file part of a multipart body, read whole (its size is bounded by the route's multipart limits). */
export interface MultipartFile {
  /** The form field's name (e.g. `file`, `files`). */
  fieldname: string;
  filename: string;
  data: Buffer;
  /** True when the part was cut at the route's file size limit. */
  truncated: boolean;
  /** 0 for the first file of the body, 1 for the next… */
  index: number;
}

/**
 * Reads a multipart body the way the JSON guard reads JSON: a text field or a file name with a
 * control character or an unpaired surrogate is a 400 naming it (files are named `<field>.<n>`),
 * and a body without a boundary, cut short or otherwise malformed is the route's own 400
 * (`malformed`), never a 500. Each file goes to `onFile` as it arrives, which may refuse it by
 * throwing an `AppError`; the text fields are returned.
 */
export async function readMultipartParts(
  request: FastifyRequest,
  options: { onFile: (file: MultipartFile) => void | Promise<void>; malformed: () => AppError },
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let index = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const path = `${part.fieldname}.${index}`;
        if (findControlCharacter({ [path]: part.filename })) throw controlCharacterError([path], part.filename);
        const data = await part.toBuffer();
        await options.onFile({ fieldname: part.fieldname, filename: part.filename, data, truncated: part.file.truncated, index: index++ });
      } else if (typeof part.value === 'string') {
        if (findControlCharacter(part.value)) throw controlCharacterError([part.fieldname], part.value);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw options.malformed();
  }
  return fields;
}
