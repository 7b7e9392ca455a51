import { DOCUMENT_FLAT_MAX_KG, type CarrierCode } from '@envios/contracts/carriers';
import { billableWeightKg } from '@envios/contracts/quotes';
import type { CatalogueSnapshot } from '../catalogue-snapshot.js';
import { freightCost } from '../tariff-rules.js';
import type { CarrierAdapter, GuideCost, RateRequest, ServiceRate } from './carrier-adapter.js';

/**
 * The tariff engine: prices a carrier's services from the in-memory catalogue (brackets by zone,
 * flat sobre price, the surcharge of a remote-area destination). The default source of every carrier.
 */
export function createTariffAdapter(carrierCode: CarrierCode, snapshot: () => CatalogueSnapshot): CarrierAdapter {
  return {
    carrierCode,
    source: 'tariffs',
    inMemory: true,
    rate: async (request) => rateFromTariffs(snapshot(), carrierCode, request),
  };
}

export function rateFromTariffs(catalogue: CatalogueSnapshot, carrierCode: CarrierCode, request: RateRequest): ServiceRate[] {
  const carrier = catalogue.carrierByCode.get(carrierCode);
  if (!carrier || request.zone === undefined) return [];
  const isRemote = request.destinationIsRemote;
  const remoteCentavos = isRemote ? carrier.remoteAreaSurchargeCentavos : 0;
  const out: ServiceRate[] = [];
  for (const service of request.services) {
    const brackets = catalogue.tariffs.get(service.id)?.get(request.zone) ?? [];
    const costs: GuideCost[] = [];
    for (const { parcel } of request.parcels) {
      const billableKg = billableWeightKg(parcel, service.volumetricDivisor);
      if (billableKg > service.maxWeightKg) break;
      if (request.packageType === 'document' && service.documentPriceCentavos !== null && parcel.weight <= DOCUMENT_FLAT_MAX_KG) {
        costs.push({ billableKg, baseCentavos: service.documentPriceCentavos, extraCentavos: 0, extraKg: 0, remoteCentavos, isRemote });
        continue;
      }
      const freight = freightCost(brackets, billableKg);
      if (!freight) break;
      costs.push({ billableKg, baseCentavos: freight.baseCentavos, extraCentavos: freight.extraCentavos, extraKg: freight.extraKg, remoteCentavos, isRemote });
    }
    // A service that cannot carry every parcel of the quote is not offered.
    if (costs.length === request.parcels.length) out.push({ serviceId: service.id, costs });
  }
  return out;
}
