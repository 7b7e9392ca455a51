import { defineCarrier, PLAIN_TRACKING_TEXTS } from '../carrier-provider.js';
import { DOC_BOX, domestic, pesos } from '../demo-tariffs.js';

/** AM/PM: tariffs and inventory guides; no tracking API nor public page. */
export const ampm = defineCarrier({
  code: 'ampm',
  name: 'AM/PM',
  capabilities: { liveRates: false, guideCreation: false, tracking: 'none', pickups: false },
  catalogue: {
    // AM/PM does not reach the far ends of the country.
    services: [
      domestic('ampm', 'ESTANDAR', {
        price15: 129,
        transitDays: 4,
        maxWeightKg: 50,
        guideSource: 'inventory',
        packageTypes: DOC_BOX,
        documentPrice: 89,
        zones: ['local', 'regional', 'nacional'],
      }),
      domestic('ampm', 'EXPRESS', {
        price15: 199,
        transitDays: 1,
        maxWeightKg: 50,
        guideSource: 'inventory',
        packageTypes: DOC_BOX,
        documentPrice: 129,
        zones: ['local', 'regional', 'nacional'],
      }),
    ],
    settings: { remoteAreaSurchargeCentavos: pesos(110), insuranceRateBp: 200, insuranceMinCentavos: pesos(30), remoteAreas: ['23000', '77000'] },
  },
  badge: { background: '#0B5394', foreground: '#FFFFFF', fontSize: 28 },
  sandbox: {
    /** AM/PM guía: 'AM' and 10 digits. */
    guideNumber: { prefix: 'AM', digits: 10 },
    // AM/PM publishes no code table: plain Spanish texts.
    trackingTexts: PLAIN_TRACKING_TEXTS,
  },
});
