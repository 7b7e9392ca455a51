import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * Volume data for the list's tests and benchmark: `copies` shipments of each template (real
 * shipments made through the API) in one INSERT … SELECT generate_series, then the templates
 * soft-deleted so exactly `copies × templates` remain. Copy g of template i (from 1) is named
 * 'Cliente {A, B…}-{g, five digits}', costs i × 10,000 + g centavos, is paid when g % 3 = 0, and
 * was created g × templates + (i − 1) seconds after 2026-01-01 (all distinct, newest = highest).
 */
export async function seedShipmentCopies(db: Executor, templateIds: readonly string[], copies: number): Promise<void> {
  const n = templateIds.length;
  const ids = sql.join(
    templateIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    insert into shipments (user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name,
      destination_line, service_id, carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels,
      description, paid, created_at, updated_at)
    select s.user_id, s.customer_first_names, s.customer_last_names, s.customer_email, s.origin, s.destination,
      'Cliente ' || chr(64 + t.ord::int) || '-' || lpad(g::text, 5, '0'),
      s.destination_line, s.service_id, s.carrier_code, s.service_name, s.selected_service,
      t.ord * 10000 + g, s.transit_days, s.shipment_type, s.parcels, s.description,
      g % 3 = 0,
      timestamptz '2026-01-01 00:00:00+00' + (g * ${n} + t.ord - 1) * interval '1 second',
      now()
    from unnest(array[${ids}]) with ordinality as t(id, ord)
      join shipments s on s.id = t.id
      cross join generate_series(1, ${copies}) as g
  `);
  await db.execute(sql`update shipments set deleted_at = now() where id in (${ids})`);
}
