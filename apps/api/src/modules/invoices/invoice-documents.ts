import { SANDBOX_INVOICE_TEXT, type Receptor } from '@envios/contracts/invoices';
import { formatMXN } from '@envios/contracts/money';
import { formaPagoLabel, regimenLabel, usoLabel } from '@envios/contracts/sat/catalogs';
import { loadOnce } from '../../shared/load-once.js';
import { formatMexicoCityDateTime } from '../../shared/mexico-city-time.js';
import type { IssuerSettings } from './invoices.deps.js';
import type { StoredItem } from './invoices.table.js';

/**
 * The PDF and XML of an invoice the offline sandbox issued. They say what they are on every page
 * and in the file itself: a test, «sin validez fiscal», never sent to the SAT, without a seal or a
 * certificate and without the SAT's stamp (no TimbreFiscalDigital). Real invoices are downloaded
 * from the stamping service instead.
 */

const pdfkit = loadOnce(async () => (await import('pdfkit')).default);

export interface InvoiceDocumentInput {
  kind: 'payment' | 'global';
  series: string | null;
  folio: number;
  /** The test folio fiscal. */
  uuid: string;
  issuedAt: Date;
  issuer: IssuerSettings;
  receptor: Receptor;
  use: string;
  paymentForm: string;
  items: readonly StoredItem[];
  /** `YYYY-MM` of a global invoice. */
  period: string;
  relatedUuid: string | null;
  /** Tests only: leave content streams uncompressed so the drawn text can be read. */
  debugUncompressed?: boolean;
}

const PENDING = 'PENDIENTE DE CONFIGURAR';

function money(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** Base and IVA of one concept whose price includes it. */
function split(item: StoredItem): { base: number; iva: number; amount: number } {
  const amount = item.amountCentavos * item.quantity;
  const base = Math.round(amount / 1.16);
  return { base, iva: amount - base, amount };
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A CFDI 4.0-shaped XML, unsigned and unstamped, with the sandbox's notice in a comment and an addenda. */
export function renderInvoiceXml(input: InvoiceDocumentInput): Buffer {
  const concepts = input.items.map((i) => ({ item: i, ...split(i) }));
  const base = concepts.reduce((s, c) => s + c.base, 0);
  const iva = concepts.reduce((s, c) => s + c.iva, 0);
  const total = base + iva;
  const attr = (pairs: Record<string, string | number | null | undefined>) =>
    Object.entries(pairs)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${k}="${escapeXml(String(v))}"`)
      .join(' ');
  const [year, month] = input.period.split('-');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- ${SANDBOX_INVOICE_TEXT.toUpperCase()}: comprobante de prueba del entorno de pruebas de Envíos MX. No lo timbró un PAC ni se envió al SAT; no tiene sello, certificado ni timbre fiscal y no sirve para deducir. -->`,
    `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:prueba="urn:envios-mx:entorno-de-pruebas" ${attr({
      Version: '4.0',
      Serie: input.series,
      Folio: input.folio,
      Fecha: formatMexicoCityDateTime(input.issuedAt).replace(' ', 'T'),
      FormaPago: input.paymentForm,
      SubTotal: money(base),
      Moneda: 'MXN',
      Total: money(total),
      TipoDeComprobante: 'I',
      Exportacion: '01',
      MetodoPago: 'PUE',
      LugarExpedicion: input.issuer.zip ?? PENDING,
    })}>`,
    ...(input.kind === 'global' ? [`  <cfdi:InformacionGlobal ${attr({ Periodicidad: '04', Meses: month, Año: year })}/>`] : []),
    ...(input.relatedUuid
      ? ['  <cfdi:CfdiRelacionados TipoRelacion="04">', `    <cfdi:CfdiRelacionado UUID="${escapeXml(input.relatedUuid)}"/>`, '  </cfdi:CfdiRelacionados>']
      : []),
    `  <cfdi:Emisor ${attr({ Rfc: input.issuer.rfc ?? PENDING, Nombre: input.issuer.name ?? PENDING, RegimenFiscal: input.issuer.taxSystem ?? PENDING })}/>`,
    `  <cfdi:Receptor ${attr({
      Rfc: input.receptor.rfc,
      Nombre: input.receptor.name,
      DomicilioFiscalReceptor: input.receptor.zip,
      RegimenFiscalReceptor: input.receptor.tax_system,
      UsoCFDI: input.use,
    })}/>`,
    '  <cfdi:Conceptos>',
    ...concepts.flatMap((c) => [
      `    <cfdi:Concepto ${attr({
        ClaveProdServ: c.item.product_key,
        NoIdentificacion: c.item.sku,
        Cantidad: c.item.quantity,
        ClaveUnidad: c.item.unit_key,
        Descripcion: c.item.description,
        ValorUnitario: money(Math.round(c.base / c.item.quantity)),
        Importe: money(c.base),
        ObjetoImp: '02',
      })}>`,
      `      <cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado ${attr({ Base: money(c.base), Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: money(c.iva) })}/></cfdi:Traslados></cfdi:Impuestos>`,
      '    </cfdi:Concepto>',
    ]),
    '  </cfdi:Conceptos>',
    `  <cfdi:Impuestos TotalImpuestosTrasladados="${money(iva)}"><cfdi:Traslados><cfdi:Traslado ${attr({ Base: money(base), Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: money(iva) })}/></cfdi:Traslados></cfdi:Impuestos>`,
    `  <cfdi:Addenda><prueba:SinValidezFiscal ${attr({ Leyenda: SANDBOX_INVOICE_TEXT.toUpperCase(), FolioFiscalDePrueba: input.uuid })}/></cfdi:Addenda>`,
    '</cfdi:Comprobante>',
    '',
  ];
  return Buffer.from(lines.join('\n'), 'utf8');
}

type Doc = PDFKit.PDFDocument;
const PAGE = { width: 612, height: 792, margin: 40 };
const WIDTH = PAGE.width - 2 * PAGE.margin;

const longDate = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', dateStyle: 'full', timeStyle: 'short' });

function stampPage(doc: Doc): void {
  // The notice across the page and in a band on top, on every page.
  doc.save();
  doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.font('Helvetica-Bold').fontSize(64).fillColor('#d32f2f').fillOpacity(0.12);
  doc.text(SANDBOX_INVOICE_TEXT.toUpperCase(), -200, PAGE.height / 2 - 40, { width: PAGE.width + 400, align: 'center', lineBreak: false });
  doc.restore();
  doc.save();
  doc.rect(0, 0, PAGE.width, 28).fill('#d32f2f');
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#ffffff').fillOpacity(1);
  doc.text(`FACTURA DE PRUEBA · ${SANDBOX_INVOICE_TEXT.toUpperCase()} · NO SE ENVIÓ AL SAT`, 0, 9, { width: PAGE.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillColor('#1a1a1a').fillOpacity(1);
}

function labelValue(doc: Doc, label: string, value: string, x: number, y: number, width: number): number {
  doc.font('Helvetica').fontSize(8).fillColor('#555555').text(label, x, y, { width });
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor('#1a1a1a')
    .text(value, x, doc.y + 1, { width });
  return doc.y + 5;
}

/** The sandbox invoice's PDF: letter size, the notice on every page; the same input gives the same bytes. */
export async function renderInvoicePdf(input: InvoiceDocumentInput): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const title = `${input.kind === 'global' ? 'Factura global' : 'Factura'} ${input.series ? `${input.series}-` : ''}${input.folio}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    compress: !input.debugUncompressed,
    info: {
      Title: `${title} (${SANDBOX_INVOICE_TEXT})`,
      Author: 'Envíos MX',
      Subject: SANDBOX_INVOICE_TEXT,
      Producer: 'Envíos MX',
      Creator: 'Envíos MX',
      CreationDate: input.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.on('pageAdded', () => stampPage(doc));
  stampPage(doc);

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1a1a1a').text(`${title} (CFDI 4.0 de prueba)`, PAGE.margin, 44, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#d32f2f')
    .text(`${SANDBOX_INVOICE_TEXT}: la emitió el entorno de pruebas de Envíos MX. No tiene sello digital ni timbre del SAT y no sirve para deducir.`, {
      width: WIDTH,
    });
  doc.fillColor('#1a1a1a');
  let y = doc.y + 10;
  const col = WIDTH / 2 - 8;
  const left = PAGE.margin;
  const right = PAGE.margin + WIDTH / 2 + 8;
  doc.font('Helvetica-Bold').fontSize(11).text('Emisor', left, y);
  doc.font('Helvetica-Bold').fontSize(11).text('Receptor', right, y);
  y += 16;
  let ly = labelValue(doc, 'Nombre o razón social', input.issuer.name ?? PENDING, left, y, col);
  ly = labelValue(doc, 'RFC', input.issuer.rfc ?? PENDING, left, ly, col);
  ly = labelValue(doc, 'Régimen fiscal', input.issuer.taxSystem ? regimenLabel(input.issuer.taxSystem) : PENDING, left, ly, col);
  ly = labelValue(doc, 'Lugar de expedición (CP)', input.issuer.zip ?? PENDING, left, ly, col);
  let ry = labelValue(doc, 'Nombre o razón social', input.receptor.name, right, y, col);
  ry = labelValue(doc, 'RFC', input.receptor.rfc, right, ry, col);
  ry = labelValue(doc, 'Régimen fiscal', regimenLabel(input.receptor.tax_system), right, ry, col);
  ry = labelValue(doc, 'Domicilio fiscal (CP)', input.receptor.zip, right, ry, col);
  ry = labelValue(doc, 'Uso CFDI', usoLabel(input.use), right, ry, col);
  y = Math.max(ly, ry) + 6;
  doc
    .moveTo(left, y)
    .lineTo(left + WIDTH, y)
    .strokeColor('#cccccc')
    .stroke();
  y += 8;
  ly = labelValue(doc, 'Folio fiscal (de prueba)', input.uuid, left, y, col);
  ly = labelValue(doc, 'Fecha de emisión', longDate.format(input.issuedAt), left, ly, col);
  ry = labelValue(doc, 'Forma de pago', formaPagoLabel(input.paymentForm), right, y, col);
  ry = labelValue(doc, 'Método de pago', 'PUE Pago en una sola exhibición', right, ry, col);
  ry = labelValue(doc, 'Moneda', 'MXN Peso mexicano', right, ry, col);
  y = Math.max(ly, ry);
  if (input.kind === 'global') {
    const [year, month] = input.period.split('-');
    y = labelValue(doc, 'Información global', `Periodicidad 04 Mensual · mes ${month} · año ${year} · público en general`, left, y, WIDTH);
  }
  if (input.relatedUuid) y = labelValue(doc, 'CFDI relacionado (04 Sustitución de los CFDI previos)', input.relatedUuid, left, y, WIDTH);
  y += 6;

  // Concepts.
  const cols = [
    { label: 'Cant.', width: 34 },
    { label: 'Clave', width: 58 },
    { label: 'Unidad', width: 40 },
    { label: 'Descripción', width: WIDTH - 34 - 58 - 40 - 80 - 70 },
    { label: 'Valor unitario', width: 80 },
    { label: 'Importe', width: 70 },
  ];
  const header = (at: number): number => {
    doc.rect(left, at, WIDTH, 16).fill('#eef2fb');
    doc.fillColor('#1a1a1a').font('Helvetica-Bold').fontSize(8);
    let x = left + 3;
    for (const c of cols) {
      doc.text(c.label, x, at + 4, { width: c.width - 6, align: c.label === 'Importe' || c.label === 'Valor unitario' ? 'right' : 'left', lineBreak: false });
      x += c.width;
    }
    return at + 20;
  };
  y = header(y);
  const bottom = PAGE.height - PAGE.margin - 90;
  for (const item of input.items) {
    const { base } = split(item);
    const cells = [
      String(item.quantity),
      item.product_key,
      item.unit_key,
      `${item.description}${item.sku ? ` (${item.sku})` : ''}`,
      money(Math.round(base / item.quantity)),
      money(base),
    ];
    doc.font('Helvetica').fontSize(8);
    const height = Math.max(12, doc.heightOfString(cells[3]!, { width: cols[3]!.width - 6 }) + 4);
    if (y + height > bottom) {
      doc.addPage();
      y = header(60);
    }
    let x = left + 3;
    cells.forEach((cell, i) => {
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#1a1a1a')
        .text(cell, x, y, { width: cols[i]!.width - 6, align: i >= 4 ? 'right' : 'left' });
      x += cols[i]!.width;
    });
    y += height;
  }
  const totals = input.items.reduce(
    (t, i) => {
      const s = split(i);
      return { base: t.base + s.base, iva: t.iva + s.iva };
    },
    { base: 0, iva: 0 },
  );
  if (y + 80 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = 60;
  }
  y += 8;
  doc
    .moveTo(left, y)
    .lineTo(left + WIDTH, y)
    .strokeColor('#cccccc')
    .stroke();
  y += 6;
  for (const [label, value, bold] of [
    ['Subtotal', formatMXN(totals.base), false],
    ['IVA trasladado 16 %', formatMXN(totals.iva), false],
    ['Total', formatMXN(totals.base + totals.iva), true],
  ] as const) {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9)
      .text(label, left + WIDTH - 260, y, { width: 150, align: 'right' });
    doc.text(value, left + WIDTH - 100, y, { width: 100, align: 'right' });
    y += bold ? 16 : 13;
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text('Precios con IVA incluido. Documento de prueba: sin sello digital del emisor, sin certificado y sin timbre fiscal del SAT.', left, y + 8, {
      width: WIDTH,
    });
  doc.end();
  return done;
}
