import type { CarrierCode } from '@envios/contracts/carriers';
import { ampm } from './ampm/ampm.carrier.js';
import type { CarrierProvider } from './carrier-provider.js';
import { dhl } from './dhl/dhl.carrier.js';
import { estafeta } from './estafeta/estafeta.carrier.js';
import { fedex } from './fedex/fedex.carrier.js';
import { redpack } from './redpack/redpack.carrier.js';

/**
 * Every carrier, one line each, in the provider filter's order (CARRIER_CODES). Quoting, guides,
 * tracking, the demo catalogue and the logos read this list; carrier-list.test.ts checks that each
 * entry is complete. Adding a carrier: docs/arquitectura/paqueterias.md, «Agregar una paquetería».
 */
export const CARRIER_PROVIDERS: readonly CarrierProvider[] = [dhl, redpack, fedex, ampm, estafeta];

const BY_CODE = new Map(CARRIER_PROVIDERS.map((p) => [p.code, p]));

/** The provider of a carrier code (every code of the contracts has one: the contract test checks it). */
export function carrierProvider(code: CarrierCode): CarrierProvider {
  const provider = BY_CODE.get(code);
  if (!provider) throw new Error(`Paquetería sin proveedor: ${code}`);
  return provider;
}
