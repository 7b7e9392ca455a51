import { dhlEventTexts } from '@envios/contracts/tracking-rules';
import { defineCarrier } from '../carrier-provider.js';
import { DOC_BOX, domestic, international, pesos } from '../demo-tariffs.js';
import { createDhlExpressAdapter, createDhlExpressClient, type DhlExpressConfig } from './dhl-express.js';
import { createDhlExpressGuideIssuer } from './dhl-express-shipping.js';
import { createDhlExpressTrackingAdapter } from './dhl-express-tracking.js';

/** DHL Express: the MyDHL API 3.1 (rates, shipments, tracking) when DHL_* is set. */
export const dhl = defineCarrier<DhlExpressConfig>({
  code: 'dhl',
  name: 'DHL',
  capabilities: { liveRates: true, guideCreation: true, tracking: 'api', pickups: false },
  catalogue: {
    // Product codes of the MyDHL API where the service has one.
    services: [
      domestic('dhl', 'EXPRESS DOMESTIC 10:30', {
        price15: 329,
        transitDays: 1,
        maxWeightKg: 70,
        guideSource: 'carrier_api',
        packageTypes: DOC_BOX,
        documentPrice: 199,
        externalCode: 'O',
      }),
      domestic('dhl', 'EXPRESS DOMESTIC 12:00', {
        price15: 289,
        transitDays: 1,
        maxWeightKg: 70,
        guideSource: 'carrier_api',
        packageTypes: DOC_BOX,
        documentPrice: 179,
        externalCode: '1',
      }),
      domestic('dhl', 'EXPRESS DOMESTIC', {
        price15: 249,
        transitDays: 1,
        maxWeightKg: 70,
        guideSource: 'carrier_api',
        packageTypes: DOC_BOX,
        documentPrice: 149,
        externalCode: 'N',
      }),
      domestic('dhl', 'EXPRESS DOMESTIC DINAMICA', { price15: 229, transitDays: 1, maxWeightKg: 70, guideSource: 'inventory', packageTypes: ['box'] }),
      domestic('dhl', 'ECONOMY SELECT DOMESTIC', {
        price15: 189,
        transitDays: 4,
        maxWeightKg: 70,
        guideSource: 'carrier_api',
        packageTypes: ['box'],
        externalCode: 'G',
      }),
      domestic('dhl', 'EXPRESS DOMESTIC FLAT', {
        price15: 239,
        transitDays: 1,
        maxWeightKg: 5,
        guideSource: 'inventory',
        packageTypes: DOC_BOX,
        documentPrice: 159,
      }),
      domestic('dhl', 'SAMEDAY SPRINTLINE', {
        price15: 459,
        transitDays: 0,
        maxWeightKg: 30,
        guideSource: 'carrier_api',
        packageTypes: DOC_BOX,
        documentPrice: 299,
        externalCode: '5',
        zones: ['local'],
      }),
      international('dhl', 'EXPRESS WORLDWIDE', { price1kg: 1150, transitDays: 3, maxWeightKg: 70, packageTypes: DOC_BOX, externalCode: 'P' }),
    ],
    // Demo remote-area list: a few rural codes, plus Chetumal and La Paz so the flag can be seen
    // with the demo postal-code catalogue.
    settings: {
      remoteAreaSurchargeCentavos: pesos(199),
      insuranceRateBp: 180,
      insuranceMinCentavos: pesos(45),
      remoteAreas: ['77000', '23880', '29950', '77580'],
    },
  },
  badge: { background: '#FFCC00', foreground: '#B3121B', fontSize: 30 },
  sandbox: {
    /** DHL Express AWB: 10 digits; pieces are JD01 and 16 digits. */
    guideNumber: { prefix: '', digits: 10 },
    pieceNumber: { prefix: 'JD01', digits: 16, firstIsGuide: false },
    // MyDHL type codes; DHL's own two texts for pick-up and delivery.
    trackingTexts: {
      picked_up: { code: 'PU', text: dhlEventTexts.pickedUp, at: 'o' },
      in_transit: { code: 'DF', text: 'El envío salió de la instalación de DHL', at: 'o' },
      out_for_delivery: { code: 'WC', text: 'El envío está con el mensajero de DHL para su entrega', at: 'd' },
      delivered: { code: 'OK', text: dhlEventTexts.delivered, at: 'd' },
    },
  },
  api: {
    fromConfig: (config) =>
      config.DHL_API_KEY && config.DHL_API_SECRET && config.DHL_ACCOUNT_NUMBER
        ? { baseUrl: config.DHL_API_URL, apiKey: config.DHL_API_KEY, apiSecret: config.DHL_API_SECRET, accountNumber: config.DHL_ACCOUNT_NUMBER }
        : undefined,
    rates: (config) => createDhlExpressAdapter(createDhlExpressClient(config)),
    guides: (config, opts) => createDhlExpressGuideIssuer(createDhlExpressClient(config), opts.now ? { now: opts.now } : {}),
    tracking: (config) => createDhlExpressTrackingAdapter(config),
  },
});
