import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { sendJson, sleep, startFakeServer, type FakeMode, type FakeServer } from '../adapters/fakes/fake-server.js';

/**
 * A local fake of the MyDHL API 3.1 rating, shipment and tracking calls, as DHL documents them, for tests:
 * `POST {base}/rates` with HTTP Basic credentials and `x-version`, the documented required fields
 * checked, errors as `application/problem+json` with a string `status`, and the
 * `Message-Reference` header echoed. Prices are a fixed formula of the billable weight so tests
 * can predict them.
 */
export const DHL_FAKE_CREDENTIALS = { apiKey: 'dhl-clave', apiSecret: 'dhl-secreto', accountNumber: '123456789' };

/** Domestic products the fake offers ('I', 9:00, is not in our catalogue: it must be ignored). */
export const DHL_FAKE_PRODUCTS: Readonly<Record<string, { name: string; base: number; perKg: number; days: number; international: boolean }>> = {
  N: { name: 'EXPRESS DOMESTIC', base: 210, perKg: 12.5, days: 1, international: false },
  '1': { name: 'EXPRESS DOMESTIC 12:00', base: 250, perKg: 13, days: 1, international: false },
  O: { name: 'EXPRESS DOMESTIC 10:30', base: 290, perKg: 14, days: 1, international: false },
  I: { name: 'EXPRESS DOMESTIC 9:00', base: 390, perKg: 15, days: 1, international: false },
  G: { name: 'ECONOMY SELECT DOMESTIC', base: 160, perKg: 9.25, days: 3, international: false },
  P: { name: 'EXPRESS WORLDWIDE', base: 980, perKg: 160, days: 2, international: true },
};

/** The price the fake answers for a product and a package (BILLC, MXN). */
export function dhlFakePrice(code: string, pkg: { weight: number; dimensions?: { length: number; width: number; height: number } }): number {
  const product = DHL_FAKE_PRODUCTS[code]!;
  const d = pkg.dimensions;
  const volumetric = d ? (d.length * d.width * d.height) / 5000 : 0;
  const kg = Math.ceil(Math.max(pkg.weight, volumetric));
  return Math.round((product.base + product.perKg * kg) * 100) / 100;
}

/**
 * Waybills the fake can track, like DHL's test environment (only a
 * fixed set of test waybills is trackable; shipments created there are not). Descriptions are
 * DHL's own English words; events oldest first here.
 */
export const DHL_FAKE_TRACKING: Readonly<
  Record<string, { from: string; to: string; pieces: number; events: { date: string; time: string; typeCode: string; description: string; city: string }[] }>
> = {
  // Delivered.
  '9356579890': {
    from: 'MEXICO CITY',
    to: 'MONTERREY',
    pieces: 2,
    events: [
      { date: '2026-01-12', time: '10:15:00', typeCode: 'PU', description: 'Shipment picked up', city: 'MEXICO CITY' },
      { date: '2026-01-12', time: '21:40:00', typeCode: 'DF', description: 'Departed Facility in MEXICO CITY - MEXICO', city: 'MEXICO CITY' },
      { date: '2026-01-13', time: '06:05:00', typeCode: 'AR', description: 'Arrived at Delivery Facility in MONTERREY - MEXICO', city: 'MONTERREY' },
      { date: '2026-01-13', time: '08:30:00', typeCode: 'WC', description: 'With delivery courier', city: 'MONTERREY' },
      { date: '2026-01-13', time: '13:02:00', typeCode: 'OK', description: 'Delivered', city: 'MONTERREY' },
    ],
  },
  // In transit.
  '4818240420': {
    from: 'GUADALAJARA',
    to: 'MERIDA',
    pieces: 1,
    events: [
      { date: '2026-01-14', time: '11:00:00', typeCode: 'PU', description: 'Shipment picked up', city: 'GUADALAJARA' },
      { date: '2026-01-14', time: '19:20:00', typeCode: 'PL', description: 'Processed at GUADALAJARA - MEXICO', city: 'GUADALAJARA' },
      { date: '2026-01-14', time: '23:10:00', typeCode: 'DF', description: 'Departed Facility in GUADALAJARA - MEXICO', city: 'GUADALAJARA' },
    ],
  },
  // A failed delivery attempt.
  '5584773180': {
    from: 'PUEBLA',
    to: 'TOLUCA',
    pieces: 1,
    events: [
      { date: '2026-01-15', time: '09:45:00', typeCode: 'PU', description: 'Shipment picked up', city: 'PUEBLA' },
      { date: '2026-01-16', time: '08:00:00', typeCode: 'WC', description: 'With delivery courier', city: 'TOLUCA' },
      { date: '2026-01-16', time: '14:30:00', typeCode: 'NH', description: 'Consignee not home', city: 'TOLUCA' },
    ],
  },
};

export interface DhlFake extends FakeServer {
  /** The base URL to configure (`DHL_API_URL`). */
  baseUrl: string;
  mode: FakeMode;
  /** The shipments `POST /shipments` created, in order (each call buys a new AWB, as DHL does). */
  shipments: { awb: string; messageReference: string | undefined; body: ShipmentBody }[];
}

/** A one-page PDF the fake returns as the label (its bytes are what tests compare). */
export const DHL_FAKE_LABEL_PDF = Buffer.from('%PDF-1.4\n% etiqueta DHL de prueba\n%%EOF\n');

interface ShipmentParty {
  postalAddress?: { postalCode?: string; cityName?: string; countryCode?: string; addressLine1?: string };
  contactInformation?: { phone?: string; companyName?: string; fullName?: string };
}

export interface ShipmentBody {
  plannedShippingDateAndTime?: string;
  pickup?: { isRequested?: boolean };
  productCode?: string;
  accounts?: { typeCode?: string; number?: string }[];
  outputImageProperties?: { encodingFormat?: string; imageOptions?: { typeCode?: string }[] };
  customerReferences?: { value?: string; typeCode?: string }[];
  customerDetails?: { shipperDetails?: ShipmentParty; receiverDetails?: ShipmentParty };
  content?: {
    packages?: { weight?: number; dimensions?: { length: number; width: number; height: number } }[];
    isCustomsDeclarable?: boolean;
    description?: string;
    incoterm?: string;
    unitOfMeasurement?: string;
    exportDeclaration?: unknown;
  };
}

/** The documented required fields of `POST /shipments`, as DHL words a missing one; undefined when complete. */
function shipmentProblem(body: ShipmentBody): string | undefined {
  for (const key of ['plannedShippingDateAndTime', 'pickup', 'productCode', 'accounts', 'customerDetails', 'content'] as const) {
    if (body[key] === undefined) return `#: required key [${key}] not found`;
  }
  if (typeof body.pickup?.isRequested !== 'boolean') return '#/pickup: required key [isRequested] not found';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}GMT[+-]\d{2}:\d{2}$/.test(body.plannedShippingDateAndTime!))
    return '#/plannedShippingDateAndTime: string does not match pattern';
  for (const side of ['shipperDetails', 'receiverDetails'] as const) {
    const party = body.customerDetails?.[side];
    if (!party) return `#/customerDetails: required key [${side}] not found`;
    for (const key of ['postalCode', 'cityName', 'countryCode', 'addressLine1'] as const) {
      const value = party.postalAddress?.[key];
      if (value === undefined || (key !== 'postalCode' && value === '')) return `#/customerDetails/${side}/postalAddress: required key [${key}] not found`;
      if ((key === 'cityName' || key === 'addressLine1') && value.length > 45)
        return `#/customerDetails/${side}/postalAddress/${key}: expected maxLength: 45, actual: ${value.length}`;
    }
    for (const key of ['phone', 'companyName', 'fullName'] as const) {
      if (!party.contactInformation?.[key]) return `#/customerDetails/${side}/contactInformation: required key [${key}] not found`;
    }
  }
  const content = body.content!;
  for (const key of ['isCustomsDeclarable', 'description', 'incoterm', 'unitOfMeasurement'] as const) {
    if (content[key] === undefined) return `#/content: required key [${key}] not found`;
  }
  if (content.description!.length > 70) return `#/content/description: expected maxLength: 70, actual: ${content.description!.length}`;
  if (content.isCustomsDeclarable && content.exportDeclaration === undefined) return '#/content: required key [exportDeclaration] not found';
  const packages = content.packages ?? [];
  if (packages.length === 0 || packages.some((p) => typeof p.weight !== 'number' || p.weight <= 0))
    return '#/content/packages/0: required key [weight] not found';
  return undefined;
}

interface RatesBody {
  customerDetails?: { shipperDetails?: { countryCode?: string; cityName?: string }; receiverDetails?: { countryCode?: string; cityName?: string } };
  accounts?: { typeCode?: string; number?: string }[];
  plannedShippingDateAndTime?: string;
  unitOfMeasurement?: string;
  isCustomsDeclarable?: boolean;
  packages?: { weight?: number; dimensions?: { length: number; width: number; height: number } }[];
}

function problem(res: ServerResponse, status: number, title: string, detail: string, instance = '/expressapi/rates'): void {
  sendJson(res, status, { instance, detail, title, message: title, status: String(status) }, 'application/problem+json');
}

export async function startDhlFake(): Promise<DhlFake> {
  const state: { mode: FakeMode; shipments: DhlFake['shipments'] } = { mode: { kind: 'ok' }, shipments: [] };
  const expectedAuth = `Basic ${Buffer.from(`${DHL_FAKE_CREDENTIALS.apiKey}:${DHL_FAKE_CREDENTIALS.apiSecret}`).toString('base64')}`;
  const server = await startFakeServer(async (req, res, raw) => {
    const mode = state.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'slow') await sleep(mode.delayMs);
    const reference = req.headers['message-reference'];
    if (typeof reference === 'string') res.setHeader('message-reference', reference);
    res.setHeader('invocation-id', 'fake-invocation');
    if (req.method === 'POST' && req.url?.split('?')[0] === '/mydhlapi/shipments') return createShipment(req.headers, res, raw);
    const tracked = req.method === 'GET' ? /^\/mydhlapi\/shipments\/([^/?]+)\/tracking(\?|$)/.exec(req.url ?? '') : null;
    if (tracked) return track(req.headers, res, decodeURIComponent(tracked[1]!));
    if (req.method !== 'POST' || req.url !== '/mydhlapi/rates') return problem(res, 404, 'Not Found', 'No data found');
    if (req.headers.authorization !== expectedAuth) return problem(res, 401, 'Unauthorized', 'Invalid credentials');
    if (mode.kind === 'error') return problem(res, mode.status, mode.status >= 500 ? 'Internal Server Error' : 'Validation error', 'Simulated failure');
    if (!req.headers['x-version']) return problem(res, 400, 'Missing parameters', 'x-version header is required');
    let body: RatesBody;
    try {
      body = JSON.parse(raw) as RatesBody;
    } catch {
      return problem(res, 400, 'Validation error', 'Request body is not valid JSON');
    }
    for (const key of ['customerDetails', 'plannedShippingDateAndTime', 'unitOfMeasurement', 'isCustomsDeclarable'] as const) {
      if (body[key] === undefined) return problem(res, 422, 'Validation error', `#: required key [${key}] not found`);
    }
    const shipper = body.customerDetails?.shipperDetails;
    const receiver = body.customerDetails?.receiverDetails;
    if (!shipper?.countryCode || !receiver?.countryCode || !shipper.cityName || !receiver.cityName) {
      return problem(res, 422, 'Validation error', '#/customerDetails: required key [countryCode] not found');
    }
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}GMT[+-]\d{2}:\d{2}$/.test(body.plannedShippingDateAndTime!)) {
      return problem(res, 422, 'Validation error', '#/plannedShippingDateAndTime: string does not match pattern');
    }
    if (body.accounts?.[0]?.number !== DHL_FAKE_CREDENTIALS.accountNumber) return problem(res, 422, 'Validation error', 'Invalid account number');
    const packages = body.packages ?? [];
    if (packages.length === 0 || packages.some((p) => typeof p.weight !== 'number' || p.weight <= 0)) {
      return problem(res, 422, 'Validation error', '#/packages/0: required key [weight] not found');
    }
    const international = shipper.countryCode !== receiver.countryCode;
    const products = Object.entries(DHL_FAKE_PRODUCTS)
      .filter(([, p]) => p.international === international)
      .map(([code, p]) => {
        const price = packages.reduce((sum, pkg) => sum + dhlFakePrice(code, pkg as { weight: number }), 0);
        return {
          productName: p.name,
          productCode: code,
          localProductCode: code,
          localProductCountryCode: shipper.countryCode,
          networkTypeCode: 'TD',
          isCustomerAgreement: false,
          weight: { volumetric: 0, provided: packages[0]!.weight, unitOfMeasurement: 'metric' },
          totalPrice: [
            { currencyType: 'BILLC', priceCurrency: 'MXN', price },
            { currencyType: 'PULCL', priceCurrency: 'MXN', price: Math.round(price * 120) / 100 },
          ],
          deliveryCapabilities: { totalTransitDays: String(p.days), estimatedDeliveryDateAndTime: '2026-01-20T23:59:00' },
        };
      });
    sendJson(res, 200, { products, exchangeRates: [], warnings: [] });
  });

  function createShipment(headers: IncomingHttpHeaders, res: ServerResponse, raw: string): void {
    const mode = state.mode;
    const fail = (status: number, title: string, detail: string) => problem(res, status, title, detail, '/expressapi/shipments');
    if (headers.authorization !== expectedAuth) return fail(401, 'Unauthorized', 'Invalid credentials');
    if (mode.kind === 'error') return fail(mode.status, mode.status >= 500 ? 'Internal Server Error' : 'Validation error', 'Simulated failure');
    if (!headers['x-version']) return fail(400, 'Missing parameters', 'x-version header is required');
    let body: ShipmentBody;
    try {
      body = JSON.parse(raw) as ShipmentBody;
    } catch {
      return fail(400, 'Validation error', 'Request body is not valid JSON');
    }
    const missing = shipmentProblem(body);
    if (missing) return fail(422, 'Validation error', missing);
    if (body.accounts?.[0]?.number !== DHL_FAKE_CREDENTIALS.accountNumber) return fail(422, 'Validation error', 'Invalid account number');
    const product = DHL_FAKE_PRODUCTS[body.productCode!];
    const international =
      body.customerDetails!.shipperDetails!.postalAddress!.countryCode !== body.customerDetails!.receiverDetails!.postalAddress!.countryCode;
    if (!product || product.international !== international)
      return fail(422, 'Validation error', `Product ${body.productCode} is not available for this route`);
    const awb = String(9356579890 + state.shipments.length * 7919).slice(0, 10);
    const reference = headers['message-reference'];
    state.shipments.push({ awb, messageReference: typeof reference === 'string' ? reference : undefined, body });
    const label = DHL_FAKE_LABEL_PDF.toString('base64');
    res.setHeader('location', `/shipments/${awb}`);
    sendJson(res, 201, {
      shipmentTrackingNumber: awb,
      trackingUrl: `https://api-mock.dhl.com/mydhlapi/shipments/${awb}/tracking`,
      packages: body.content!.packages!.map((_, i) => ({ referenceNumber: i + 1, trackingNumber: `JD01460000${awb}${i}`, trackingUrl: '' })),
      documents:
        body.outputImageProperties?.imageOptions?.some((o) => o.typeCode === 'label') === false
          ? []
          : [{ imageFormat: 'PDF', content: label, typeCode: 'label' }],
      shipmentCharges: [],
      warnings: [],
    });
  }
  function track(headers: IncomingHttpHeaders, res: ServerResponse, awb: string): void {
    const mode = state.mode;
    const fail = (status: number, title: string, detail: string) => problem(res, status, title, detail, `/expressapi/shipments/${awb}/tracking`);
    if (headers.authorization !== expectedAuth) return fail(401, 'Unauthorized', 'Invalid credentials');
    if (mode.kind === 'error') return fail(mode.status, mode.status >= 500 ? 'Internal Server Error' : 'Validation error', 'Simulated failure');
    if (!headers['x-version']) return fail(400, 'Missing parameters', 'x-version header is required');
    const known = DHL_FAKE_TRACKING[awb];
    if (!known) return fail(404, 'Not Found', 'No data found');
    const area = (city: string) => [{ code: city.slice(0, 3).toUpperCase(), description: `${city} - MEXICO` }];
    sendJson(res, 200, {
      shipments: [
        {
          shipmentTrackingNumber: awb,
          status: 'Success',
          shipmentTimestamp: `${known.events[0]!.date}T${known.events[0]!.time}`,
          productCode: 'N',
          description: 'Ropa',
          shipperDetails: { name: '', postalAddress: { cityName: known.from, postalCode: '', countryCode: 'MX' }, serviceArea: area(known.from) },
          receiverDetails: { name: '', postalAddress: { cityName: known.to, postalCode: '', countryCode: 'MX' }, serviceArea: area(known.to) },
          totalWeight: 1.5,
          unitOfMeasurements: 'metric',
          numberOfPieces: known.pieces,
          // DHL lists checkpoints newest first with all-checkpoints.
          events: [...known.events]
            .reverse()
            .map((e) => ({ date: e.date, time: e.time, GMTOffset: '-06:00', typeCode: e.typeCode, description: e.description, serviceArea: area(e.city) })),
        },
      ],
    });
  }

  return {
    ...server,
    baseUrl: `${server.url}/mydhlapi`,
    get mode() {
      return state.mode;
    },
    set mode(m: FakeMode) {
      state.mode = m;
    },
    shipments: state.shipments,
  };
}
