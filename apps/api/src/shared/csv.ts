/**
 * CSV as spreadsheets in Spanish write it: comma or semicolon separated (Excel in Spanish often
 * writes semicolons; a tab-separated export works too), quoted fields as in RFC 4180, UTF-8 with or
 * without BOM or, from older Excel, Windows-1252. One reader for every CSV the app takes
 * (tariffs, bulk shipments).
 */

/** Splits CSV text into records of fields, honouring quotes (a quoted field may hold the delimiter, quotes and newlines). */
export function splitCsv(text: string, delimiter: string): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ fields, line: recordLine });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ fields, line: recordLine });
  }
  return records.filter((r) => r.fields.some((f) => f.trim() !== ''));
}


/** The delimiter of the first line: semicolon or tab when it has those and no comma, else comma. */
export function detectCsvDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/**
 * The text of an uploaded CSV: UTF-8 (its BOM dropped), or Windows-1252 when the bytes are not
 * valid UTF-8 (what Excel writes as «CSV (delimitado por comas)» on many computers).
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
