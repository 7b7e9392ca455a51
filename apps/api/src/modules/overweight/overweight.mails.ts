import { formatMXN } from '@envios/contracts/money';
import { overweightStateText } from '@envios/contracts/overweight';
import { clean, escapeHtml, layout, textLayout, type RenderedMail } from '../notifications/notifications.usecases.js';

/**
 * The customer hears of every step of an overweight: when it is recorded (charged or pending),
 * when their dispute arrives, and when an admin accepts or rejects it. Each mail says how much,
 * why, what happens with the money, and links to the overweight page.
 */

interface Common {
  firstName: string;
  numberOfOrder: number;
  guide: string | null;
  service: string;
  url: string;
}

function mail(opts: { subject: string; title: string; lines: string[]; action: { label: string; url: string }; footnote?: string }): RenderedMail {
  return {
    subject: opts.subject,
    html: layout({
      title: opts.title,
      paragraphs: opts.lines.map(escapeHtml),
      action: opts.action,
      ...(opts.footnote ? { footnote: escapeHtml(opts.footnote) } : {}),
    }),
    text: textLayout([...opts.lines, `${opts.action.label}: ${opts.action.url}`, ...(opts.footnote ? [opts.footnote] : [])]),
  };
}

function which(d: Common): string {
  return `tu envío ${d.numberOfOrder}${d.guide ? ` (guía ${clean(d.guide)})` : ''} de ${clean(d.service)}`;
}

export function overweightRecordedMail(
  d: Common & { kg: number; costCentavos: number; charged: boolean; measured: string | null; rule: string | null; note: string | null; corrected: boolean },
): RenderedMail {
  const money = formatMXN(d.costCentavos);
  const lines = [
    `Hola ${clean(d.firstName)}:`,
    `${d.corrected ? 'Corregimos el sobrepeso de' : 'La paquetería midió'} ${which(d)}: ${d.kg} kg más de lo declarado, con un costo de ${money}.`,
    ...(d.measured ? [`Lo que midió la paquetería: ${d.measured}.`] : []),
    ...(d.rule ? [`Cómo se calculó: ${d.rule}`] : []),
    ...(d.note ? [`Nota del equipo: ${clean(d.note)}`] : []),
    overweightStateText({ status: d.charged ? 'paid' : 'pending', amount: money, paidVia: d.charged ? 'wallet' : null, dispute: 'none', refund: null }),
    d.charged
      ? 'Lo ves en tu Monedero como «Pago sobrepeso». La aclaración se pide una vez, desde la página de sobrepesos, con un mensaje y fotos.'
      : 'La aclaración se pide una vez, desde la página de sobrepesos, con un mensaje y fotos.',
  ];
  return mail({
    subject: d.charged
      ? `Cobramos un sobrepeso de ${money} de tu envío ${d.numberOfOrder}`
      : `Tienes un sobrepeso pendiente de ${money} en tu envío ${d.numberOfOrder}`,
    title: d.corrected ? 'Sobrepeso corregido' : 'Sobrepeso registrado',
    lines,
    action: { label: 'Ver el sobrepeso', url: d.url },
  });
}

export function disputeReceivedMail(d: Common & { costCentavos: number; paid: boolean; attachments: number }): RenderedMail {
  return mail({
    subject: `Recibimos tu aclaración del sobrepeso de tu envío ${d.numberOfOrder}`,
    title: 'Recibimos tu aclaración',
    lines: [
      `Hola ${clean(d.firstName)}:`,
      `Recibimos tu aclaración del sobrepeso de ${formatMXN(d.costCentavos)} de ${which(d)}${d.attachments > 0 ? `, con ${d.attachments === 1 ? '1 archivo' : `${d.attachments} archivos`}` : ''}.`,
      d.paid
        ? 'El sobrepeso ya se había cobrado: si la aclaración procede, te devolvemos el monto a tu monedero.'
        : 'Mientras la revisamos no se cobra ni se suma a tus compras.',
      'Te escribiremos en cuanto un administrador la resuelva.',
    ],
    action: { label: 'Ver la aclaración', url: d.url },
  });
}

export function disputeAcceptedMail(d: Common & { costCentavos: number; refundCentavos: number | null }): RenderedMail {
  return mail({
    subject: `Aceptamos tu aclaración: cancelamos el sobrepeso de tu envío ${d.numberOfOrder}`,
    title: 'Aclaración aceptada',
    lines: [
      `Hola ${clean(d.firstName)}:`,
      `Revisamos tu aclaración y tienes razón: cancelamos el sobrepeso de ${formatMXN(d.costCentavos)} de ${which(d)}.`,
      d.refundCentavos
        ? `Te devolvimos ${formatMXN(d.refundCentavos)} a tu monedero; ya puedes usarlos.`
        : 'No se te cobró nada y ya no se sumará a tus compras.',
    ],
    action: { label: 'Ver el sobrepeso', url: d.url },
  });
}

export function disputeRejectedMail(d: Common & { costCentavos: number; reason: string; paid: boolean; charged: boolean }): RenderedMail {
  const money = formatMXN(d.costCentavos);
  return mail({
    subject: `Revisamos tu aclaración del sobrepeso de tu envío ${d.numberOfOrder}`,
    title: 'El sobrepeso se mantiene',
    lines: [
      `Hola ${clean(d.firstName)}:`,
      `Revisamos tu aclaración del sobrepeso de ${money} de ${which(d)} y se mantiene.`,
      `Motivo: ${clean(d.reason)}`,
      d.paid
        ? 'El sobrepeso ya estaba cobrado; no hay más cargos.'
        : d.charged
          ? `Se cobró ${money} de tu Monedero por sobrepeso (movimiento «Pago sobrepeso»).`
          : `Tu Monedero no alcanza para cubrir el sobrepeso de ${money}: queda pendiente para tu siguiente compra, o págalo desde tu Monedero.`,
    ],
    action: { label: 'Ver el sobrepeso', url: d.url },
    footnote: 'Si tienes más información, responde desde la página de contacto y la revisaremos.',
  });
}
