import { defineCarrier } from '../carrier-provider.js';
import { DOC_BOX, domestic, international, pesos } from '../demo-tariffs.js';
import { createFedexAdapter, createFedexClient, type FedexConfig } from './fedex.js';
import { createFedexGuideIssuer } from './fedex-shipping.js';
import { createFedexTrackingAdapter } from './fedex-tracking.js';

/** FedEx: OAuth, the Rate, Ship and Track APIs when FEDEX_* is set. */
export const fedex = defineCarrier<FedexConfig>({
  code: 'fedex',
  name: 'FedEx',
  capabilities: { liveRates: true, guideCreation: true, tracking: 'api', pickups: false },
  catalogue: {
    // serviceType of the FedEx Rate API.
    services: [
      domestic('fedex', 'FEDEX STANDARD OVERNIGHT', {
        price15: 269,
        transitDays: 1,
        maxWeightKg: 68,
        guideSource: 'carrier_api',
        packageTypes: DOC_BOX,
        documentPrice: 169,
        externalCode: 'STANDARD_OVERNIGHT',
      }),
      domestic('fedex', 'FEDEX EXPRESS SAVER', {
        price15: 199,
        transitDays: 3,
        maxWeightKg: 68,
        guideSource: 'carrier_api',
        packageTypes: DOC_BOX,
        documentPrice: 139,
        externalCode: 'FEDEX_EXPRESS_SAVER',
      }),
      domestic('fedex', 'FEDEX 2DAY FREIGHT', {
        price15: 349,
        transitDays: 3,
        maxWeightKg: 1000,
        guideSource: 'carrier_api',
        packageTypes: ['box', 'pallet'],
        externalCode: 'FEDEX_2_DAY_FREIGHT',
      }),
      international('fedex', 'FEDEX INTERNATIONAL PRIORITY', {
        price1kg: 1090,
        transitDays: 3,
        maxWeightKg: 68,
        packageTypes: DOC_BOX,
        externalCode: 'FEDEX_INTERNATIONAL_PRIORITY',
      }),
      international('fedex', 'FEDEX INTERNATIONAL ECONOMY', {
        price1kg: 890,
        transitDays: 5,
        maxWeightKg: 68,
        packageTypes: ['box'],
        externalCode: 'INTERNATIONAL_ECONOMY',
      }),
    ],
    settings: { remoteAreaSurchargeCentavos: pesos(185), insuranceRateBp: 180, insuranceMinCentavos: pesos(45), remoteAreas: ['77000', '23880', '29950'] },
  },
  badge: { background: '#4A2C82', foreground: '#FFFFFF', fontSize: 28 },
  sandbox: {
    /** FedEx Express tracking number: 12 digits; the first piece is the master number. */
    guideNumber: { prefix: '', digits: 12 },
    pieceNumber: { prefix: '', digits: 12, firstIsGuide: true },
    // FedEx derived status codes: only DL (and IN) give the headline its own text.
    trackingTexts: {
      picked_up: { code: 'PU', text: 'Recolectado', at: 'o' },
      in_transit: { code: 'IT', text: 'En tránsito', at: 'o' },
      out_for_delivery: { code: 'OD', text: 'En camino para entrega', at: 'd' },
      delivered: { code: 'DL', text: 'Entregado', at: 'd' },
    },
  },
  api: {
    fromConfig: (config) =>
      config.FEDEX_CLIENT_ID && config.FEDEX_CLIENT_SECRET && config.FEDEX_ACCOUNT_NUMBER
        ? {
            baseUrl: config.FEDEX_API_URL,
            clientId: config.FEDEX_CLIENT_ID,
            clientSecret: config.FEDEX_CLIENT_SECRET,
            accountNumber: config.FEDEX_ACCOUNT_NUMBER,
          }
        : undefined,
    rates: (config) => createFedexAdapter(createFedexClient(config)),
    guides: (config) => createFedexGuideIssuer(createFedexClient(config)),
    tracking: (config) => createFedexTrackingAdapter(createFedexClient(config)),
  },
});
