/* The contact form's e-mails: to support, the acknowledgement and an admin's answer. */
import { clean, escapeHtml, layout, type RenderedMail, textLayout } from './mail-layout.js';

export interface ContactMailData {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  phone: string;
  web: string;
  message: string;
  monthlyShipments: number | null;
}

function contactDetails(data: ContactMailData): string[] {
  return [
    `Nombre: ${clean(data.firstName)} ${clean(data.lastName)}`,
    `Empresa: ${clean(data.companyName)}`,
    `Correo: ${clean(data.email)}`,
    `Teléfono: ${clean(data.phone)}`,
    `Sitio web: ${clean(data.web)}`,
    `Envíos al mes: ${data.monthlyShipments === null ? 'aún no hace envíos' : data.monthlyShipments.toLocaleString('es-MX')}`,
  ];
}

/** A message, kept as typed: escaped, with its line breaks. */
function quoted(message: string): string {
  return `<blockquote style="margin:0;padding:12px 16px;border-left:4px solid #dbe4ff;background:#f8f9fc;white-space:pre-wrap">${escapeHtml(message)}</blockquote>`;
}

/** To support: a new message from the contact form (reply-to is the sender). */
export function contactReceivedMail(data: ContactMailData & { inboxUrl: string }): RenderedMail {
  const fullName = `${clean(data.firstName)} ${clean(data.lastName)}`;
  const details = contactDetails(data);
  return {
    subject: `Nuevo mensaje de contacto: ${fullName} (${clean(data.companyName)})`,
    html: layout({
      title: 'Nuevo mensaje de contacto',
      paragraphs: [details.map(escapeHtml).join('<br>'), quoted(data.message), 'Respóndelo desde Mensajes (o contesta este correo: llega al remitente).'],
      action: { label: 'Abrir en Mensajes', url: data.inboxUrl },
      canReply: true,
    }),
    text: textLayout([details.join('\n'), data.message, `Respóndelo desde Mensajes: ${data.inboxUrl}`], true),
  };
}

/**
 * A first name fit to greet someone with: what was typed must be letters only (with accents,
 * spaces, an apostrophe or a hyphen), and the greeting takes its first word. Anything else (a
 * link, digits, punctuation, a sentence) is not a name, and the greeting goes without it.
 */
export function greetingName(firstName: string): string | null {
  const typed = firstName.trim();
  if (!/^\p{L}[\p{L}\p{M}'’ -]{0,34}$/u.test(typed)) return null;
  const first = typed.split(/\s+/, 1)[0] ?? '';
  return first.length <= 24 ? first : null;
}

/**
 * To the sender: we got it, and when to expect an answer. Nothing the sender typed is repeated
 * but a first name checked as a name, so the form cannot be used to mail someone else a text or
 * a link of the sender's choosing; the footer alone says whether replying reaches us.
 */
export function contactAcknowledgementMail(data: { firstName: string; supportHours: string; canReply: boolean }): RenderedMail {
  const name = greetingName(data.firstName);
  const greeting = name ? `Hola ${name}:` : 'Hola:';
  const lead =
    'Gracias por escribirnos: recibimos tu mensaje desde el formulario de contacto de Envíos MX. Un asesor lo leerá y te contestará pronto a esta dirección de correo.';
  const hours = `Atendemos ${clean(data.supportHours)} (hora del centro de México).`;
  const notYou = 'Si no enviaste ningún mensaje, ignora este correo.';
  return {
    subject: 'Recibimos tu mensaje',
    html: layout({
      title: 'Recibimos tu mensaje',
      paragraphs: [escapeHtml(greeting), lead, hours],
      footnote: notYou,
      canReply: data.canReply,
    }),
    text: textLayout([greeting, lead, hours, notYou], data.canReply),
  };
}

/** An admin's answer to a contact message, with the original quoted below. */
export function contactReplyMail(data: { firstName: string; reply: string; original: string; contactUrl: string; canReply: boolean }): RenderedMail {
  const name = clean(data.firstName);
  return {
    subject: 'Respuesta a tu mensaje',
    html: layout({
      title: 'Respuesta a tu mensaje',
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        `<span style="white-space:pre-wrap">${escapeHtml(data.reply)}</span>`,
        'Tu mensaje original:',
        quoted(data.original),
        data.canReply ? 'Si tienes otra duda, responde a este correo.' : 'Si tienes otra duda, escríbenos de nuevo desde Contáctanos.',
      ],
      ...(data.canReply ? {} : { action: { label: 'Contáctanos', url: data.contactUrl } }),
      canReply: data.canReply,
    }),
    text: textLayout(
      [
        `Hola ${name}:`,
        data.reply,
        'Tu mensaje original:',
        data.original,
        data.canReply ? 'Si tienes otra duda, responde a este correo.' : `Si tienes otra duda, escríbenos de nuevo: ${data.contactUrl}`,
      ],
      data.canReply,
    ),
  };
}
