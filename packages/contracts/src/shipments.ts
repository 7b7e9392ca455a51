import { z } from 'zod';

/**
 * Shipments: the wizard's creation, the list, detail and edits, statistics and the overweight
 * carried into the next purchase. A shipment exists
 * before payment (status false) with a frozen price snapshot computed by the server; the client's
 * price is only compared, never trusted.
 *
 * One guide per shipment: creating N guides from the wizard creates N shipments, the parcel list
 * repeated in order (like the quote). A shipment whose parcels are edited to several pieces is
 * priced as that many pieces.
 */

export * from './shipment-inputs.js';
export * from './shipment-detail.js';
export * from './shipment-list.js';

/** Mis Envíos' success texts, shown 5 seconds. */
export const shipmentMessages = {
  duplicated: 'Envíos duplicados exitosamente.',
  deleted: 'Envíos eliminados exitosamente.',
  paidSelectedTitle: 'Información Preventiva',
  paidSelected:
    'Ha seleccionado un envío que ya ha sido pagado; le invitamos a que desmarque las casillas correspondientes para poder continuar con su operación.',
  noGuide: 'Sin número de guía',
  noGuideStats: 'Sin número de guía',
  detailTitle: 'Detalles del envío',
  backToOrders: 'Volver a órdenes',
  loading: 'Cargando Envío...',
  paidCannotEdit: 'Este envío ya fue pagado y no se puede modificar.',
  paidCannotDelete: 'Un envío pagado no se puede eliminar.',
  priceChanged: 'El precio del servicio cambió. Vuelve a cotizar y elige de nuevo la paquetería.',
  requoteRequired: 'Cambiaste el código postal o los paquetes: vuelve a elegir la paquetería.',
  serviceUnavailable: 'El servicio elegido ya no está disponible para este envío. Elige otra paquetería.',
  accountInactive: 'Tu cuenta aún no está activa: un administrador debe aprobarla antes de crear envíos.',
  accountLocked: 'La cuenta tiene las compras bloqueadas y no puede comprar guías. Escríbenos para revisarla.',
  idempotencyConflict: 'Esta clave de idempotencia ya se usó con otros datos. Genera una nueva para una compra distinta.',
  overweightAdminOnly: 'Solo un administrador puede registrar sobrepeso.',
} as const;

export const shipmentErrorCodes = {
  notFound: 'shipments.not_found',
  paid: 'shipments.paid',
  priceChanged: 'shipments.price_changed',
  requoteRequired: 'shipments.requote_required',
  serviceUnavailable: 'shipments.service_unavailable',
  accountInactive: 'shipments.account_inactive',
  accountLocked: 'shipments.account_locked',
  idempotencyConflict: 'shipments.idempotency_conflict',
} as const;

export const shipmentIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del envío no es válido.' }) });
export const shipmentUserParamsSchema = z.object({ userId: z.uuid({ error: 'El identificador del usuario no es válido.' }) });
