import { quoteRequestSchema, type ParcelInput, type PackageType, type QuoteRequest, type QuoteRequestInput } from '@envios/contracts/quotes';
import type { Shipment } from '@envios/contracts/shipments';

interface Side {
  country_code: string;
  postal_code: string;
  city: string;
  colony: string;
  state_short?: string | undefined;
}

/** The blocks an edit changes; whatever is not given is taken from the stored shipment. */
export interface ShipmentChange {
  origin_direction?: Side;
  destination_direction?: Side;
  parcels?: ParcelInput[];
  shipment_type?: PackageType;
}

/**
 * The quote of the edited shipment (a changed postal code or parcels forces a new
 * quote): one guide per parcel, insured like the shipment. Null when it would not pass the contract.
 */
export function requoteRequest(shipment: Shipment, change: ShipmentChange): QuoteRequest | null {
  const origin = change.origin_direction ?? shipment.origin_direction;
  const destination = change.destination_direction ?? shipment.destination_direction;
  const parcels = change.parcels ?? shipment.parcels.map(({ height, width, depth, weight }) => ({ height, width, depth, weight }));
  const insurance = shipment.package_insurance ? shipment.insurance_information : null;
  const input: QuoteRequestInput = {
    origin_direction: { country_code: origin.country_code, postal_code: origin.postal_code, city: origin.city, suburb: origin.colony },
    destination_direction: {
      country_code: destination.country_code,
      postal_code: destination.postal_code,
      city: destination.city,
      suburb: destination.colony,
      // As the server prices the shipment (shipment-pricing.ts quoteRequestFor).
      state_short: destination.state_short ?? '',
    },
    parcels,
    package_type: change.shipment_type ?? shipment.shipment_type,
    cantidadGuias: parcels.length,
    ...(insurance ? { insured_value: insurance.package_value, insured_value_currency: 'MXN' as const } : {}),
  };
  const parsed = quoteRequestSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** Postal codes compare without spaces or case ('06 700' = '06700'). */
export function samePostalCode(a: string, b: string): boolean {
  return a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();
}
