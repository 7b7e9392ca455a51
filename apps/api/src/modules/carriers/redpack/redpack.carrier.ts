import { defineCarrier, PLAIN_TRACKING_TEXTS } from '../carrier-provider.js';
import { DOC_BOX, domestic, pesos } from '../demo-tariffs.js';

/** Redpack's public tracking page for a guide. */
export function redpackPublicUrl(guideNumber: string): string {
  return `https://www.redpack.com.mx/es/rastreo/?guias=${encodeURIComponent(guideNumber)}`;
}

/** Redpack: tariffs and inventory guides; no public tracking API, its real guides link to its page. */
export const redpack = defineCarrier({
  code: 'redpack',
  name: 'Redpack',
  capabilities: { liveRates: false, guideCreation: false, tracking: 'public_page', pickups: false },
  catalogue: {
    services: [
      domestic('redpack', 'ECOEXPRESS', { price15: 139, transitDays: 5, maxWeightKg: 60, guideSource: 'inventory', packageTypes: DOC_BOX, documentPrice: 99 }),
    ],
    settings: { remoteAreaSurchargeCentavos: pesos(120), insuranceRateBp: 200, insuranceMinCentavos: pesos(35), remoteAreas: ['23000', '77000', '29950'] },
  },
  badge: { background: '#C62828', foreground: '#FFFFFF', fontSize: 26 },
  sandbox: {
    /** Redpack guía: 9 digits. */
    guideNumber: { prefix: '', digits: 9 },
    // Redpack publishes no code table: plain Spanish texts.
    trackingTexts: PLAIN_TRACKING_TEXTS,
  },
  publicTrackingUrl: redpackPublicUrl,
});
