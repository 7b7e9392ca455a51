import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, renderInvoiceXml, type InvoiceDocumentInput } from './invoice-documents.js';

const input: InvoiceDocumentInput = {
  kind: 'payment',
  series: 'ENV',
  folio: 17,
  uuid: 'A1B2C3D4-0000-4000-8000-123456789ABC',
  issuedAt: new Date('2026-11-20T18:30:00Z'),
  issuer: { rfc: 'EMX200101Z75', name: 'ENVIOS MX', taxSystem: '601', zip: '06600' },
  receptor: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', tax_system: '601', zip: '06600', email: 'facturas@kemper.test' },
  use: 'G03',
  paymentForm: '01',
  items: [
    {
      description: 'Servicio de paquetería DHL EXPRESS DOMESTIC, envío 1042, guía 1234567890',
      quantity: 1,
      amountCentavos: 25648,
      product_key: '78102200',
      unit_key: 'E48',
    },
    { description: 'Servicio de paquetería FedEx <urgente> & "frágil"', quantity: 1, amountCentavos: 11600, product_key: '78102200', unit_key: 'E48' },
  ],
  period: '2026-11',
  relatedUuid: null,
};

/** The text drawn on the pages: pdfkit writes each line as a TJ array of hex strings. */
function drawnLines(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)].map(([, parts]) =>
    [...(parts ?? '').matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => Buffer.from(hex ?? '', 'hex').toString('latin1')).join(''),
  );
}

describe('the sandbox invoice’s files', () => {
  it('the XML is shaped like a CFDI 4.0 but says it is a test: no seal, no certificate, no SAT stamp', () => {
    const xml = renderInvoiceXml(input).toString('utf8');
    expect(xml).toContain('<!-- SIN VALIDEZ FISCAL');
    expect(xml).toContain('Version="4.0" Serie="ENV" Folio="17" Fecha="2026-11-20T12:30:00" FormaPago="01"');
    expect(xml).toContain('SubTotal="321.10"');
    expect(xml).toContain('Total="372.48"');
    expect(xml).toContain(
      '<cfdi:Receptor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="601" UsoCFDI="G03"/>',
    );
    expect(xml).toContain('Descripcion="Servicio de paquetería FedEx &lt;urgente&gt; &amp; &quot;frágil&quot;"');
    expect(xml).toContain('TotalImpuestosTrasladados="51.38"');
    expect(xml).toContain('Leyenda="SIN VALIDEZ FISCAL"');
    for (const real of ['TimbreFiscalDigital', 'Sello=', 'Certificado=', 'NoCertificado=']) expect(xml).not.toContain(real);
  });

  it('without our fiscal data the test invoice says so, and never takes the receptor’s postal code as the place of issue', () => {
    const xml = renderInvoiceXml({
      ...input,
      issuer: { rfc: undefined, name: undefined, taxSystem: undefined, zip: undefined },
      receptor: { ...input.receptor, zip: '44100' },
    }).toString('utf8');
    expect(xml).toContain('LugarExpedicion="PENDIENTE DE CONFIGURAR"');
    expect(xml).toContain('<cfdi:Emisor Rfc="PENDIENTE DE CONFIGURAR" Nombre="PENDIENTE DE CONFIGURAR" RegimenFiscal="PENDIENTE DE CONFIGURAR"/>');
    expect(xml.match(/44100/g)).toHaveLength(1);
  });

  it('a global invoice carries its month; a replacement its related CFDI (04)', () => {
    const xml = renderInvoiceXml({ ...input, kind: 'global', relatedUuid: 'OLD-UUID' }).toString('utf8');
    expect(xml).toContain('<cfdi:InformacionGlobal Periodicidad="04" Meses="11" Año="2026"/>');
    expect(xml).toContain('<cfdi:CfdiRelacionados TipoRelacion="04">');
  });

  it('the PDF says «SIN VALIDEZ FISCAL» on every page, and the same input gives the same bytes', async () => {
    const many = { ...input, items: Array.from({ length: 60 }, (_, i) => ({ ...input.items[0]!, description: `Concepto ${i + 1}` })), debugUncompressed: true };
    const pdf = await renderInvoicePdf(many);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
    expect(pages).toBeGreaterThan(1);
    const lines = drawnLines(pdf);
    // Each page: the band on top and the watermark across it.
    expect(lines.filter((l) => l === 'SIN VALIDEZ FISCAL')).toHaveLength(pages);
    expect(lines.filter((l) => l.startsWith('FACTURA DE PRUEBA · SIN VALIDEZ FISCAL'))).toHaveLength(pages);
    expect(lines).toContain('Concepto 60');
    expect(lines).toContain('ESCUELA KEMPER URGATE');
    expect((await renderInvoicePdf(input)).equals(await renderInvoicePdf(input))).toBe(true);
  });
});
