/** Our own Spanish texts around the spec's (the spec's are in @envios/contracts/tracking). */
export const trackingUiMessages = {
  stale: 'No pudimos consultar a la paquetería; mostramos los últimos movimientos conocidos.',
  /** After 'Sin movimientos' (NO_EVENTS_TEXT). */
  noEventsHint: 'La paquetería aún no registra movimientos de esta guía. Vuelve a consultar más tarde.',
  /** Other failures have no message of their own; a quiet line with a retry beats an empty screen. */
  failed: 'No pudimos consultar el envío en este momento. Intenta de nuevo en unos minutos.',
  share: 'Ver y compartir el seguimiento',
  copied: 'Enlace copiado',
} as const;
