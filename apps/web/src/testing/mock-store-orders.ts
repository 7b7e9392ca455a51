import type { StoreOrderRow } from '@envios/contracts/integrations';

/** The demo store every store-order test connects. */
export const STORE_ID = '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f';

export const storeOrderId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

/** Order n of the demo store, ready to ship, as the E-Commerce tab lists it. */
export function storeOrderRow(n: number, over: Partial<StoreOrderRow> = {}): StoreOrderRow {
  return {
    _id: storeOrderId(n),
    connection_id: STORE_ID,
    platform: 'woocommerce',
    store_name: 'Mi Tienda',
    sandbox: false,
    order_id: 1200 + n,
    number: String(1200 + n),
    created_at: '2026-03-01T18:00:00.000Z',
    store_status: 'processing',
    store_status_label: 'Procesando',
    name: `Cliente ${n}`,
    destination: 'Guadalajara, Jalisco · C.P. 44100',
    total: 549,
    currency: 'MXN',
    problems: [],
    ready: true,
    service: 'Envío estándar',
    number_guide: null,
    guide_status: 'Sin guía',
    shipments: [],
    auto_ship: null,
    ...over,
  };
}
