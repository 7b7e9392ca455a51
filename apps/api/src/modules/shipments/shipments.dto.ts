import { formatAddressLine } from '@envios/contracts/addresses';
import { CARRIER_NAMES } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import { volumetricWeightRounded, type Shipment, type ShipmentRow } from '@envios/contracts/shipments';
import type * as repo from './shipments.repository.js';
import type { AddressColumn } from './shipments.table.js';

export function toAddressDto(a: AddressColumn): Shipment['origin_direction'] {
  return { ...a, address_line: formatAddressLine(a) };
}

export function toShipmentDto(r: repo.ShipmentRecord): Shipment {
  return {
    _id: r.id,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    numberOfOrder: r.numberOfOrder,
    user: r.userId,
    customer_info: { first_names: r.customerFirstNames, last_names: r.customerLastNames, email: r.customerEmail },
    origin_direction: toAddressDto(r.origin),
    destination_direction: toAddressDto(r.destination),
    selected_service: r.selectedService,
    shipment_type: r.shipmentType,
    parcels: r.parcels.map((p) => ({ height: p.height, width: p.width, depth: p.depth, weight: p.weight, volumetric_weight: volumetricWeightRounded(p) })),
    description_of_the_content: r.description,
    package_insurance: r.packageInsurance,
    insurance_information: r.insuranceInformation,
    shipment_ecommerce: r.ecommerceOrderId ? { order_id: r.ecommerceOrderId, ecommerce_type: r.ecommerceType ?? '' } : null,
    local_pickup: r.localPickup,
    status: r.paid,
    paid_at: r.paidAt?.toISOString() ?? null,
    guide: r.guideUrl,
    number_guide: r.numberGuide,
    reference: r.reference,
    overweight: r.overweightKg,
    cost_overweight: r.overweightCentavos === null ? null : fromCentavos(r.overweightCentavos),
    overweight_paid: r.overweightPaid,
    tracking_status: r.trackingStatus,
  };
}

export function toRowDto(r: repo.ShipmentListRow): ShipmentRow {
  return {
    _id: r.id,
    created_at: r.createdAt.toISOString(),
    numberOfOrder: r.numberOfOrder,
    destination_name: r.destinationName,
    destination_line: r.destinationLine,
    destination_postal_code: r.destinationPostalCode,
    destination_city: r.destinationCity,
    carrier: r.carrier || CARRIER_NAMES[r.carrierCode],
    carrier_code: r.carrierCode,
    carrier_service_name: r.serviceName,
    service_id: r.serviceId,
    number_guide: r.numberGuide,
    status: r.paid,
    tracking_status: r.trackingStatus,
    total_transit_days: r.transitDays,
    total_amount: fromCentavos(r.totalCentavos),
    currency: 'MXN',
    guide: r.guideUrl,
    label_printed_at: r.labelPrintedAt?.toISOString() ?? null,
  };
}
