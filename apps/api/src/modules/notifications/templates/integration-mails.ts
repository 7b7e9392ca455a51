/* The e-mails of connected systems: an online store failing, a webhook endpoint paused. */
import { clean, escapeHtml, layout, type RenderedMail, textLayout } from './mail-layout.js';

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
    text: textLayout([
      `Hola ${name}:`,
      first,
      detail,
      after,
      `${data.needsReconnect ? 'Reconectar mi tienda' : 'Ver mis integraciones'}: ${data.integrationsUrl}`,
    ]),
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
