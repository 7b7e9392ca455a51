import { billableWeightKg } from '@envios/contracts/quotes';
import { toCentavos } from '@envios/contracts/money';
import { CarrierApiError, type CarrierAdapter, type GuideCost, type RateRequest, type ServiceRate } from '../adapters/carrier-adapter.js';

/**
 * FedEx REST APIs: OAuth 2.0 client credentials (`POST /oauth/token`, the
 * token cached until a minute before it expires, fetched once for concurrent callers and
 * renewed once on a 401), then `POST /rate/v1/rates/quotes` without `serviceType` to get every
 * service, one request per distinct parcel. Services match catalogue services by `serviceType`.
 */
export interface FedexConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  fetch?: typeof fetch;
  now?: () => number;
}

interface FedexErrorBody {
  transactionId?: string;
  errors?: { code?: string; message?: string }[];
}

export interface FedexRateResponse {
  transactionId?: string;
  output?: {
    rateReplyDetails?: {
      serviceType?: string;
      serviceName?: string;
      ratedShipmentDetails?: {
        rateType?: string;
        totalNetCharge?: number;
        shipmentRateDetail?: {
          currency?: string;
          surCharges?: { type?: string; description?: string; amount?: number }[];
        };
      }[];
      commit?: { daysInTransit?: string | number };
      operationalDetail?: { transitTime?: string };
    }[];
    alerts?: { code?: string; alertType?: string; message?: string }[];
  };
}

/** Surcharges FedEx applies for deliveries outside its regular area. */
const REMOTE_SURCHARGES = new Set(['DELIVERY_AREA', 'OUT_OF_DELIVERY_AREA', 'EXTENDED_DELIVERY_AREA']);

/** FedEx writes the peso as NMP; MXN is accepted only as the requested currency. */
const PESO_CODES = new Set(['NMP', 'MXN']);

const NUMBER_WORDS = [
  'ZERO',
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
  'TWENTY',
];

/** "TWO_DAYS" → 2; a number stays as it is. */
export function fedexTransitDays(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (!value) return undefined;
  const match = /^([A-Z]+)_DAYS?$/.exec(value.toUpperCase());
  const index = match ? NUMBER_WORDS.indexOf(match[1]!) : -1;
  return index >= 0 ? index : undefined;
}

function errorMessage(status: number, body: FedexErrorBody | undefined): { message: string; code?: string } {
  const first = body?.errors?.[0];
  return { message: `FedEx respondió ${status}: ${first?.message ?? first?.code ?? 'sin detalle'}`, ...(first?.code ? { code: first.code } : {}) };
}

const TOKEN_TIMEOUT_MS = 10_000;

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export function createFedexClient(config: FedexConfig) {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const base = config.baseUrl.replace(/\/+$/, '');
  let token: { value: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<{ status: number; ok: boolean; data: unknown }> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new CarrierApiError('fedex', 0, 'No se pudo conectar con FedEx.');
    }
    const data: unknown = await response.json().catch(() => undefined);
    return { status: response.status, ok: response.ok, data };
  }

  async function fetchToken(signal: AbortSignal): Promise<string> {
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret });
    const answer = await send(
      `${base}/oauth/token`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() },
      signal,
    );
    const data = answer.data as { access_token?: string; expires_in?: number } | undefined;
    if (!answer.ok || !data?.access_token) {
      const { message, code } = errorMessage(answer.status, answer.data as FedexErrorBody | undefined);
      throw new CarrierApiError('fedex', answer.status, message, code);
    }
    const lifetimeMs = Math.max(0, (data.expires_in ?? 3600) - 60) * 1000;
    token = { value: data.access_token, refreshAt: now() + lifetimeMs };
    return data.access_token;
  }

  /**
   * The cached token, or one fetched for all callers waiting at the same moment. The shared fetch
   * has its own time limit, so one quote giving up never fails another's token.
   */
  function accessToken(signal: AbortSignal): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    pending ??= fetchToken(AbortSignal.timeout(TOKEN_TIMEOUT_MS)).finally(() => {
      pending = undefined;
    });
    return untilAborted(pending, signal);
  }

  /**
   * One authenticated JSON POST: the bearer token cached, renewed once on a 401; FedEx's error
   * body becomes a CarrierApiError. `headers` adds to the common ones.
   */
  async function post(path: string, body: unknown, signal: AbortSignal, headers: Record<string, string> = {}): Promise<object> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken(signal);
      const answer = await send(
        `${base}${path}`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'x-locale': 'es_MX', ...headers },
          body: JSON.stringify(body),
        },
        signal,
      );
      if (answer.status === 401 && attempt === 0) {
        // An expired or revoked token: forget it and try once with a new one.
        if (token?.value === bearer) token = undefined;
        continue;
      }
      if (!answer.ok) {
        const { message, code } = errorMessage(answer.status, answer.data as FedexErrorBody | undefined);
        throw new CarrierApiError('fedex', answer.status, message, code);
      }
      if (!answer.data || typeof answer.data !== 'object') throw new CarrierApiError('fedex', answer.status, 'FedEx respondió sin un cuerpo JSON válido.');
      return answer.data;
    }
  }

  return {
    accountNumber: config.accountNumber,
    post,
    async rateQuotes(body: unknown, signal: AbortSignal): Promise<FedexRateResponse> {
      return post('/rate/v1/rates/quotes', body, signal);
    },
  };
}

export type FedexClient = ReturnType<typeof createFedexClient>;

export function createFedexAdapter(client: FedexClient): CarrierAdapter {
  return {
    carrierCode: 'fedex',
    source: 'api',
    inMemory: false,
    async rate(request: RateRequest, signal: AbortSignal): Promise<ServiceRate[]> {
      const byType = new Map(request.services.filter((s) => s.externalCode).map((s) => [s.externalCode!, s]));
      if (byType.size === 0) return [];
      const isDocument = request.packageType === 'document';
      const answers = await Promise.all(
        request.parcels.map(({ parcel }) =>
          client.rateQuotes(
            {
              accountNumber: { value: client.accountNumber },
              rateRequestControlParameters: { returnTransitTimes: true },
              requestedShipment: {
                shipper: {
                  address: {
                    postalCode: request.origin.postalCode,
                    countryCode: request.origin.countryCode,
                    ...(request.origin.city ? { city: request.origin.city } : {}),
                  },
                },
                recipient: {
                  address: {
                    postalCode: request.destination.postalCode,
                    countryCode: request.destination.countryCode,
                    ...(request.destination.city ? { city: request.destination.city } : {}),
                    residential: false,
                  },
                },
                pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
                packagingType: isDocument ? 'FEDEX_ENVELOPE' : 'YOUR_PACKAGING',
                rateRequestType: ['ACCOUNT', 'LIST'],
                preferredCurrency: 'MXN',
                shipDateStamp: request.shipDate,
                requestedPackageLineItems: [
                  {
                    weight: { units: 'KG', value: parcel.weight },
                    ...(isDocument ? {} : { dimensions: { length: parcel.width, width: parcel.depth, height: parcel.height, units: 'CM' } }),
                  },
                ],
              },
            },
            signal,
          ),
        ),
      );
      const out: ServiceRate[] = [];
      for (const [type, service] of byType) {
        const costs: GuideCost[] = [];
        let transitDays: number | undefined;
        answers.forEach((answer, i) => {
          const detail = answer.output?.rateReplyDetails?.find((d) => d.serviceType === type);
          const rated =
            detail?.ratedShipmentDetails?.find((r) => r.rateType === 'ACCOUNT') ??
            detail?.ratedShipmentDetails?.find((r) => r.rateType === 'LIST') ??
            detail?.ratedShipmentDetails?.[0];
          const currency = rated?.shipmentRateDetail?.currency;
          if (!detail || rated?.totalNetCharge === undefined || !currency || !PESO_CODES.has(currency)) return;
          const total = toCentavos(rated.totalNetCharge);
          const remote = (rated.shipmentRateDetail?.surCharges ?? [])
            .filter((s) => s.type && REMOTE_SURCHARGES.has(s.type) && typeof s.amount === 'number')
            .reduce((sum, s) => sum + toCentavos(s.amount!), 0);
          const remoteCentavos = Math.min(remote, total);
          const parcel = request.parcels[i]!.parcel;
          costs.push({
            billableKg: billableWeightKg(parcel, service.volumetricDivisor),
            baseCentavos: total - remoteCentavos,
            extraCentavos: 0,
            extraKg: 0,
            remoteCentavos,
            isRemote: remoteCentavos > 0,
          });
          const days = fedexTransitDays(detail.commit?.daysInTransit) ?? fedexTransitDays(detail.operationalDetail?.transitTime);
          if (days !== undefined) transitDays = Math.max(transitDays ?? 0, days);
        });
        if (costs.length === request.parcels.length) out.push({ serviceId: service.id, costs, ...(transitDays !== undefined ? { transitDays } : {}) });
      }
      return out;
    },
  };
}
