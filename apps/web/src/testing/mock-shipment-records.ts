import type { Shipment, ShipmentPage, ShipmentRow, ShipmentStats } from '@envios/contracts/shipments';

/** Test data for the shipment management screens (list, detail, edit, statistics). */
export const demoUserId = '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11';
export const dhlServiceId = '00000000-0000-4000-8000-0000000000d1';
export const fedexServiceId = '00000000-0000-4000-8000-0000000000f1';

export function shipmentId(n: number): string {
  return `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function shipmentRow(n: number, over: Partial<ShipmentRow> = {}): ShipmentRow {
  return {
    _id: shipmentId(n),
    created_at: '2026-11-20T18:00:00.000Z',
    numberOfOrder: 1000 + n,
    destination_name: `Destinatario ${n}`,
    destination_line: `Calle ${n}, 12`,
    destination_postal_code: '06600',
    destination_city: 'Ciudad de México, Ciudad de México',
    carrier: 'DHL',
    carrier_code: 'dhl',
    carrier_service_name: 'EXPRESS DOMESTIC',
    service_id: dhlServiceId,
    number_guide: null,
    status: false,
    tracking_status: null,
    total_transit_days: 1,
    total_amount: 150.5,
    currency: 'MXN',
    guide: null,
    label_printed_at: null,
    ...over,
  };
}

export function shipmentPage(docs: ShipmentRow[], page = 1, pages = 1): ShipmentPage {
  return { docs, count: (pages - 1) * 10 + docs.length, page, pages, next: page < pages ? page + 1 : null, previous: page > 1 ? page - 1 : null };
}

const address = {
  email: 'ana@correo.test',
  phone: '3312345678',
  intNumber: '',
  reference_of_origin: '',
  country_code: 'MX',
};

export function shipmentRecord(over: Partial<Shipment> = {}): Shipment {
  return {
    _id: shipmentId(1),
    created_at: '2026-11-20T18:00:00.000Z',
    updated_at: '2026-11-20T18:00:00.000Z',
    numberOfOrder: 1001,
    user: demoUserId,
    customer_info: { first_names: 'Ana', last_names: 'López', email: 'ana@correo.test' },
    origin_direction: {
      ...address,
      full_name: 'Ana López',
      address: 'Av. Juárez',
      number: '100',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      state_code: 'JAL',
      address_line: 'Av. Juárez, 100',
    },
    destination_direction: {
      ...address,
      email: 'luis@correo.test',
      full_name: 'Luis Pérez',
      address: 'Roma',
      number: '25',
      colony: 'Roma Norte',
      postal_code: '06700',
      city: 'Ciudad de México, Ciudad de México',
      state_code: 'CDMX',
      state_short: 'CDMX',
      address_line: 'Roma, 25',
    },
    selected_service: {
      service_id: dhlServiceId,
      carrier: 'DHL',
      carrier_code: 'dhl',
      carrier_service_name: 'EXPRESS DOMESTIC',
      carrier_logo_url: '/api/v1/carriers/dhl/logo.svg',
      carrier_logo_url_svg: '/api/v1/carriers/dhl/logo.svg',
      total_amount: 180.5,
      net_total_amount: 180.5,
      currency: 'MXN',
      date: '2026-11-20',
      estimated_delivery: '2026-11-23',
      total_transit_days: 1,
      transit_text: 'Día siguiente hábil',
      is_remote: false,
      billable_weight_kg: 3,
      source: 'tariffs',
      services: [
        { code: 'base', service_name: 'Tarifa base (3 kg)', price: 160.5, quantity: 1, amount: 160.5 },
        { code: 'insurance', service_name: 'Seguro', price: 20, quantity: 1, amount: 20 },
      ],
      quoted_at: '2026-11-20T18:00:00.000Z',
    },
    shipment_type: 'box',
    parcels: [{ height: 15, width: 30, depth: 20, weight: 3, volumetric_weight: 1.8 }],
    description_of_the_content: 'Ropa',
    package_insurance: false,
    insurance_information: null,
    shipment_ecommerce: null,
    local_pickup: false,
    status: false,
    paid_at: null,
    guide: null,
    number_guide: null,
    reference: null,
    overweight: null,
    cost_overweight: null,
    overweight_paid: false,
    tracking_status: null,
    ...over,
  };
}

export const demoStats: ShipmentStats = {
  payment_status: { unpaid_guide: 3, paid_guide: 5, unpaid_amount: 450.5, paid_amount: 1234.5 },
  per_carrier: [
    { carrier_code: 'dhl', carrier: 'DHL', guides: 4, cost: 800.25 },
    { carrier_code: 'fedex', carrier: 'FedEx', guides: 1, cost: 434.25 },
    { carrier_code: 'redpack', carrier: 'Redpack', guides: 0, cost: 0 },
  ],
  totals: { guides: 5, cost: 1234.5 },
};
