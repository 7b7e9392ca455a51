import { loadOnce } from '../../shared/load-once.js';

/** The barcode and PDF libraries, loaded with the first label: most processes never draw one. */
const barcodes = loadOnce(async () => (await import('bwip-js/node')).default);
const pdfkit = loadOnce(async () => (await import('pdfkit')).default);

/** One side of the shipment as printed on the label. */
export interface LabelAddress {
  name: string;
  /** Street, number and interior number, already joined. */
  addressLine: string;
  colony: string;
  postalCode: string;
  city: string;
  /** State abbreviation or name, printed after the city when present. */
  state?: string;
  phone: string;
}

export interface LabelParcel {
  heightCm: number;
  lengthCm: number;
  widthCm: number;
  weightKg: number;
}

/** Everything a guía label shows; plain data so rendering needs no database. */
export interface LabelPdfInput {
  guideNumber: string;
  carrierName: string;
  serviceName: string;
  origin: LabelAddress;
  destination: LabelAddress;
  parcels: LabelParcel[];
  /** Total weight the carrier bills (real or volumetric, whichever is larger), computed by pricing. */
  billableWeightKg: number;
  /** The shipment folio (`numberOfOrder`). */
  numberOfOrder: number | string;
  /** A Mexico City calendar date `YYYY-MM-DD`, or an instant shown in Mexico City. */
  shipDate: string | Date;
  contentDescription: string;
  /** Labels of sandbox guides carry a band saying they are not valid for shipping. */
  sandbox: boolean;
  /** Becomes the PDF creation date, so the same input gives the same bytes. */
  issuedAt: Date;
  /** Tests only: leave content streams uncompressed so the drawn text can be read. */
  debugUncompressed?: boolean;
}

/** The label cannot be drawn from this input: a bug upstream, never the customer's fault. */
export class LabelInputError extends Error {
  readonly code = 'guides.label_invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'LabelInputError';
  }
}

const PAGE_WIDTH = 288;
const PAGE_HEIGHT = 432;
const MARGIN = 12;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const MAX_PARCEL_LINES = 4;
/** Code 128 encodes printable ASCII; carriers' guide numbers stay within it. */
const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
const MAX_GUIDE_LENGTH = 40;

const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });
const cm = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });
const longDate = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const calendarDate = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

function formatShipDate(value: string | Date): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new LabelInputError('La fecha de envío de la guía no es válida.');
    return longDate.format(value);
  }
  // A calendar date has no time zone: format it as that very day.
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(day.getTime())) throw new LabelInputError(`La fecha de envío «${value}» no es válida: usa AAAA-MM-DD.`);
  return calendarDate.format(day);
}

function checkInput(input: LabelPdfInput): string {
  const guide = input.guideNumber.trim();
  if (guide === '') throw new LabelInputError('No se puede generar la etiqueta: la guía no tiene número.');
  if (guide.length > MAX_GUIDE_LENGTH || !PRINTABLE_ASCII.test(guide)) {
    throw new LabelInputError(`No se puede generar la etiqueta: el número de guía «${guide}» debe tener de 1 a ${MAX_GUIDE_LENGTH} caracteres sin acentos.`);
  }
  if (input.parcels.length === 0) throw new LabelInputError('No se puede generar la etiqueta: el envío no tiene paquetes.');
  if (Number.isNaN(input.issuedAt.getTime())) throw new LabelInputError('La fecha de emisión de la etiqueta no es válida.');
  return guide;
}

interface Barcode {
  png: Buffer;
  /** Width in modules (narrowest bars): the PNG is drawn one pixel per module. */
  modules: number;
}

/**
 * Code 128 bars only (the number is printed under them in Helvetica). Bars are the same all the
 * way down, so bwip-js draws them one pixel per module and 1 px high and the PDF stretches the
 * image: a tiny PNG keeps PNG encoding and pdfkit's decoding out of the label's cost.
 */
async function renderBarcode(guide: string): Promise<Barcode> {
  const png = await (await barcodes()).toBuffer({ bcid: 'code128', text: guide, scale: 1, height: 0.5, includetext: false, paddingwidth: 0, paddingheight: 0 });
  return { png, modules: png.readUInt32BE(16) };
}

const BARCODE_HEIGHT = 50;
/** 2.5 pt ≈ 0.9 mm per module: wide enough for thermal printers and scanners at arm's length. */
const MAX_MODULE_WIDTH = 2.5;
const QUIET_MODULES = 10;

type Doc = PDFKit.PDFDocument;

/** Cuts a one-line text to `width`, ending in an ellipsis, so a long field never overlaps the next. */
function fit(doc: Doc, text: string, width: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (doc.widthOfString(clean) <= width) return clean;
  let end = clean.length;
  while (end > 0 && doc.widthOfString(`${clean.slice(0, end)}…`) > width) end--;
  return `${clean.slice(0, end).trimEnd()}…`;
}

function line(doc: Doc, text: string, x: number, y: number, width: number, font: string, size: number): number {
  doc.font(font).fontSize(size);
  doc.text(fit(doc, text, width), x, y, { lineBreak: false });
  return y + size * 1.2;
}

function cityLine(a: LabelAddress): string {
  return `CP ${a.postalCode}, ${a.city}${a.state ? `, ${a.state}` : ''}`;
}

function addressBlock(doc: Doc, title: string, a: LabelAddress, y: number, large: boolean): number {
  const body = large ? 10.5 : 7.5;
  let cursor = line(doc, title, MARGIN, y, CONTENT_WIDTH, 'Helvetica-Bold', 6.5);
  cursor = line(doc, a.name, MARGIN, cursor, CONTENT_WIDTH, 'Helvetica-Bold', large ? 13 : 8.5);
  cursor = line(doc, a.addressLine, MARGIN, cursor, CONTENT_WIDTH, 'Helvetica', body);
  cursor = line(doc, `Col. ${a.colony}`, MARGIN, cursor, CONTENT_WIDTH, 'Helvetica', body);
  cursor = line(doc, cityLine(a), MARGIN, cursor, CONTENT_WIDTH, 'Helvetica-Bold', body);
  return line(doc, `Tel. ${a.phone}`, MARGIN, cursor, CONTENT_WIDTH, 'Helvetica', body);
}

function rule(doc: Doc, y: number): number {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE_WIDTH - MARGIN, y)
    .lineWidth(0.75)
    .stroke('#000000');
  return y + 4;
}

function parcelLine(p: LabelParcel, index: number): string {
  return `${index + 1}. ${cm.format(p.heightCm)} × ${cm.format(p.lengthCm)} × ${cm.format(p.widthCm)} cm · ${kg.format(p.weightKg)} kg`;
}

function draw(doc: Doc, input: LabelPdfInput, guide: string, barcode: Barcode): void {
  let y = MARGIN;
  y = line(doc, input.carrierName, MARGIN, y, CONTENT_WIDTH, 'Helvetica-Bold', 22);
  y = line(doc, input.serviceName, MARGIN, y, CONTENT_WIDTH, 'Helvetica-Bold', 13) + 2;

  if (input.sandbox) {
    doc.rect(MARGIN, y, CONTENT_WIDTH, 16).fill('#000000');
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(10);
    doc.text('SANDBOX — no válida para envío', MARGIN, y + 4, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
    doc.fillColor('#000000');
    y += 20;
  }

  // Code 128 needs a quiet zone of 10 modules on each side, which may reach into the margins.
  const barsWidth = barcode.modules * Math.min(MAX_MODULE_WIDTH, PAGE_WIDTH / (barcode.modules + 2 * QUIET_MODULES));
  doc.image(barcode.png, (PAGE_WIDTH - barsWidth) / 2, y, { width: barsWidth, height: BARCODE_HEIGHT });
  y += BARCODE_HEIGHT + 2;
  doc.font('Helvetica-Bold').fontSize(12);
  doc.text(guide, MARGIN, y, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
  y = rule(doc, y + 16);

  y = rule(doc, addressBlock(doc, 'REMITENTE', input.origin, y, false) + 1);
  y = rule(doc, addressBlock(doc, 'DESTINATARIO', input.destination, y, true) + 1);

  const count = input.parcels.length;
  y = line(doc, `Paquetes: ${count} · Peso facturable total: ${kg.format(input.billableWeightKg)} kg`, MARGIN, y, CONTENT_WIDTH, 'Helvetica-Bold', 8);
  const shown = count > MAX_PARCEL_LINES ? MAX_PARCEL_LINES - 1 : count;
  input.parcels.slice(0, shown).forEach((p, i) => {
    y = line(doc, parcelLine(p, i), MARGIN, y, CONTENT_WIDTH, 'Helvetica', 7.5);
  });
  if (shown < count) y = line(doc, `… y ${count - shown} paquetes más`, MARGIN, y, CONTENT_WIDTH, 'Helvetica', 7.5);
  y = rule(doc, y + 1);

  y = line(doc, `Folio: ${input.numberOfOrder}`, MARGIN, y, CONTENT_WIDTH, 'Helvetica-Bold', 8);
  y = line(doc, `Fecha de envío: ${formatShipDate(input.shipDate)}`, MARGIN, y, CONTENT_WIDTH, 'Helvetica', 8);
  line(doc, `Contenido: ${input.contentDescription}`, MARGIN, y, CONTENT_WIDTH, 'Helvetica', 8);
}

type PdfInfo = PDFKit.DocumentInfo;

async function writePdf(opts: { size: [number, number]; compress: boolean; info: PdfInfo }, drawAll: (doc: Doc) => void): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({ size: opts.size, margin: 0, compress: opts.compress, autoFirstPage: false, info: opts.info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawAll(doc);
  doc.end();
  return done;
}

/**
 * Draws the guía label: one 4 × 6 in page (288 × 432 pt) in the standard Helvetica fonts, whose
 * WinAnsi encoding covers Spanish. The same input gives the same bytes: the creation date comes
 * from `issuedAt` and pdfkit derives the file id from the document info.
 */
export async function renderLabelPdf(input: LabelPdfInput): Promise<Buffer> {
  const guide = checkInput(input);
  const shipDate = formatShipDate(input.shipDate);
  const barcode = await renderBarcode(guide);
  const info: PdfInfo = {
    Title: `Guía ${guide}`,
    Author: input.carrierName,
    Subject: `Folio ${input.numberOfOrder} · ${shipDate}`,
    Producer: 'Envíos MX',
    Creator: 'Envíos MX',
    CreationDate: input.issuedAt,
  };
  return writePdf({ size: [PAGE_WIDTH, PAGE_HEIGHT], compress: !input.debugUncompressed, info }, (doc) => {
    doc.addPage();
    draw(doc, input, guide, barcode);
  });
}

/** `4x6`: one label per 4 × 6 in page; `letter`: two per letter page, each turned to fill a half. */
export type LabelSheet = '4x6' | 'letter';

const LETTER_WIDTH = 612;
const LETTER_HEIGHT = 792;

/**
 * Many labels in one PDF, in the order given, each drawn exactly as `renderLabelPdf` draws it. On
 * letter paper each label is turned a quarter so two fit, one per half page, with a dashed line to
 * cut along. Inputs must already be valid (`checkLabelInput`).
 */
export async function renderLabelsPdf(
  inputs: readonly LabelPdfInput[],
  sheet: LabelSheet,
  opts: { createdAt: Date; debugUncompressed?: boolean },
): Promise<Buffer> {
  const prepared: { input: LabelPdfInput; guide: string; barcode: Barcode }[] = [];
  for (const input of inputs) {
    const guide = checkInput(input);
    formatShipDate(input.shipDate);
    prepared.push({ input, guide, barcode: await renderBarcode(guide) });
  }
  const info: PdfInfo = { Title: `${inputs.length} guías`, Producer: 'Envíos MX', Creator: 'Envíos MX', CreationDate: opts.createdAt };
  if (sheet === '4x6') {
    return writePdf({ size: [PAGE_WIDTH, PAGE_HEIGHT], compress: !opts.debugUncompressed, info }, (doc) => {
      for (const p of prepared) {
        doc.addPage();
        draw(doc, p.input, p.guide, p.barcode);
      }
    });
  }
  // Each half of the page is 612 × 396 pt; a label turned a quarter is 432 × 288, centred in it.
  const halfHeight = LETTER_HEIGHT / 2;
  const left = (LETTER_WIDTH - PAGE_HEIGHT) / 2;
  const top = (halfHeight - PAGE_WIDTH) / 2;
  return writePdf({ size: [LETTER_WIDTH, LETTER_HEIGHT], compress: !opts.debugUncompressed, info }, (doc) => {
    prepared.forEach((p, i) => {
      const half = i % 2;
      if (half === 0) {
        doc.addPage();
        doc
          .save()
          .moveTo(18, halfHeight)
          .lineTo(LETTER_WIDTH - 18, halfHeight)
          .dash(4, { space: 4 })
          .lineWidth(0.5)
          .stroke('#888888')
          .undash()
          .restore();
      }
      doc.save();
      // Turned clockwise: the label's top edge runs down the right-hand side of its half.
      doc.translate(left + PAGE_HEIGHT, half * halfHeight + top).rotate(90);
      draw(doc, p.input, p.guide, p.barcode);
      doc.restore();
    });
  });
}

/** Throws LabelInputError when the input cannot be drawn; answers the guide number as printed. */
export function checkLabelInput(input: LabelPdfInput): string {
  const guide = checkInput(input);
  formatShipDate(input.shipDate);
  return guide;
}

/** The ship date as the label prints it ('martes, 3 de marzo de 2026'). */
export function labelShipDate(input: LabelPdfInput): string {
  return formatShipDate(input.shipDate);
}

/** 'CP 06600, Ciudad de México, CDMX': the label's city line. */
export function labelCityLine(a: LabelAddress): string {
  return cityLine(a);
}

/** '1. 20 × 30 × 15 cm · 2,5 kg': a parcel's line on the label. */
export function labelParcelLine(p: LabelParcel, index: number): string {
  return parcelLine(p, index);
}

export { MAX_PARCEL_LINES as LABEL_MAX_PARCEL_LINES };
