import { formatAddressLine } from '@envios/contracts/addresses';
import { fromCentavos } from '@envios/contracts/money';
import type { z } from 'zod';
import type { slipShipmentSchema } from '@envios/contracts/payments';
import type { Shipment } from '@envios/contracts/shipments';
import type { Executor } from '../../db/client.js';
import { toShipmentDto } from './shipments.dto.js';
import * as repo from './shipments.repository.js';

export type SlipShipment = z.infer<typeof slipShipmentSchema>;

/**
 * What the OXXO payment slip (/shipping/cash_barcode) shows per shipment: carrier
 * logo, service name, destination (full name, address, postal code, city, Mexico) and price.
 * `priceCentavos` is the share the payment charged for it (defaults to the shipment's total).
 * Live shipments only, in the order asked.
 */
export async function slipShipments(db: Executor, items: readonly { id: string; priceCentavos?: number }[]): Promise<SlipShipment[]> {
  const rows = await repo.findShipments(
    db,
    items.map((i) => i.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.flatMap((item) => {
    const r = byId.get(item.id);
    if (!r) return [];
    const d = r.destination;
    return [
      {
        _id: r.id,
        numberOfOrder: r.numberOfOrder,
        carrier: r.selectedService.carrier,
        carrier_code: r.carrierCode,
        carrier_logo_url: r.selectedService.carrier_logo_url_svg || r.selectedService.carrier_logo_url,
        carrier_service_name: r.serviceName,
        destination: {
          full_name: d.full_name,
          address: [formatAddressLine(d), d.colony].filter(Boolean).join(', '),
          postal_code: d.postal_code,
          city: d.city,
          country: 'México',
        },
        price: fromCentavos(item.priceCentavos ?? r.totalCentavos),
      },
    ];
  });
}

/** Live shipments among `ids`, as the API answers a shipment, by folio (the references lookup). */
export async function shipmentsByIds(db: Executor, ids: readonly string[]): Promise<Shipment[]> {
  return (await repo.findShipments(db, ids)).map(toShipmentDto);
}
