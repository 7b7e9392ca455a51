import { NO_EVENTS_TEXT, trackingHeadlines } from '@envios/contracts/tracking-rules';

/**
 * Spanish e-mail templates, each as HTML and plain text. Anything a person typed (names) is
 * escaped for HTML and stripped of control characters before it reaches a template.
 */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function clean(value: string): string {
  return value.replace(/\p{Cc}/gu, ' ').trim();
}

const BRAND = 'Envíos MX';

const NO_REPLY = 'Este correo se envió automáticamente; no respondas a este mensaje.';
const CAN_REPLY = 'Puedes responder a este correo.';

export function layout(opts: { title: string; paragraphs: string[]; action?: { label: string; url: string }; footnote?: string; canReply?: boolean }): string {
  const body = opts.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`).join('\n');
  const action = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#1c4fd8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(opts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Si el botón no funciona, copia esta dirección en tu navegador:<br><span style="word-break:break-all">${escapeHtml(opts.action.url)}</span></p>`
    : '';
  const footnote = opts.footnote ? `<p style="margin:24px 0 0;font-size:12px;color:#777">${opts.footnote}</p>` : '';
  return `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#1c4fd8">${escapeHtml(opts.title)}</h1>
${body}
${action}
${footnote}
</div>
<p style="text-align:center;font-size:12px;color:#777;margin-top:16px">${BRAND} · ${opts.canReply ? CAN_REPLY : NO_REPLY}</p>
</div>
</body>
</html>`;
}

export function textLayout(lines: string[], canReply = false): string {
  return `${lines.join('\n\n')}\n\n--\n${BRAND} · ${canReply ? CAN_REPLY : NO_REPLY}\n`;
}

export function welcomePendingMail(data: { firstName: string }): RenderedMail {
  const name = clean(data.firstName);
  const title = 'Bienvenido a Envíos MX';
  return {
    subject: 'Recibimos tu registro: tu cuenta está en revisión',
    html: layout({
      title,
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        'Gracias por registrarte. Usted ha creado una cuenta en nuestro sistema y nuestro equipo la revisará en breve.',
        'Aún no ha sido aprobada su cuenta; al ser aprobada será notificado por correo y por WhatsApp, y podrá iniciar sesión para cotizar, comprar y rastrear sus guías.',
      ],
      footnote: 'Si no creaste esta cuenta, ignora este mensaje.',
    }),
    text: textLayout([
      `Hola ${name}:`,
      'Gracias por registrarte. Usted ha creado una cuenta en nuestro sistema y nuestro equipo la revisará en breve.',
      'Aún no ha sido aprobada su cuenta; al ser aprobada será notificado por correo y por WhatsApp, y podrá iniciar sesión para cotizar, comprar y rastrear sus guías.',
      'Si no creaste esta cuenta, ignora este mensaje.',
    ]),
  };
}

export function accountAwaitingApprovalMail(data: { firstName: string; lastName: string; email: string; phone: string; usersUrl: string }): RenderedMail {
  const fullName = `${clean(data.firstName)} ${clean(data.lastName)}`;
  const details = [`Nombre: ${fullName}`, `Correo: ${clean(data.email)}`, `Teléfono: ${clean(data.phone)}`];
  return {
    subject: `Nueva cuenta por aprobar: ${fullName}`,
    html: layout({
      title: 'Nueva cuenta por aprobar',
      paragraphs: [
        'Una persona se registró y espera la aprobación de su cuenta:',
        details.map(escapeHtml).join('<br>'),
        'Revísala y actívala desde la sección Usuarios.',
      ],
      action: { label: 'Ir a Usuarios', url: data.usersUrl },
    }),
    text: textLayout([
      'Una persona se registró y espera la aprobación de su cuenta:',
      details.join('\n'),
      `Revísala y actívala desde la sección Usuarios: ${data.usersUrl}`,
    ]),
  };
}

export function accountApprovedMail(data: { firstName: string; signInUrl: string }): RenderedMail {
  const name = clean(data.firstName);
  return {
    subject: 'Tu cuenta fue aprobada',
    html: layout({
      title: '¡Tu cuenta fue aprobada!',
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        'Tu cuenta de Envíos MX ya está activa. Inicia sesión para cotizar, comprar y rastrear tus guías.',
      ],
      action: { label: 'Iniciar sesión', url: data.signInUrl },
    }),
    text: textLayout([
      `Hola ${name}:`,
      'Tu cuenta de Envíos MX ya está activa. Inicia sesión para cotizar, comprar y rastrear tus guías.',
      `Iniciar sesión: ${data.signInUrl}`,
    ]),
  };
}

export function passwordRecoveryMail(data: { firstName: string; resetUrl: string; validMinutes: number }): RenderedMail {
  const name = clean(data.firstName);
  const validity = `El enlace vence en ${data.validMinutes} minutos y solo se puede usar una vez.`;
  const ignore = 'Si no solicitaste este cambio, ignora este correo: tu contraseña actual sigue siendo válida.';
  return {
    subject: 'Recupera tu contraseña',
    html: layout({
      title: 'Recupera tu contraseña',
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        'Recibimos una solicitud para configurar una nueva contraseña en tu cuenta. Usa el siguiente botón para elegirla.',
        validity,
      ],
      action: { label: 'Configurar nueva contraseña', url: data.resetUrl },
      footnote: ignore,
    }),
    text: textLayout([
      `Hola ${name}:`,
      'Recibimos una solicitud para configurar una nueva contraseña en tu cuenta. Abre este enlace para elegirla:',
      data.resetUrl,
      validity,
      ignore,
    ]),
  };
}

/** WhatsApp notice sent when an admin approves the account. */
export function accountApprovedWhatsApp(data: { firstName: string; signInUrl: string }): string {
  return `Hola ${clean(data.firstName)}, tu cuenta de ${BRAND} fue aprobada. Ya puedes iniciar sesión en ${data.signInUrl}`;
}

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
  const details = [`Número de guía: ${data.guideNumber}`, `Paquetería: ${clean(data.carrier)}`, `Destino: ${clean(data.destinationCity)}`, `Último movimiento: ${clean(data.detail)}`];
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

/** Once per failing period: an online store has failed for an hour. */
export function storeFailingMail(data: {
  firstName: string;
  storeName: string;
  storeUrl: string;
  since: string;
  reason: string;
  needsReconnect: boolean;
  integrationsUrl: string;
}): RenderedMail {
  const name = clean(data.firstName);
  const store = clean(data.storeName);
  const first = data.needsReconnect
    ? `Tu tienda ${store} (${clean(data.storeUrl)}) ya no acepta nuestras llaves desde ${clean(data.since)}: necesitamos que la vuelvas a conectar para recibir tus pedidos y escribirles el rastreo.`
    : `No hemos podido comunicarnos con tu tienda ${store} (${clean(data.storeUrl)}) desde ${clean(data.since)}.`;
  const detail = `Último motivo: ${clean(data.reason)}`;
  const after = 'Mientras tanto, los pedidos que lleguen por aviso se guardan y el rastreo pendiente se enviará en cuanto la conexión vuelva.';
  return {
    subject: `Tu tienda ${store} necesita atención`,
    html: layout({
      title: 'Tu tienda necesita atención',
      paragraphs: [`Hola ${escapeHtml(name)}:`, escapeHtml(first), escapeHtml(detail), escapeHtml(after)],
      action: { label: data.needsReconnect ? 'Reconectar mi tienda' : 'Ver mis integraciones', url: data.integrationsUrl },
      footnote: 'Te avisamos una sola vez por cada periodo de fallas.',
    }),
    text: textLayout([`Hola ${name}:`, first, detail, after, `${data.needsReconnect ? 'Reconectar mi tienda' : 'Ver mis integraciones'}: ${data.integrationsUrl}`]),
  };
}

// ---------------------------------------------------------------- contact form

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
  const lead = 'Gracias por escribirnos: recibimos tu mensaje desde el formulario de contacto de Envíos MX. Un asesor lo leerá y te contestará pronto a esta dirección de correo.';
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

/** Once per pause: a webhook endpoint failed for three days and no longer receives events. */
export function webhookPausedMail(data: { firstName: string; endpointUrl: string; lastError: string; developersUrl: string }): RenderedMail {
  const name = clean(data.firstName);
  const url = clean(data.endpointUrl);
  const error = clean(data.lastError);
  const lines = [
    `Durante tres días intentamos entregar los avisos (webhooks) de tu cuenta a ${url} y no respondió con éxito (un código 2xx). Lo pusimos en pausa: no recibirá avisos nuevos hasta que lo reanudes.`,
    `Última respuesta: ${error}`,
    'Revisa que el servidor esté en línea, que responda en menos de 10 segundos y que su certificado https sea válido. Luego, en Desarrolladores, pulsa «Reanudar» y usa «Reenviar» en el registro de entregas para los avisos que faltaron.',
  ];
  return {
    subject: 'Pausamos un destino de tus webhooks',
    html: layout({
      title: 'Webhook en pausa',
      paragraphs: [`Hola ${escapeHtml(name)}:`, ...lines.map(escapeHtml)],
      action: { label: 'Ir a Desarrolladores', url: data.developersUrl },
    }),
    text: textLayout([`Hola ${name}:`, ...lines, `Ir a Desarrolladores: ${data.developersUrl}`]),
  };
}
