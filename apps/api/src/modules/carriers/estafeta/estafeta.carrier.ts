import { defineCarrier } from '../carrier-provider.js';
import { DOC_BOX, domestic, pesos } from '../demo-tariffs.js';

/**
 * Estafeta's public tracking page for a guide: the 22-character waybill (type 0) or the
 * 10-digit tracking code (type 1), as public integrations link it.
 */
export function estafetaPublicUrl(guideNumber: string): string {
  const type = /^\d{10}$/.test(guideNumber) ? 1 : 0;
  return `https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=${encodeURIComponent(guideNumber)}&wayBillType=${type}&isShipmentDetail=False`;
}

/** Estafeta: tariffs and inventory guides; its real guides link to its public tracking page. */
export const estafeta = defineCarrier({
  code: 'estafeta',
  name: 'Estafeta',
  capabilities: { liveRates: false, guideCreation: false, tracking: 'public_page', pickups: false },
  catalogue: {
    services: [
      domestic('estafeta', 'Envío Económico', {
        price15: 149,
        transitDays: 4,
        maxWeightKg: 70,
        guideSource: 'inventory',
        packageTypes: DOC_BOX,
        documentPrice: 99,
      }),
      domestic('estafeta', 'Envío Express', {
        price15: 219,
        transitDays: 1,
        maxWeightKg: 70,
        guideSource: 'inventory',
        packageTypes: DOC_BOX,
        documentPrice: 139,
      }),
      domestic('estafeta', 'TERRESTRE', { price15: 169, transitDays: 5, maxWeightKg: 1000, guideSource: 'inventory', packageTypes: ['box', 'pallet'] }),
      domestic('estafeta', 'DIA SIG', { price15: 259, transitDays: 1, maxWeightKg: 70, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 159 }),
    ],
    settings: {
      remoteAreaSurchargeCentavos: pesos(150),
      insuranceRateBp: 200,
      insuranceMinCentavos: pesos(35),
      remoteAreas: ['23000', '77000', '29950', '23880'],
    },
  },
  badge: { background: '#263238', foreground: '#FFD54F', fontSize: 24 },
  sandbox: {
    /** Estafeta guía: 22 characters. */
    guideNumber: { prefix: '', digits: 22 },
    // Estafeta's free texts.
    trackingTexts: {
      picked_up: { code: 'PU', text: 'Recolección en oficina por ruta local', at: 'o' },
      in_transit: { code: 'IT', text: 'Llegada a centro de distribución', at: 'o' },
      out_for_delivery: { code: 'OD', text: 'En proceso de entrega', at: 'd' },
      delivered: { code: 'DL', text: 'Entregado', at: 'd' },
    },
  },
  publicTrackingUrl: estafetaPublicUrl,
});
