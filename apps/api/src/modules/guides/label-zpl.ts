import { checkLabelInput, LABEL_MAX_PARCEL_LINES, labelCityLine, labelParcelLine, labelShipDate, type LabelAddress, type LabelPdfInput } from './label-pdf.js';

/**
 * The guía label in ZPL II for Zebra-compatible thermal printers: 203 dpi, 4 × 6 in (812 × 1218
 * dots), the same content as the PDF label (carrier, service, the guide as a Code 128 barcode
 * with its number under it, sender, recipient, parcels, folio, ship date and content). Text is
 * UTF-8 (`^CI28`) with `^FH` escapes, so accents print and a `^` or `~` in a name cannot start a
 * command. One `^XA … ^XZ` block per label: a file of many labels prints them one after another.
 */

export const ZPL_DOTS_PER_INCH = 203;
export const ZPL_WIDTH = 812;
export const ZPL_HEIGHT = 1218;
const MARGIN = 24;
const CONTENT = ZPL_WIDTH - 2 * MARGIN;
const BARCODE_HEIGHT = 140;
/** Code 128 needs 10 modules of white on each side. */
const QUIET_MODULES = 10;

/** `^FH` escapes (hex of the UTF-8 bytes) for the characters ZPL reads as commands or escapes. */
function escapeField(text: string): string {
  let out = '';
  // eslint-disable-next-line no-control-regex -- control characters never reach a printer
  for (const ch of text.replace(/[\u0000-\u001f\u007f]/g, ' ')) {
    if (ch === '^' || ch === '~' || ch === '_') out += `_${ch.charCodeAt(0).toString(16).toUpperCase()}`;
    else out += ch;
  }
  return out;
}

/**
 * Font 0 (scalable) is about half as wide as it is tall on average: a line longer than its room is
 * cut and ends in '...', so it never runs into the next field.
 */
function fit(text: string, width: number, height: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const room = Math.floor(width / (height * 0.56));
  return clean.length <= room ? clean : `${clean.slice(0, Math.max(0, room - 3)).trimEnd()}...`;
}

class ZplLabel {
  private out: string[] = [];
  y = MARGIN;

  text(value: string, size: number, opts: { x?: number; width?: number; center?: boolean; reverse?: boolean } = {}): void {
    const x = opts.x ?? MARGIN;
    const width = opts.width ?? CONTENT;
    const block = opts.center ? `^FB${width},1,0,C,0` : '';
    this.out.push(`^FO${x},${this.y}^A0N,${size},${size}${block}${opts.reverse ? '^FR' : ''}^FH^FD${escapeField(fit(value, width, size))}^FS`);
    this.y += Math.round(size * 1.2);
  }

  rule(): void {
    this.out.push(`^FO${MARGIN},${this.y}^GB${CONTENT},3,3^FS`);
    this.y += 12;
  }

  box(height: number): void {
    this.out.push(`^FO${MARGIN},${this.y}^GB${CONTENT},${height},${height}^FS`);
  }

  barcode(guide: string): void {
    // Estimated as code set B throughout (11 modules a character, plus start, check and stop):
    // never narrower than what the printer draws in its automatic mode.
    const modules = 11 * (guide.length + 2) + 13 + 2 * QUIET_MODULES;
    const moduleWidth = Math.max(1, Math.min(4, Math.floor(ZPL_WIDTH / modules)));
    const barsWidth = (modules - 2 * QUIET_MODULES) * moduleWidth;
    const x = Math.max(0, Math.round((ZPL_WIDTH - barsWidth) / 2));
    this.out.push(`^BY${moduleWidth},3,${BARCODE_HEIGHT}^FO${x},${this.y}^BCN,${BARCODE_HEIGHT},N,N,N,A^FD${escapeField(guide)}^FS`);
    this.y += BARCODE_HEIGHT + 8;
  }

  toString(): string {
    return `^XA^CI28^PW${ZPL_WIDTH}^LL${ZPL_HEIGHT}^LH0,0^PON\n${this.out.join('\n')}\n^PQ1^XZ\n`;
  }
}

function address(label: ZplLabel, title: string, a: LabelAddress, large: boolean): void {
  const body = large ? 30 : 22;
  label.text(title, 20);
  label.text(a.name, large ? 40 : 26);
  label.text(a.addressLine, body);
  label.text(`Col. ${a.colony}`, body);
  label.text(labelCityLine(a), body);
  label.text(`Tel. ${a.phone}`, body);
  label.y += 2;
  label.rule();
}

/** One label as a `^XA … ^XZ` block. Throws LabelInputError as the PDF does for input it cannot print. */
export function renderLabelZpl(input: LabelPdfInput): string {
  const guide = checkLabelInput(input);
  const label = new ZplLabel();
  label.text(input.carrierName, 62);
  label.text(input.serviceName, 36);
  label.y += 4;
  if (input.sandbox) {
    label.box(44);
    label.y += 8;
    label.text('SANDBOX - no válida para envío', 30, { center: true, reverse: true });
    label.y += 6;
  }
  label.barcode(guide);
  label.text(guide, 36, { center: true });
  label.rule();
  address(label, 'REMITENTE', input.origin, false);
  address(label, 'DESTINATARIO', input.destination, true);
  const count = input.parcels.length;
  const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(input.billableWeightKg);
  label.text(`Paquetes: ${count} · Peso facturable total: ${kg} kg`, 24);
  const shown = count > LABEL_MAX_PARCEL_LINES ? LABEL_MAX_PARCEL_LINES - 1 : count;
  input.parcels.slice(0, shown).forEach((p, i) => label.text(labelParcelLine(p, i), 22));
  if (shown < count) label.text(`... y ${count - shown} paquetes más`, 22);
  label.rule();
  label.text(`Folio: ${input.numberOfOrder}`, 24);
  label.text(`Fecha de envío: ${labelShipDate(input)}`, 24);
  label.text(`Contenido: ${input.contentDescription}`, 24);
  return label.toString();
}

/** Many labels, one block each, in the order given. */
export function renderLabelsZpl(inputs: readonly LabelPdfInput[]): string {
  return inputs.map(renderLabelZpl).join('');
}
