import { z } from 'zod';
import { destinationAddressSchema, originAddressSchema } from '@envios/contracts/addresses';
import { expandParcelsToGuides, type QuoteRequest, type ShippingOption } from '@envios/contracts/quotes';
import { descriptionSchema, insuranceInformationSchema, offersLocalPickup, type CreateShipmentInput } from '@envios/contracts/shipments';
import { toCentavos } from '@envios/contracts/money';
import type { PlatformId } from '@envios/contracts/integrations';

/**
 * Step 3 of the wizard, checked with the contract's own pieces: both sides, the content, the
 * 'Guardar dirección' boxes, local pickup, and (for an insured quote) who answers for the parcel.
 */
export function addressesStepSchema(insured: boolean) {
  const insurance = z.object({
    responsible_for_the_package: insuranceInformationSchema.shape.responsible_for_the_package,
    mail_responsible: insuranceInformationSchema.shape.mail_responsible,
  });
  return z.object({
    origin_direction: originAddressSchema,
    destination_direction: destinationAddressSchema,
    description_of_the_content: descriptionSchema,
    save_origin: z.boolean(),
    save_destination: z.boolean(),
    local_pickup: z.boolean(),
    insurance: insured ? insurance : z.object({ responsible_for_the_package: z.string(), mail_responsible: z.string() }),
  });
}
export type AddressesStepInput = z.input<ReturnType<typeof addressesStepSchema>>;
export type AddressesStepValues = z.output<ReturnType<typeof addressesStepSchema>>;

/**
 * The body of `POST /api/v1/shipments` (and `/shipments/home`). The parcels go as typed with
 * `cantidadGuias`: the server repeats them, one per guide. The price is only what the customer
 * saw, for the server to compare; it re-quotes and never trusts it.
 */
export function buildCreateShipmentBody(input: {
  quote: QuoteRequest;
  service: ShippingOption;
  addresses: AddressesStepValues;
  /** The store order this guide is for ('Generar Guia' in the E-Commerce tab) and its store's platform. */
  ecommerceOrder?: { id: string; platform: PlatformId } | null;
}): CreateShipmentInput {
  const { quote, service, addresses, ecommerceOrder } = input;
  const insured = quote.insured_value !== undefined;
  return {
    selected_service: { service_id: service.service_id, net_total_amount: service.net_total_amount },
    shipment_type: quote.package_type,
    parcels: quote.parcels,
    cantidadGuias: quote.cantidadGuias,
    origin_direction: addresses.origin_direction,
    destination_direction: addresses.destination_direction,
    description_of_the_content: addresses.description_of_the_content,
    package_insurance: insured,
    ...(insured
      ? {
          insurance_information: {
            package_value: quote.insured_value!,
            responsible_for_the_package: addresses.insurance.responsible_for_the_package,
            mail_responsible: addresses.insurance.mail_responsible,
          },
        }
      : {}),
    save_origin: addresses.save_origin,
    save_destination: addresses.save_destination,
    // 'Solicitar recolección local' only counts where it is offered.
    local_pickup: addresses.local_pickup && offersLocalPickup(addresses.origin_direction.city),
    ...(ecommerceOrder ? { shipment_ecommerce: { order_id: ecommerceOrder.id, ecommerce_type: ecommerceOrder.platform } } : {}),
  };
}

/** Real kilos of all the guides (the parcel list repeated to the number of guides), one decimal. */
export function totalWeightKg(quote: Pick<QuoteRequest, 'parcels' | 'cantidadGuias'>): number {
  const grams = expandParcelsToGuides(quote.parcels, quote.cantidadGuias).reduce((sum, p) => sum + Math.round(p.weight * 1000), 0);
  return Math.round(grams / 100) / 10;
}

/** Net price plus the earlier overweight, in centavos (total = guides + overweight). */
export function totalWithOverweight(netMXN: number, overweightMXN: number): number {
  return toCentavos(netMXN) + toCentavos(overweightMXN);
}
