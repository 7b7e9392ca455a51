import { randomUUID } from 'node:crypto';
import { billableWeightKg } from '@envios/contracts/quotes';
import { toCentavos } from '@envios/contracts/money';
import { CarrierApiError, type CarrierAdapter, type GuideCost, type RateRequest, type ServiceRate } from '../adapters/carrier-adapter.js';

/**
 * DHL Express MyDHL API 3.1: `POST /rates` with HTTP Basic
 * credentials, one request per distinct parcel. Products are matched to catalogue services by
 * their global `productCode`; the `BILLC` total in MXN is the carrier cost of one guide.
 */
export interface DhlExpressConfig {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
  fetch?: typeof fetch;
}

/** The parts of the rate answer we read (MyDHL `supermodelIoLogisticsExpressRates`). */
export interface DhlRateResponse {
  products?: {
    productName?: string;
    productCode?: string;
    localProductCode?: string;
    weight?: { volumetric?: number; provided?: number; unitOfMeasurement?: string };
    totalPrice?: { currencyType?: string; priceCurrency?: string; price?: number }[];
    deliveryCapabilities?: { estimatedDeliveryDateAndTime?: string; totalTransitDays?: number | string };
  }[];
  warnings?: string[];
}

interface DhlProblem {
  status?: string | number;
  title?: string;
  detail?: string;
  message?: string;
}

export interface DhlRatesBody {
  customerDetails: {
    shipperDetails: { postalCode: string; cityName: string; countryCode: string; countyName?: string };
    receiverDetails: { postalCode: string; cityName: string; countryCode: string; countyName?: string };
  };
  accounts: { typeCode: 'shipper'; number: string }[];
  plannedShippingDateAndTime: string;
  unitOfMeasurement: 'metric';
  isCustomsDeclarable: boolean;
  packages: { weight: number; dimensions: { length: number; width: number; height: number } }[];
  monetaryAmount?: { typeCode: 'declaredValue'; value: number; currency: 'MXN' }[];
}

export function createDhlExpressClient(config: DhlExpressConfig) {
  const doFetch = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString('base64')}`;
  /**
   * One JSON POST with the Basic credentials and the common headers; DHL's problem body becomes a
   * CarrierApiError. `messageReference` (1–36 chars) is echoed by DHL and identifies the call.
   */
  async function post(path: string, body: unknown, signal: AbortSignal, messageReference: string = randomUUID()): Promise<object> {
    // The answer's shape is DHL's contract; every field is read defensively by the callers.
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          'x-version': '3.1.0',
          'message-reference': messageReference.slice(0, 36),
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new CarrierApiError('dhl', 0, 'No se pudo conectar con DHL.');
    }
    const data: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const problem = (data ?? {}) as DhlProblem;
      const detail = problem.detail ?? problem.title ?? problem.message ?? 'sin detalle';
      throw new CarrierApiError('dhl', response.status, `DHL respondió ${response.status}: ${detail}`, problem.title);
    }
    if (!data || typeof data !== 'object') throw new CarrierApiError('dhl', response.status, 'DHL respondió sin un cuerpo JSON válido.');
    return data;
  }

  return {
    accountNumber: config.accountNumber,
    post,
    async rates(body: DhlRatesBody, signal: AbortSignal): Promise<DhlRateResponse> {
      return post('/rates', body, signal);
    },
  };
}

export type DhlExpressClient = ReturnType<typeof createDhlExpressClient>;

/** `2025-03-10T14:00:00GMT-06:00`: DHL's planned ship time, in Mexico City's fixed offset (no DST since 2022). */
export function dhlPlannedShippingDateAndTime(localDateTime: string): string {
  return `${localDateTime}GMT-06:00`;
}

function transitDaysOf(value: number | string | undefined): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function createDhlExpressAdapter(client: DhlExpressClient): CarrierAdapter {
  return {
    carrierCode: 'dhl',
    source: 'api',
    inMemory: false,
    async rate(request: RateRequest, signal: AbortSignal): Promise<ServiceRate[]> {
      const byCode = new Map(request.services.filter((s) => s.externalCode).map((s) => [s.externalCode!, s]));
      if (byCode.size === 0) return [];
      const answers = await Promise.all(
        request.parcels.map(({ parcel }) =>
          client.rates(
            {
              customerDetails: {
                shipperDetails: place(request.origin),
                receiverDetails: place(request.destination),
              },
              accounts: [{ typeCode: 'shipper', number: client.accountNumber }],
              plannedShippingDateAndTime: dhlPlannedShippingDateAndTime(request.shipDateTimeLocal),
              unitOfMeasurement: 'metric',
              isCustomsDeclarable: request.scope === 'international' && request.packageType !== 'document',
              // Largo is `width` and Ancho is `depth` in our parcels (the quote form's order).
              packages: [{ weight: parcel.weight, dimensions: { length: parcel.width, width: parcel.depth, height: parcel.height } }],
              ...(request.scope === 'international' && request.insuredValueCentavos
                ? { monetaryAmount: [{ typeCode: 'declaredValue' as const, value: request.insuredValueCentavos / 100, currency: 'MXN' as const }] }
                : {}),
            },
            signal,
          ),
        ),
      );
      const out: ServiceRate[] = [];
      for (const [code, service] of byCode) {
        const costs: GuideCost[] = [];
        let transitDays: number | undefined;
        answers.forEach((answer, i) => {
          const product = answer.products?.find((p) => p.productCode === code);
          const price = product?.totalPrice?.find((t) => t.currencyType === 'BILLC') ?? product?.totalPrice?.[0];
          if (!product || price?.price === undefined || price.priceCurrency !== 'MXN') return;
          const parcel = request.parcels[i]!.parcel;
          costs.push({
            billableKg: billableWeightKg(parcel, service.volumetricDivisor),
            baseCentavos: toCentavos(price.price),
            extraCentavos: 0,
            extraKg: 0,
            remoteCentavos: 0,
            isRemote: false,
          });
          const days = transitDaysOf(product.deliveryCapabilities?.totalTransitDays);
          if (days !== undefined) transitDays = Math.max(transitDays ?? 0, days);
        });
        if (costs.length === request.parcels.length) out.push({ serviceId: service.id, costs, ...(transitDays !== undefined ? { transitDays } : {}) });
      }
      return out;
    },
  };
}

function place(p: RateRequest['origin']) {
  return {
    postalCode: p.postalCode,
    cityName: (p.city || p.suburb || p.postalCode).slice(0, 45),
    countryCode: p.countryCode,
    ...(p.suburb ? { countyName: p.suburb.slice(0, 45) } : {}),
  };
}
