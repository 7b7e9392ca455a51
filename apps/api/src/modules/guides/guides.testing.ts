import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../testing/test-app.js';

/** Shared by the guides tests: raw rows the payments module would write. */

/** `n` unpaid copies of a shipment (same owner, service and addresses); answers their ids. */
export async function cloneShipment(t: TestApp, id: string, n: number): Promise<string[]> {
  const rows = await t.database.query<{ id: string }>(
    `insert into shipments (user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name,
       destination_line, service_id, carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels, description)
     select s.user_id, s.customer_first_names, s.customer_last_names, s.customer_email, s.origin, s.destination, s.destination_name,
       s.destination_line, s.service_id, s.carrier_code, s.service_name, s.selected_service, s.total_centavos, s.transit_days, s.shipment_type,
       s.parcels, s.description
     from shipments s cross join generate_series(1, $2::int) g where s.id = $1 returning id`,
    [id, n],
  );
  return rows.map((r) => r.id);
}

/** An open payment attempt of a user (the FK target of reservations). */
export async function insertPayment(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into payments (user_id, method, purpose, amount_centavos, status, request_id) values ($1, 'paypal', 'shipments', 100, 'created', $2) returning id`,
    [userId, randomUUID()],
  );
  return row!.id;
}

export async function markPaid(t: TestApp, ids: string[]): Promise<void> {
  await t.database.query('update shipments set paid = true, paid_at = now() where id = any($1::uuid[])', [ids]);
}

/** Leaves exactly `n` available rows in a service's inventory (numbers `TEST-{service}-{i}`). */
export async function setStock(t: TestApp, serviceId: string, n: number): Promise<void> {
  await t.database.query('delete from guide_inventory where service_id = $1', [serviceId]);
  if (n > 0) {
    await t.database.query(
      `insert into guide_inventory (service_id, guide_number) select $1, 'TEST' || lpad(g::text, 6, '0') from generate_series(1, $2::int) g`,
      [serviceId, n],
    );
  }
}

export interface InventoryRowView {
  guide_number: string;
  status: string;
  payment_id: string | null;
  shipment_id: string | null;
  demo: boolean;
}

export function inventoryOf(t: TestApp, serviceId: string): Promise<InventoryRowView[]> {
  return t.database.query<InventoryRowView>(
    'select guide_number, status, payment_id, shipment_id, demo from guide_inventory where service_id = $1 order by guide_number',
    [serviceId],
  );
}
