import { describe, expect, it } from 'vitest';
import { createShipmentSchema } from '@envios/contracts/shipments';
import type { QuoteRequest } from '@envios/contracts/quotes';
import { demoQuoteRequest, option } from '@/testing/mock-quotes';
import { addressesStepSchema, buildCreateShipmentBody, totalWeightKg, totalWithOverweight } from './shipment-body';

const addresses = addressesStepSchema(false).parse({
  origin_direction: {
    full_name: 'Ana López',
    email: 'ana@correo.test',
    phone: '3312345678',
    address: 'Av. Juárez',
    number: '1',
    intNumber: '',
    reference_of_origin: '',
    colony: 'Guadalajara Centro',
    postal_code: '44100',
    city: 'Jalisco, Guadalajara',
    state_code: 'JAL',
    country_code: 'MX',
  },
  destination_direction: {
    full_name: 'Luis Pérez',
    email: 'luis@correo.test',
    phone: '5512345678',
    address: 'Durango',
    number: '25',
    intNumber: '4B',
    reference_of_origin: '',
    colony: 'Roma Norte',
    postal_code: '06600',
    city: 'Ciudad de México, Ciudad de México',
    state_code: 'CDMX',
    state_short: 'CDMX',
    country_code: 'MX',
  },
  description_of_the_content: 'Ropa',
  save_origin: true,
  save_destination: false,
  local_pickup: true,
  insurance: { responsible_for_the_package: '', mail_responsible: '' },
});
const dhl = option('dhl', 'EXPRESS DOMESTIC', 160.5, 1);

describe('the body of POST /api/v1/shipments', () => {
  it('sends the parcels as typed with the number of guides (the server repeats them), and the price only to compare', () => {
    const body = buildCreateShipmentBody({ quote: demoQuoteRequest, service: dhl, addresses });
    expect(body.parcels).toEqual(demoQuoteRequest.parcels);
    expect(body.parcels).toHaveLength(1);
    expect(body.cantidadGuias).toBe(2);
    expect(body.selected_service).toEqual({ service_id: dhl.service_id, net_total_amount: 321 });
    expect(body.shipment_type).toBe('box');
    expect(body.save_origin).toBe(true);
    expect(body.package_insurance).toBe(false);
    expect(body).not.toHaveProperty('insurance_information');
    expect(createShipmentSchema.safeParse(body).success).toBe(true);
  });

  it("carries the store order it was made for ('Generar Guia')", () => {
    const ecommerceOrder = { id: '00000000-0000-4000-8000-000000000001', platform: 'shopify' as const };
    const body = buildCreateShipmentBody({ quote: demoQuoteRequest, service: dhl, addresses, ecommerceOrder });
    expect(body.shipment_ecommerce).toEqual({ order_id: '00000000-0000-4000-8000-000000000001', ecommerce_type: 'shopify' });
    expect(createShipmentSchema.safeParse(body).success).toBe(true);
    expect(buildCreateShipmentBody({ quote: demoQuoteRequest, service: dhl, addresses })).not.toHaveProperty('shipment_ecommerce');
  });

  it('asks for local pickup only from Guadalajara', () => {
    expect(buildCreateShipmentBody({ quote: demoQuoteRequest, service: dhl, addresses }).local_pickup).toBe(true);
    const fromMonterrey = { ...addresses, origin_direction: { ...addresses.origin_direction, city: 'Nuevo León, Monterrey' } };
    expect(buildCreateShipmentBody({ quote: demoQuoteRequest, service: dhl, addresses: fromMonterrey }).local_pickup).toBe(false);
  });

  it('an insured quote carries its value and who answers for the parcel', () => {
    const insured: QuoteRequest = { ...demoQuoteRequest, insured_value: 1500, insured_value_currency: 'MXN' };
    const body = buildCreateShipmentBody({
      quote: insured,
      service: dhl,
      addresses: { ...addresses, insurance: { responsible_for_the_package: 'Ana López', mail_responsible: 'ana@correo.test' } },
    });
    expect(body.package_insurance).toBe(true);
    expect(body.insurance_information).toEqual({ package_value: 1500, responsible_for_the_package: 'Ana López', mail_responsible: 'ana@correo.test' });
    expect(createShipmentSchema.safeParse(body).success).toBe(true);
  });
});

describe('the summary figures', () => {
  it('weighs every guide: one 3 kg parcel and two guides are 6 kg', () => {
    expect(totalWeightKg(demoQuoteRequest)).toBe(6);
    expect(totalWeightKg({ parcels: [{ depth: 1, width: 25, height: 1, weight: 0.3 }], cantidadGuias: 3 })).toBe(0.9);
  });

  it('adds the earlier overweight to the net price in centavos', () => {
    expect(totalWithOverweight(288.96, 75.1)).toBe(36406);
    expect(totalWithOverweight(0.1, 0.2)).toBe(30);
  });
});
