import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { sendJson, sleep, startFakeServer, type FakeMode, type FakeServer } from '../adapters/fakes/fake-server.js';

/**
 * A local fake of the FedEx REST APIs used for rating, shipping and tracking, as FedEx documents them, for tests:
 * `POST /oauth/token` (form-encoded client credentials → bearer token with `expires_in`) and
 * `POST /rate/v1/rates/quotes` (bearer token, the documented required fields, all services when
 * `serviceType` is omitted, amounts as numbers in `NMP`), errors as `{ transactionId, errors[] }`.
 */
export const FEDEX_FAKE_CREDENTIALS = { clientId: 'fedex-cliente', clientSecret: 'fedex-secreto', accountNumber: '740561073' };

/** What each service costs in the fake: base + perKg × kg, in MXN. */
export const FEDEX_FAKE_SERVICES: Readonly<Record<string, { name: string; base: number; perKg: number; transit: string; international: boolean }>> = {
  STANDARD_OVERNIGHT: { name: 'FedEx Standard Overnight', base: 230, perKg: 11, transit: 'ONE_DAY', international: false },
  FEDEX_EXPRESS_SAVER: { name: 'FedEx Express Saver', base: 170, perKg: 8.5, transit: 'THREE_DAYS', international: false },
  FIRST_OVERNIGHT: { name: 'FedEx First Overnight', base: 420, perKg: 15, transit: 'ONE_DAY', international: false },
  FEDEX_INTERNATIONAL_PRIORITY: { name: 'FedEx International Priority', base: 950, perKg: 150, transit: 'TWO_DAYS', international: true },
  INTERNATIONAL_ECONOMY: { name: 'FedEx International Economy', base: 760, perKg: 120, transit: 'FIVE_DAYS', international: true },
};

/** Destinations where the fake adds FedEx's out-of-delivery-area surcharge. */
export const FEDEX_FAKE_REMOTE = { postalCodes: new Set(['77000']), surcharge: 185 };

export function fedexFakePrice(type: string, pkg: { weight: number; dimensions?: { length: number; width: number; height: number } }): number {
  const s = FEDEX_FAKE_SERVICES[type]!;
  const d = pkg.dimensions;
  const kg = Math.ceil(Math.max(pkg.weight, d ? (d.length * d.width * d.height) / 5000 : 0));
  return Math.round((s.base + s.perKg * kg) * 100) / 100;
}

interface FedexFakeTrack {
  from: string;
  to: string;
  pieces: number;
  /** Oldest first. */
  scans: { date: string; eventType: string; derivedStatusCode: string; description: string; city: string }[];
}

/** Numbers the fake tracks (any other answers 200 with TRACKING.TRACKINGNUMBER.NOTFOUND, as FedEx does). */
export const FEDEX_FAKE_TRACKING: Readonly<Record<string, FedexFakeTrack>> = {
  // Delivered (the reference's example number).
  '128667043726': {
    from: 'CIUDAD DE MEXICO',
    to: 'QUERETARO',
    pieces: 1,
    scans: [
      {
        date: '2026-01-12T09:10:00-06:00',
        eventType: 'OC',
        derivedStatusCode: 'IN',
        description: 'Shipment information sent to FedEx',
        city: 'CIUDAD DE MEXICO',
      },
      { date: '2026-01-12T16:45:00-06:00', eventType: 'PU', derivedStatusCode: 'PU', description: 'Picked up', city: 'CIUDAD DE MEXICO' },
      { date: '2026-01-13T02:30:00-06:00', eventType: 'DP', derivedStatusCode: 'IT', description: 'Departed FedEx location', city: 'CIUDAD DE MEXICO' },
      { date: '2026-01-13T08:05:00-06:00', eventType: 'OD', derivedStatusCode: 'IT', description: 'On FedEx vehicle for delivery', city: 'QUERETARO' },
      { date: '2026-01-13T12:40:00-06:00', eventType: 'DL', derivedStatusCode: 'DL', description: 'Delivered', city: 'QUERETARO' },
    ],
  },
  // In transit.
  '794953555571': {
    from: 'MONTERREY',
    to: 'CANCUN',
    pieces: 2,
    scans: [
      { date: '2026-01-14T10:00:00-06:00', eventType: 'PU', derivedStatusCode: 'PU', description: 'Picked up', city: 'MONTERREY' },
      { date: '2026-01-14T22:15:00-06:00', eventType: 'AR', derivedStatusCode: 'IT', description: 'Arrived at FedEx location', city: 'MONTERREY' },
    ],
  },
};

/** A number the fake issued itself: only the label exists. */
const FEDEX_FAKE_LABEL_CREATED: FedexFakeTrack = {
  from: 'CIUDAD DE MEXICO',
  to: 'MONTERREY',
  pieces: 1,
  scans: [
    {
      date: '2026-01-15T09:00:00-06:00',
      eventType: 'OC',
      derivedStatusCode: 'IN',
      description: 'Shipment information sent to FedEx',
      city: 'CIUDAD DE MEXICO',
    },
  ],
};

/** Without detailed scans FedEx gives only the latest one. */
function includeScans<T>(detailed: boolean, newestFirst: T[]): T[] {
  return detailed ? newestFirst : newestFirst.slice(0, 1);
}

export interface FedexFake extends FakeServer {
  mode: FakeMode;
  /** Lifetime of the tokens it issues, seconds. */
  tokenLifetimeS: number;
  tokensIssued: number;
  /** Invalidates every token issued so far (as if they expired early). */
  revokeTokens(): void;
  /** The shipments `POST /ship/v1/shipments` created, in order (a retry creates another, as FedEx does). */
  shipments: { trackingNumber: string; customerTransactionId: string | undefined; body: ShipBody }[];
}

/** The label PDF the fake returns for each piece. */
export const FEDEX_FAKE_LABEL_PDF = Buffer.from('%PDF-1.4\n% etiqueta FedEx de prueba\n%%EOF\n');

interface ShipParty {
  contact?: { personName?: string; phoneNumber?: string };
  address?: { streetLines?: string[]; city?: string; postalCode?: string; countryCode?: string };
}

export interface ShipBody {
  labelResponseOptions?: string;
  accountNumber?: { value?: string };
  requestedShipment?: {
    shipDatestamp?: string;
    pickupType?: string;
    serviceType?: string;
    packagingType?: string;
    shipper?: ShipParty;
    recipients?: ShipParty[];
    shippingChargesPayment?: { paymentType?: string };
    labelSpecification?: { imageType?: string; labelStockType?: string };
    requestedPackageLineItems?: { weight?: { units?: string; value?: number } }[];
  };
}

/** The documented required fields of the Ship API, as [code, message]; undefined when complete. */
function shipProblem(body: ShipBody): [string, string] | undefined {
  if (!['LABEL', 'URL_ONLY'].includes(body.labelResponseOptions ?? '')) return ['LABELRESPONSEOPTIONS.REQUIRED', 'labelResponseOptions is required.'];
  if (!body.accountNumber?.value) return ['ACCOUNTNUMBER.REQUIRED', 'Account number is required.'];
  const shipment = body.requestedShipment;
  if (!shipment) return ['REQUESTEDSHIPMENT.REQUIRED', 'requestedShipment is required.'];
  const parties: [string, ShipParty | undefined][] = [
    ['SHIPPER', shipment.shipper],
    ['RECIPIENT', shipment.recipients?.[0]],
  ];
  for (const [who, party] of parties) {
    if (!party) return [`${who}.REQUIRED`, `${who.toLowerCase()} is required.`];
    if (!party.contact?.phoneNumber) return [`${who}.CONTACT.PHONENUMBER.REQUIRED`, 'Phone number is required.'];
    const a = party.address;
    if (!a?.streetLines?.length || a.streetLines.some((l) => !l || l.length > 35))
      return [`${who}.ADDRESS.STREETLINES.INVALID`, 'Street lines are required, 35 characters at most.'];
    if (!a.city) return [`${who}.ADDRESS.CITY.REQUIRED`, 'City is required.'];
    if (!a.countryCode) return [`${who}.ADDRESS.COUNTRYCODE.REQUIRED`, 'Country code is required.'];
  }
  if (!['DROPOFF_AT_FEDEX_LOCATION', 'CONTACT_FEDEX_TO_SCHEDULE', 'USE_SCHEDULED_PICKUP'].includes(shipment.pickupType ?? ''))
    return ['PICKUPTYPE.INVALID', 'Pickup type is invalid.'];
  if (!shipment.packagingType) return ['PACKAGINGTYPE.REQUIRED', 'Packaging type is required.'];
  if (!shipment.shippingChargesPayment?.paymentType) return ['PAYMENTTYPE.REQUIRED', 'Payment type is required.'];
  if (!shipment.labelSpecification?.imageType || !shipment.labelSpecification.labelStockType)
    return ['LABELSPECIFICATION.REQUIRED', 'Label image type and stock type are required.'];
  const items = shipment.requestedPackageLineItems ?? [];
  if (items.length === 0 || items.some((i) => i.weight?.units !== 'KG' || !(Number(i.weight.value) > 0)))
    return ['WEIGHT.VALUE.INVALID', 'Package weight is required.'];
  return undefined;
}

interface RateBody {
  accountNumber?: { value?: string };
  requestedShipment?: {
    shipper?: { address?: { postalCode?: string; countryCode?: string } };
    recipient?: { address?: { postalCode?: string; countryCode?: string } };
    pickupType?: string;
    serviceType?: string;
    requestedPackageLineItems?: { weight?: { units?: string; value?: number }; dimensions?: { length: number; width: number; height: number } }[];
  };
}

function fail(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { transactionId: randomUUID(), errors: [{ code, message }] });
}

export async function startFedexFake(): Promise<FedexFake> {
  const state = { mode: { kind: 'ok' } as FakeMode, tokenLifetimeS: 3599, tokensIssued: 0, valid: new Set<string>(), shipments: [] as FedexFake['shipments'] };
  const server = await startFakeServer(async (req, res, raw) => {
    const mode = state.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'slow') await sleep(mode.delayMs);

    if (req.method === 'POST' && req.url === '/oauth/token') {
      const form = new URLSearchParams(raw);
      if (
        req.headers['content-type'] !== 'application/x-www-form-urlencoded' ||
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== FEDEX_FAKE_CREDENTIALS.clientId ||
        form.get('client_secret') !== FEDEX_FAKE_CREDENTIALS.clientSecret
      ) {
        return fail(res, 401, 'NOT.AUTHORIZED.ERROR', 'The given client credentials were not valid. Please modify your request and try again.');
      }
      const token = `fake-token-${++state.tokensIssued}`;
      state.valid.add(token);
      return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: state.tokenLifetimeS, scope: 'CXS' });
    }

    if (req.method === 'POST' && req.url === '/rate/v1/rates/quotes') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !state.valid.has(bearer)) return fail(res, 401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.');
      if (mode.kind === 'error') {
        return fail(
          res,
          mode.status,
          mode.status === 503 ? 'SERVICE.UNAVAILABLE.ERROR' : 'INTERNAL.SERVER.ERROR',
          'We encountered an unexpected error and are working to resolve the issue.',
        );
      }
      let body: RateBody;
      try {
        body = JSON.parse(raw) as RateBody;
      } catch {
        return fail(res, 400, 'INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
      }
      const shipment = body.requestedShipment;
      if (!body.accountNumber?.value) return fail(res, 400, 'ACCOUNTNUMBER.REQUIRED', 'Account number is required.');
      if (body.accountNumber.value !== FEDEX_FAKE_CREDENTIALS.accountNumber)
        return fail(res, 400, 'ACCOUNT.NUMBER.MISMATCH', 'The account number does not match.');
      const from = shipment?.shipper?.address;
      const to = shipment?.recipient?.address;
      if (!from?.postalCode || !from.countryCode || !to?.countryCode)
        return fail(res, 400, 'SHIPPER.POSTALSTATE.MISMATCH', 'Shipper or recipient address is incomplete.');
      if (!['DROPOFF_AT_FEDEX_LOCATION', 'CONTACT_FEDEX_TO_SCHEDULE', 'USE_SCHEDULED_PICKUP'].includes(shipment?.pickupType ?? '')) {
        return fail(res, 400, 'PICKUPTYPE.INVALID', 'Pickup type is invalid.');
      }
      const items = shipment?.requestedPackageLineItems ?? [];
      if (items.length === 0 || items.some((i) => i.weight?.units !== 'KG' || !(Number(i.weight.value) > 0))) {
        return fail(res, 400, 'WEIGHT.VALUE.INVALID', 'Package weight is required.');
      }
      const international = from.countryCode !== to.countryCode;
      const remote = to.postalCode !== undefined && FEDEX_FAKE_REMOTE.postalCodes.has(to.postalCode);
      const rateReplyDetails = Object.entries(FEDEX_FAKE_SERVICES)
        .filter(([type, s]) => s.international === international && (!shipment?.serviceType || shipment.serviceType === type))
        .map(([type, s]) => {
          const freight = items.reduce(
            (sum, i) => sum + fedexFakePrice(type, { weight: i.weight!.value!, ...(i.dimensions ? { dimensions: i.dimensions } : {}) }),
            0,
          );
          const surCharges = remote ? [{ type: 'OUT_OF_DELIVERY_AREA', description: 'Out of delivery area', amount: FEDEX_FAKE_REMOTE.surcharge }] : [];
          const total = Math.round((freight + (remote ? FEDEX_FAKE_REMOTE.surcharge : 0)) * 100) / 100;
          const rated = (rateType: string, amount: number) => ({
            rateType,
            totalBaseCharge: freight,
            totalNetCharge: amount,
            totalNetFedExCharge: amount,
            shipmentRateDetail: { currency: 'NMP', totalSurcharges: remote ? FEDEX_FAKE_REMOTE.surcharge : 0, surCharges },
          });
          return {
            serviceType: type,
            serviceName: s.name,
            packagingType: 'YOUR_PACKAGING',
            ratedShipmentDetails: [rated('LIST', Math.round(total * 115) / 100), rated('ACCOUNT', total)],
            operationalDetail: { transitTime: s.transit },
          };
        });
      return sendJson(res, 200, { transactionId: randomUUID(), output: { quoteDate: '2026-01-15', rateReplyDetails, alerts: [] } });
    }

    if (req.method === 'POST' && req.url === '/ship/v1/shipments') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !state.valid.has(bearer)) return fail(res, 401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.');
      if (mode.kind === 'error') {
        return fail(
          res,
          mode.status,
          mode.status === 503 ? 'SERVICE.UNAVAILABLE.ERROR' : 'INTERNAL.SERVER.ERROR',
          'We encountered an unexpected error and are working to resolve the issue.',
        );
      }
      let body: ShipBody;
      try {
        body = JSON.parse(raw) as ShipBody;
      } catch {
        return fail(res, 400, 'INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
      }
      const problem = shipProblem(body);
      if (problem) return fail(res, 400, problem[0], problem[1]);
      if (body.accountNumber!.value !== FEDEX_FAKE_CREDENTIALS.accountNumber)
        return fail(res, 400, 'ACCOUNT.NUMBER.MISMATCH', 'The account number does not match.');
      const shipment = body.requestedShipment!;
      const service = FEDEX_FAKE_SERVICES[shipment.serviceType ?? ''];
      const international = shipment.shipper!.address!.countryCode !== shipment.recipients![0]!.address!.countryCode;
      if (!service || service.international !== international)
        return fail(res, 400, 'SERVICETYPE.NOT.ALLOWED', 'The service type is not available for this origin and destination.');
      const master = String(794953555571 + state.shipments.length * 104729);
      const transactionId = req.headers['x-customer-transaction-id'];
      state.shipments.push({ trackingNumber: master, customerTransactionId: typeof transactionId === 'string' ? transactionId : undefined, body });
      const items = shipment.requestedPackageLineItems!;
      const label = body.labelResponseOptions === 'LABEL' ? { encodedLabel: FEDEX_FAKE_LABEL_PDF.toString('base64') } : { url: 'https://fedex.test/label.pdf' };
      return sendJson(res, 200, {
        transactionId: randomUUID(),
        ...(typeof transactionId === 'string' ? { customerTransactionId: transactionId } : {}),
        output: {
          transactionShipments: [
            {
              masterTrackingNumber: master,
              serviceType: shipment.serviceType,
              serviceName: service.name,
              shipDatestamp: shipment.shipDatestamp,
              pieceResponses: items.map((_, i) => ({
                trackingNumber: i === 0 ? master : String(Number(master) + i),
                masterTrackingNumber: master,
                packageSequenceNumber: i + 1,
                packageDocuments: [{ contentType: 'LABEL', docType: 'PDF', copiesToPrint: 1, ...label }],
              })),
              completedShipmentDetail: { masterTrackingId: { trackingNumber: master, trackingIdType: 'FEDEX', formId: '0201' } },
            },
          ],
          alerts: [],
        },
      });
    }

    if (req.method === 'POST' && req.url === '/track/v1/trackingnumbers') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !state.valid.has(bearer)) return fail(res, 401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.');
      if (mode.kind === 'error') {
        return fail(
          res,
          mode.status,
          mode.status === 503 ? 'SERVICE.UNAVAILABLE.ERROR' : 'INTERNAL.SERVER.ERROR',
          'We encountered an unexpected error and are working to resolve the issue.',
        );
      }
      let body: { includeDetailedScans?: boolean; trackingInfo?: { trackingNumberInfo?: { trackingNumber?: string } }[] };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return fail(res, 400, 'INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
      }
      const infos = body.trackingInfo ?? [];
      if (typeof body.includeDetailedScans !== 'boolean' || infos.length === 0 || infos.length > 30)
        return fail(res, 400, 'INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
      if (infos.some((i) => !i.trackingNumberInfo?.trackingNumber)) return fail(res, 400, 'TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.');
      const created = new Set(state.shipments.map((s) => s.trackingNumber));
      const completeTrackResults = infos.map(({ trackingNumberInfo }) => {
        const number = trackingNumberInfo!.trackingNumber!;
        const known = FEDEX_FAKE_TRACKING[number] ?? (created.has(number) ? FEDEX_FAKE_LABEL_CREATED : undefined);
        if (!known) {
          return {
            trackingNumber: number,
            trackResults: [
              {
                trackingNumberInfo: { trackingNumber: number, trackingNumberUniqueId: '', carrierCode: '' },
                error: {
                  code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
                  message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
                },
              },
            ],
          };
        }
        const scans = [...known.scans].reverse();
        const latest = scans[0]!;
        const address = (city: string) => ({ city, stateOrProvinceCode: '', countryCode: 'MX', residential: false });
        return {
          trackingNumber: number,
          trackResults: [
            {
              trackingNumberInfo: { trackingNumber: number, trackingNumberUniqueId: `12029~${number}~FDEG`, carrierCode: 'FDXE' },
              shipperInformation: { address: address(known.from) },
              recipientInformation: { address: address(known.to) },
              latestStatusDetail: {
                code: latest.eventType,
                derivedCode: latest.derivedStatusCode,
                statusByLocale: latest.description,
                description: latest.description,
                scanLocation: address(latest.city),
              },
              packageDetails: { count: String(known.pieces) },
              // FedEx lists scans newest first.
              scanEvents: includeScans(body.includeDetailedScans === true, scans).map((e) => ({
                date: e.date,
                eventType: e.eventType,
                eventDescription: e.description,
                derivedStatusCode: e.derivedStatusCode,
                derivedStatus: e.description,
                exceptionCode: '',
                exceptionDescription: '',
                scanLocation: address(e.city),
                locationType: 'FEDEX_FACILITY',
              })),
            },
          ],
        };
      });
      const alerts = completeTrackResults.some((r) => 'error' in r.trackResults[0]!)
        ? [{ code: 'TRACKING.DATA.NOTFOUND', alertType: 'NOTE', message: 'Tracking data unavailable' }]
        : [];
      return sendJson(res, 200, { transactionId: randomUUID(), output: { completeTrackResults, alerts } });
    }

    fail(res, 404, 'NOT.FOUND.ERROR', 'The resource you requested is no longer available.');
  });
  return {
    ...server,
    get mode() {
      return state.mode;
    },
    set mode(m: FakeMode) {
      state.mode = m;
    },
    get tokenLifetimeS() {
      return state.tokenLifetimeS;
    },
    set tokenLifetimeS(s: number) {
      state.tokenLifetimeS = s;
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
    revokeTokens() {
      state.valid.clear();
    },
    shipments: state.shipments,
  };
}
