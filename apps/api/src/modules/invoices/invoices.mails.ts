import { SANDBOX_INVOICE_TEXT } from '@envios/contracts/invoices';
import { clean, escapeHtml, layout, textLayout, type RenderedMail } from '../notifications/notifications.usecases.js';

/** The sandbox's invoice e-mail (a real invoice is sent by the stamping service, with its files attached). */
export function sandboxInvoiceMail(data: {
  receptorName: string;
  folio: string;
  uuid: string;
  total: string;
  pdfUrl: string;
  xmlUrl: string;
  billingUrl: string;
}): RenderedMail {
  const name = clean(data.receptorName);
  const lines = [
    `Hola, ${name}:`,
    `Aquí está tu factura ${data.folio} por ${data.total} (folio fiscal de prueba ${data.uuid}).`,
    `Es una factura de prueba: ${SANDBOX_INVOICE_TEXT.toLowerCase()}. La emitió el entorno de pruebas de Envíos MX y no se envió al SAT.`,
  ];
  return {
    subject: `Tu factura ${data.folio} de Envíos MX (prueba, ${SANDBOX_INVOICE_TEXT.toLowerCase()})`,
    html: layout({
      title: `Factura ${data.folio} (prueba)`,
      paragraphs: [
        ...lines.map(escapeHtml),
        `Descárgala: <a href="${escapeHtml(data.pdfUrl)}">PDF</a> · <a href="${escapeHtml(data.xmlUrl)}">XML</a>. Los enlaces vencen en 30 días; después, descárgala desde Facturación.`,
      ],
      action: { label: 'Ver mis facturas', url: data.billingUrl },
    }),
    text: textLayout([...lines, `PDF: ${data.pdfUrl}`, `XML: ${data.xmlUrl}`, `Tus facturas: ${data.billingUrl}`]),
  };
}
