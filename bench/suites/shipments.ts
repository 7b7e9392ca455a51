import { seedShipmentCopies } from '../../apps/api/src/modules/shipments/shipments.seed.js';
import { buyOneShipment, withDatabase, type BenchContext, type BenchSuite } from './shared.js';

const SHIPMENTS_PER_USER = 10_000;

/**
 * Issue 5's bar: a customer's list with 10,000 shipments, pages of 10. One shipment is bought
 * through the API (so it carries a real snapshot); the server stops, the rest are copied from it
 * by one INSERT … SELECT generate_series, and the server starts again on the same data.
 */
async function seedShipmentList(ctx: BenchContext): Promise<{ userId: string; token: string }> {
  const { userId, token, shipmentId } = await buyOneShipment(ctx, 'b', 'Envíos');
  await ctx.withServerStopped(async () => {
    const started = performance.now();
    await withDatabase(ctx, async (database) => {
      await seedShipmentCopies(database.db, [shipmentId], SHIPMENTS_PER_USER);
      // What the nightly maintenance job does (accounts.cleanup.ts): fresh statistics and visibility map.
      await database.exec('VACUUM ANALYZE');
    });
    ctx.notes.push(
      `${SHIPMENTS_PER_USER.toLocaleString('en-US')} envíos de un usuario sembrados con un INSERT … SELECT generate_series: ${Math.round(performance.now() - started)} ms.`,
    );
  });
  return { userId, token };
}

export const shipments: BenchSuite = {
  name: 'shipments',
  async setup(ctx) {
    const { userId, token } = await seedShipmentList(ctx);
    ctx.notes.push(
      'Lista de envíos paginada en SQL (10,000 envíos del usuario, páginas de 10); metas: p99 ≤ 50 ms en la base embebida y ≤ 20 ms en PostgreSQL.',
    );
    const headers = { authorization: `Bearer ${token}` };
    // The first read after a change: a shipment is duplicated through the API (a write the list's
    // triggers announce), then one page is read and timed; on pages 1, 500 and 1000. The pauses
    // let the embedded database's background read of the whole plain list finish first.
    const pause = () => new Promise((r) => setTimeout(r, 5000));
    const listed = (await (await fetch(`${ctx.base}/api/v1/shipments/all/${userId}?limit=1&page=1`, { headers })).json()) as { docs: { _id: string }[] };
    const firsts: string[] = [];
    for (const n of [1, 500, 1000]) {
      await pause();
      const copied = await fetch(`${ctx.base}/api/v1/shipments/all`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ shipments: [listed.docs[0]!._id] }),
      });
      const started = performance.now();
      const read = await fetch(`${ctx.base}/api/v1/shipments/all/${userId}?limit=10&page=${n}`, { headers });
      await read.arrayBuffer();
      firsts.push(`página ${n}: ${Math.round(performance.now() - started)} ms (HTTP ${read.status}; duplicado HTTP ${copied.status})`);
    }
    await pause();
    ctx.notes.push(`Primera lectura de la lista tras un cambio (un envío duplicado por la API; solo se lee la página pedida): ${firsts.join(', ')}.`);
    const pages = Array.from({ length: 1000 }, (_, i) => `/api/v1/shipments/all/${userId}?limit=10&page=${i + 1}`);
    return [
      ...[1, 500, 1000].map((page) => ({
        name: `GET /api/v1/shipments/all/{userId}?limit=10&page=${page} (10,000 envíos; la misma página)`,
        path: `/api/v1/shipments/all/${userId}?limit=10&page=${page}`,
        headers,
      })),
      {
        // 1,000 pages round robin: no answer is kept, every request builds its page.
        name: 'GET /api/v1/shipments/all/{userId}?limit=10&page=1…1000 en rueda (10,000 envíos; ninguna página se reusa)',
        path: pages[0]!,
        paths: pages,
        headers,
      },
    ];
  },
};
