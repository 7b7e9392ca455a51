import { buyOneShipment, withDatabase, withHangingDhl, type BenchContext, type BenchSuite } from './shared.js';

const TRACKED_GUIDE = 'BENCH0000001';
const DOWN_GUIDE = 'BENCHDOWN001';
/** The stored guide's carrier (the cheapest option's), its route for `POST /tracking/{route}`. */
let trackedRoute = 'dhl';

/**
 * Issue 7's bars. One shipment is bought through the API; with the server stopped it gets a guide
 * number (the restart's backfill starts tracking it) and a copy gets a DHL guide last checked an
 * hour ago with one stored event. Then the server restarts with DHL's API pointed at a local fake
 * that never answers: tracking that guide must answer within the inline time limit (2.5 s) with
 * the stored event, marked stale.
 */
async function seedTrackedGuides(ctx: BenchContext): Promise<void> {
  const { shipmentId: id } = await buyOneShipment(ctx, 't', 'Rastreo');
  await ctx.withServerStopped(async () => {
    await withDatabase(ctx, async (database) => {
      const [tracked] = await database.query<{ carrier_code: string }>(
        `update shipments set paid = true, paid_at = now(), number_guide = $2 where id = $1 returning carrier_code`,
        [id, TRACKED_GUIDE],
      );
      trackedRoute = tracked!.carrier_code;
      const [copy] = await database.query<{ id: string }>(
        `insert into shipments (user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name,
           destination_line, service_id, carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels, description,
           paid, paid_at, number_guide)
         select user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name, destination_line, service_id,
           'dhl', 'EXPRESS DOMESTIC', selected_service, total_centavos, transit_days, shipment_type, parcels, description, true, now() - interval '1 hour', $2
         from shipments where id = $1 returning id`,
        [id, DOWN_GUIDE],
      );
      await database.query(
        `insert into tracking_states (shipment_id, guide_number, carrier_code, route, state, headline, sandbox, issued_at, last_event_at, checked_at,
           next_check_at, shipper_city, consignee_city, pieces)
         values ($1, $2, 'dhl', 'dhl', 'picked_up', 'Envío Recolectado', false, now() - interval '1 hour', now() - interval '50 minutes',
           now() - interval '1 hour', now() + interval '1 hour', 'Guadalajara', 'Cuauhtémoc', 1)`,
        [copy!.id, DOWN_GUIDE],
      );
      await database.query(
        `insert into tracking_events (shipment_id, occurred_at, state, code, description, location, fingerprint)
         values ($1, now() - interval '50 minutes', 'picked_up', 'PU', 'El envío fue recolectado.', 'GUADALAJARA - MEXICO', 'bench-pu')`,
        [copy!.id],
      );
    });
  });

  await withHangingDhl(ctx, {}, async () => {
    const started = performance.now();
    const res = await fetch(`${ctx.base}/api/v1/tracking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guide_number: DOWN_GUIDE }),
    });
    const answer = (await res.json()) as { stale?: boolean; shipment_event?: unknown[] };
    const took = performance.now() - started;
    const again = performance.now();
    await fetch(`${ctx.base}/api/v1/tracking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guide_number: DOWN_GUIDE }),
    });
    ctx.notes.push(
      `Rastreo con la API de DHL colgada (límite 2,500 ms): respuesta en ${Math.round(took)} ms (HTTP ${res.status}), stale: ${String(answer.stale)}, ` +
        `${answer.shipment_event?.length ?? 0} movimiento(s) guardado(s) mostrados; la siguiente consulta (en espera por back-off, sin llamar a DHL): ${Math.round(performance.now() - again)} ms.`,
    );
  });
}

export const tracking: BenchSuite = {
  name: 'tracking',
  async setup(ctx) {
    await seedTrackedGuides(ctx);
    ctx.notes.push('Rastreo de una guía guardada (movimientos guardados; la respuesta armada se reusa 15 s por proceso); meta: p99 ≤ 15 ms.');
    return [
      { name: 'POST /api/v1/tracking {guide_number} (guía guardada)', path: '/api/v1/tracking', method: 'POST', body: { guide_number: TRACKED_GUIDE } },
      {
        name: `POST /api/v1/tracking/${trackedRoute} {guide_number} (ruta por paquetería)`,
        path: `/api/v1/tracking/${trackedRoute}`,
        method: 'POST',
        body: { guide_number: TRACKED_GUIDE },
      },
    ];
  },
};
