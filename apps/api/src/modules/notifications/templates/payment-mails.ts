/* The e-mails of money and guides: the OXXO slip, the guide issued, a new tracking state, money credited to the wallet. */
import { NO_EVENTS_TEXT, trackingHeadlines } from '@envios/contracts/tracking-rules';
import { clean, escapeHtml, layout, type RenderedMail, textLayout } from './mail-layout.js';

/**
 * Sent when an OXXO reference is created (the payment slip): the reference to dictate at
 * the store, the amount, until when it can be paid and a link to the printable slip.
 */
export function oxxoReferenceMail(data: {
  firstName: string;
  reference: string;
  /** Already formatted, e.g. 'MX$350.00'. */
  amount: string;
  /** Already formatted in Spanish, Mexico City time. */
  expiresAt: string;
  slipUrl: string;
  /** What it pays, e.g. 'Envíos 1001, 1002' or 'Abono a tu monedero'. */
  concept: string;
  sandbox: boolean;
  /** A wallet top-up buys no guide: the footnote says where the money lands instead. */
  topUp?: boolean;
}): RenderedMail {
  const name = clean(data.firstName);
  const steps = [
    '1. Acude a la tienda OXXO más cercana.',
    '2. Indica en caja que quieres realizar un pago de OXXOPay.',
    `3. Dicta al cajero la referencia ${data.reference}.`,
    `4. Realiza el pago en efectivo por ${data.amount}.`,
    '5. Conserva el ticket para cualquier aclaración.',
  ];
  const sandbox = 'Esta referencia es de PRUEBA (modo sandbox): no la pagues en una tienda.';
  const footnote = `${data.topUp ? 'Al confirmarse tu pago abonaremos el monto a tu Monedero electrónico.' : 'Al confirmarse tu pago te enviaremos por correo el enlace para descargar tu guía.'} OXXO cobra una comisión adicional al momento de realizar el pago.`;
  return {
    subject: `Tu referencia de pago en OXXO: ${data.reference}`,
    html: layout({
      title: 'Paga en OXXO',
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        `Generamos tu referencia de pago en efectivo para: ${escapeHtml(clean(data.concept))}.`,
        `Referencia: <strong style="font-size:18px;letter-spacing:1px">${escapeHtml(data.reference)}</strong><br>Monto: <strong>${escapeHtml(data.amount)}</strong><br>Paga antes del ${escapeHtml(data.expiresAt)}.`,
        steps.map(escapeHtml).join('<br>'),
        ...(data.sandbox ? [`<strong>${escapeHtml(sandbox)}</strong>`] : []),
      ],
      action: { label: 'Ver e imprimir ficha de pago', url: data.slipUrl },
      footnote: escapeHtml(footnote),
    }),
    text: textLayout([
      `Hola ${name}:`,
      `Generamos tu referencia de pago en efectivo para: ${clean(data.concept)}.`,
      `Referencia: ${data.reference}\nMonto: ${data.amount}\nPaga antes del ${data.expiresAt}.`,
      steps.join('\n'),
      ...(data.sandbox ? [sandbox] : []),
      `Ficha de pago: ${data.slipUrl}`,
      footnote,
    ]),
  };
}

/** The guía is issued (guides job): number, carrier and service, destination and a signed label link. */
export function guideReadyMail(data: {
  firstName: string;
  numberOfOrder: number;
  guideNumber: string;
  carrierService: string;
  destination: string;
  labelUrl: string;
  validDays: number;
  sandbox: boolean;
}): RenderedMail {
  const name = clean(data.firstName);
  // The guide's tracking state as every screen shows it before the carrier reports anything.
  const details = [
    `Número de guía: ${data.guideNumber}`,
    `Paquetería y servicio: ${clean(data.carrierService)}`,
    `Destino: ${clean(data.destination)}`,
    `Seguimiento: ${trackingHeadlines.created} · ${NO_EVENTS_TEXT}`,
  ];
  const validity = `El enlace vence en ${data.validDays} días; después puedes descargar tu guía desde Mis envíos al iniciar sesión.`;
  const print = 'Imprime la etiqueta y pégala en un lugar visible del paquete.';
  const sandbox = 'Esta guía es de PRUEBA (modo sandbox): no es válida para enviar.';
  return {
    subject: `Tu guía ${data.guideNumber} está lista`,
    html: layout({
      title: 'Tu guía está lista',
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        `Tu envío con folio ${data.numberOfOrder} ya tiene guía.`,
        details.map(escapeHtml).join('<br>'),
        escapeHtml(print),
        ...(data.sandbox ? [`<strong>${escapeHtml(sandbox)}</strong>`] : []),
      ],
      action: { label: 'Descargar guía (PDF)', url: data.labelUrl },
      footnote: escapeHtml(validity),
    }),
    text: textLayout([
      `Hola ${name}:`,
      `Tu envío con folio ${data.numberOfOrder} ya tiene guía.`,
      details.join('\n'),
      print,
      ...(data.sandbox ? [sandbox] : []),
      `Descargar guía (PDF): ${data.labelUrl}`,
      validity,
    ]),
  };
}

/** A tracked guide reached a new state (tracking job): the state, the carrier's words and the public tracking page. */
export function trackingUpdateMail(data: {
  firstName: string;
  numberOfOrder: number;
  guideNumber: string;
  carrier: string;
  stateLabel: string;
  detail: string;
  destinationCity: string;
  trackUrl: string;
  sandbox: boolean;
}): RenderedMail {
  const name = clean(data.firstName);
  const details = [
    `Número de guía: ${data.guideNumber}`,
    `Paquetería: ${clean(data.carrier)}`,
    `Destino: ${clean(data.destinationCity)}`,
    `Último movimiento: ${clean(data.detail)}`,
  ];
  const sandbox = 'Esta guía es de PRUEBA (modo sandbox): sus movimientos son simulados.';
  const footnote = 'Te avisamos cada vez que tu envío cambia de estado.';
  return {
    subject: `Tu envío ${data.guideNumber}: ${data.stateLabel}`,
    html: layout({
      title: data.stateLabel,
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        `Tu envío con folio ${data.numberOfOrder} cambió de estado: <strong>${escapeHtml(data.stateLabel)}</strong>.`,
        details.map(escapeHtml).join('<br>'),
        ...(data.sandbox ? [`<strong>${escapeHtml(sandbox)}</strong>`] : []),
      ],
      action: { label: 'Rastrear envío', url: data.trackUrl },
      footnote: escapeHtml(footnote),
    }),
    text: textLayout([
      `Hola ${name}:`,
      `Tu envío con folio ${data.numberOfOrder} cambió de estado: ${data.stateLabel}.`,
      details.join('\n'),
      ...(data.sandbox ? [sandbox] : []),
      `Rastrear envío: ${data.trackUrl}`,
      footnote,
    ]),
  };
}

/** The WhatsApp notice of a new tracking state (plain text). */
export function trackingUpdateWhatsApp(data: { firstName: string; guideNumber: string; carrier: string; stateLabel: string; trackUrl: string }): string {
  return `Hola ${clean(data.firstName)}: tu envío ${data.guideNumber} (${clean(data.carrier)}) está: ${data.stateLabel}. Síguelo aquí: ${data.trackUrl}`;
}

/**
 * Money received for something that could not be paid as it stood (a shipment whose price or
 * service changed after the payment opened, one already paid or deleted, no guides left): it is in
 * the payer's wallet, and this says how much and why.
 */
export function paymentCreditedMail(data: { firstName: string; amount: string; reasons: string[]; walletUrl: string }): RenderedMail {
  const name = clean(data.firstName);
  const reasons = data.reasons.map(clean);
  const intro = `Recibimos tu pago, pero ${reasons.length === 1 ? 'una parte no pudo aplicarse' : 'algunas partes no pudieron aplicarse'} a lo que pagabas. Abonamos ${data.amount} a tu Monedero electrónico, listos para usarse en tu próxima compra:`;
  return {
    subject: `Abonamos ${data.amount} a tu Monedero`,
    html: layout({
      title: 'Abono a tu Monedero',
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        escapeHtml(intro),
        `<ul style="margin:0;padding-left:20px">${reasons.map((r) => `<li style="margin-bottom:8px">${escapeHtml(r)}</li>`).join('')}</ul>`,
        'Los envíos que no se pagaron siguen en Mis Envíos: puedes pagarlos de nuevo con su precio actual.',
      ],
      action: { label: 'Ver mi Monedero', url: data.walletUrl },
    }),
    text: textLayout([
      `Hola ${name}:`,
      intro,
      reasons.map((r) => `- ${r}`).join('\n'),
      'Los envíos que no se pagaron siguen en Mis Envíos: puedes pagarlos de nuevo con su precio actual.',
      `Ver mi Monedero: ${data.walletUrl}`,
    ]),
  };
}
