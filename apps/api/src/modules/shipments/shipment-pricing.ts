import { cityOnly, formatAddressLine, type ShipmentAddress } from '@envios/contracts/addresses';
import { fromCentavos, toCentavos, type Centavos } from '@envios/contracts/money';
import type { ChargeLine, PackageType, Parcel, QuoteRequest, ShippingOption } from '@envios/contracts/quotes';
import type { SelectedServiceSnapshot } from '@envios/contracts/shipments';
import type { AddressColumn, ParcelColumn } from './shipments.table.js';

/**
 * Pure rules of a shipment's price: the quote request a shipment makes, the price of each guide
 * and the snapshot frozen on each shipment. The server never takes a price from the client; it
 * only compares the client's figure with its own, to the centavo.
 */

export interface PricingInput {
  origin: AddressColumn;
  destination: AddressColumn;
  shipmentType: PackageType;
  parcels: readonly ParcelColumn[];
  /** Guides quoted at once (the parcel list repeats to this many). */
  guides: number;
  /** MXN, when the parcel is insured. */
  insuredValue?: number | undefined;
}

/** The quote a shipment stands for: same places, parcels, guides and insured value. */
export function quoteRequestFor(input: PricingInput): QuoteRequest {
  return {
    origin_direction: {
      country_code: input.origin.country_code,
      postal_code: input.origin.postal_code,
      city: cityOnly(input.origin.city),
      suburb: input.origin.colony,
    },
    destination_direction: {
      country_code: input.destination.country_code,
      postal_code: input.destination.postal_code,
      city: cityOnly(input.destination.city),
      suburb: input.destination.colony,
      state_short: input.destination.state_short ?? '',
    },
    parcels: input.parcels.map((p) => ({ depth: p.depth, width: p.width, height: p.height, weight: p.weight })),
    package_type: input.shipmentType,
    cantidadGuias: input.guides,
    ...(input.insuredValue === undefined ? {} : { insured_value: input.insuredValue, insured_value_currency: 'MXN' as const }),
  };
}

export function parcelKey(p: ParcelColumn): string {
  return `${p.depth}x${p.width}x${p.height}:${p.weight}`;
}

export function sameParcels(a: readonly ParcelColumn[], b: readonly ParcelColumn[]): boolean {
  return a.length === b.length && a.every((p, i) => parcelKey(p) === parcelKey(b[i]!));
}

/** The price of one shipment: what it costs and the lines that explain it. */
export interface ShipmentPrice {
  centavos: Centavos;
  lines: ChargeLine[];
  billableKg: number;
}

/** The option's lines without the earlier overweight (charged once, at payment, not per shipment). */
export function linesWithoutOverweight(option: ShippingOption): ChargeLine[] {
  return option.services.filter((l) => l.code !== 'overweight').map((l) => ({ ...l }));
}

/** An option as the price of one shipment carrying all its parcels (edits, duplicates). */
export function wholeOptionPrice(option: ShippingOption): ShipmentPrice {
  return { centavos: toCentavos(option.net_total_amount), lines: linesWithoutOverweight(option), billableKg: option.billable_weight_kg };
}

/**
 * One guide's price when every guide of the option carries the same parcel: each line once.
 * Undefined when the guides differ (the caller then prices each parcel on its own).
 */
export function uniformGuidePrice(option: ShippingOption): ShipmentPrice | undefined {
  if (option.price_per_guide === null || option.guides < 1) return undefined;
  const lines = linesWithoutOverweight(option);
  if (lines.some((l) => l.quantity !== option.guides) || option.billable_weight_kg % option.guides !== 0) return undefined;
  return {
    centavos: toCentavos(option.price_per_guide),
    lines: lines.map((l) => ({ ...l, quantity: 1, amount: l.price })),
    billableKg: option.billable_weight_kg / option.guides,
  };
}

export function sumCentavos(prices: readonly { centavos: Centavos }[]): Centavos {
  return prices.reduce((sum, p) => sum + p.centavos, 0);
}

/** MXN figures equal to the centavo (the client's price against ours). */
export function samePrice(a: number, b: number): boolean {
  return toCentavos(a) === toCentavos(b);
}

/** The insurance a shipment's price includes per piece, MXN (0 without insurance). */
export function insuranceCostOf(price: ShipmentPrice): number {
  return price.lines.find((l) => l.code === 'insurance')?.price ?? 0;
}

/** The snapshot frozen on a shipment: the option's service and dates with this shipment's price. */
export function snapshotOf(option: ShippingOption, price: ShipmentPrice, quotedAt: string): SelectedServiceSnapshot {
  const amount = fromCentavos(price.centavos);
  return {
    service_id: option.service_id,
    carrier: option.carrier,
    carrier_code: option.carrier_code,
    carrier_service_name: option.carrier_service_name,
    carrier_logo_url: option.carrier_logo_url,
    carrier_logo_url_svg: option.carrier_logo_url_svg,
    total_amount: amount,
    net_total_amount: amount,
    currency: 'MXN',
    date: option.date,
    estimated_delivery: option.estimated_delivery,
    total_transit_days: option.total_transit_days,
    transit_text: option.transit_text,
    is_remote: option.is_remote,
    billable_weight_kg: price.billableKg,
    source: option.source,
    services: price.lines,
    quoted_at: quotedAt,
  };
}

/** The columns a price sets on a shipment: its service, snapshot, total and transit days. */
export function pricedColumns(option: ShippingOption, price: ShipmentPrice, quotedAt: string) {
  return {
    serviceId: option.service_id,
    carrierCode: option.carrier_code,
    serviceName: option.carrier_service_name,
    selectedService: snapshotOf(option, price, quotedAt),
    totalCentavos: price.centavos,
    transitDays: option.total_transit_days,
  };
}

/** A validated address as stored (the destination keeps its state abbreviation). */
export function toAddressColumn(a: Omit<ShipmentAddress, 'state_short'> & { state_short?: unknown }): AddressColumn {
  const column: AddressColumn = {
    full_name: a.full_name,
    email: a.email,
    phone: a.phone,
    address: a.address,
    number: a.number,
    intNumber: a.intNumber,
    reference_of_origin: a.reference_of_origin,
    colony: a.colony,
    postal_code: a.postal_code,
    city: a.city,
    state_code: a.state_code,
    country_code: a.country_code,
  };
  if (typeof a.state_short === 'string') column.state_short = a.state_short;
  return column;
}

/** The list's searchable destination columns. */
export function destinationColumns(d: AddressColumn): { destinationName: string; destinationLine: string } {
  return { destinationName: d.full_name, destinationLine: formatAddressLine(d) };
}

/** A different place for pricing: another country or postal code. */
export function samePlace(a: AddressColumn, b: AddressColumn): boolean {
  return a.country_code === b.country_code && a.postal_code === b.postal_code;
}

/** Parcels as stored (the contract already rounded measures up). */
export function toParcelColumns(parcels: readonly Parcel[]): ParcelColumn[] {
  return parcels.map((p) => ({ height: p.height, width: p.width, depth: p.depth, weight: p.weight }));
}
