import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ShipmentPage, ShipmentStats } from '@envios/contracts/shipments';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from './shipments.fixtures.js';
import { seedShipmentCopies } from './shipments.seed.js';

/**
 * The list on 10,000 shipments of one user, seeded by one INSERT … SELECT generate_series from
 * two shipments made through the API (DHL EXPRESS DOMESTIC as «A», Estafeta Envío Express as «B»);
 * every expectation is computed in JavaScript from the rule `seedShipmentCopies` documents.
 */
const PER_TEMPLATE = 5_000;

interface Synthetic {
  name: string;
  template: 'A' | 'B';
  paid: boolean;
  centavos: number;
  at: number;
}

function synthetic(): Synthetic[] {
  const rows: Synthetic[] = [];
  for (let g = 1; g <= PER_TEMPLATE; g++) {
    for (const template of ['A', 'B'] as const) {
      rows.push({
        name: `Cliente ${template}-${String(g).padStart(5, '0')}`,
        template,
        paid: g % 3 === 0,
        centavos: (template === 'A' ? 10_000 : 20_000) + g,
        at: g * 2 + (template === 'B' ? 1 : 0),
      });
    }
  }
  return rows.sort((a, b) => b.at - a.at);
}

describe('GET /api/v1/shipments/all/{userId} on 10,000 shipments of one user', () => {
  let t: TestApp;
  let user: SignedIn;
  const all = synthetic();
  let serviceB = '';

  beforeAll(async () => {
    t = await createTestApp({ env: adminEnv });
    const admin = await signInAdmin(t.app);
    user = await createSignedInUser(t.app, admin);
    const a = await createOne(t, user);
    const b = await createOne(t, user, {}, 'Envío Express');
    serviceB = b.selected_service.service_id;
    await seedShipmentCopies(t.database.db, [a._id, b._id], PER_TEMPLATE);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function page(query: string, path = ''): Promise<ShipmentPage> {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/all/${user.id}${path}?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ShipmentPage>();
  }

  function expectPage(answer: ShipmentPage, expected: Synthetic[], pageNo: number, limit: number) {
    const pages = Math.max(1, Math.ceil(expected.length / limit));
    expect(answer).toMatchObject({
      count: expected.length,
      page: pageNo,
      pages,
      next: pageNo < pages ? pageNo + 1 : null,
      previous: pageNo > 1 ? Math.min(pageNo - 1, pages) : null,
    });
    expect(answer.docs.map((d) => d.destination_name)).toEqual(expected.slice((pageNo - 1) * limit, pageNo * limit).map((r) => r.name));
    for (const d of answer.docs) {
      const row = expected.find((r) => r.name === d.destination_name)!;
      expect(d.status).toBe(row.paid);
      expect(Math.round(d.total_amount * 100)).toBe(row.centavos);
    }
  }

  it('pages of 10 from first to last, newest first', async () => {
    for (const n of [1, 2, 500, 999, 1000]) expectPage(await page(`limit=10&page=${n}`), all, n, 10);
    expectPage(await page('limit=100&page=37'), all, 37, 100);
    expect((await page('limit=10&page=1001')).docs).toEqual([]);
  });

  it('keywords, paid words, service and status together', async () => {
    const byName = (k: string) => all.filter((r) => r.name.toLowerCase().includes(k.toLowerCase()));
    expectPage(await page('keywords=0012&page=2'), byName('0012'), 2, 10);
    expectPage(
      await page(`keywords=${encodeURIComponent('b-01, true')}`),
      byName('b-01').filter((r) => r.paid),
      1,
      10,
    );
    expectPage(
      await page(`keywords=${encodeURIComponent('envío')}&page=7`),
      all.filter((r) => r.template === 'B'),
      7,
      10,
    );
    expectPage(
      await page(`service=${serviceB}&status=unpaid&page=300`),
      all.filter((r) => r.template === 'B' && !r.paid),
      300,
      10,
    );
    expectPage(
      await page('status=paid&page=333'),
      all.filter((r) => r.paid),
      333,
      10,
    );
  });

  it('the spec’s variants page the same way', async () => {
    expectPage(
      await page('status=true&page=12', '/guide'),
      all.filter((r) => r.paid),
      12,
      10,
    );
    expectPage(
      await page('name=estafeta&page=499', '/carrier'),
      all.filter((r) => r.template === 'B'),
      499,
      10,
    );
    expectPage(
      await page('name=DHL&page=500', '/carrier'),
      all.filter((r) => r.template === 'A'),
      500,
      10,
    );
    expectPage(
      await page('filter=A-049&page=1', '/query'),
      all.filter((r) => r.name.includes('A-049')),
      1,
      10,
    );
    expectPage(
      await page('q=B-0499', '/filter'),
      all.filter((r) => r.name.includes('B-0499')),
      1,
      10,
    );
  });

  it('another module’s write (a payment) shows at once: totals and cached pages follow the triggers', async () => {
    const first = await page('limit=10&page=1');
    expect(first.docs[0]).toMatchObject({ destination_name: 'Cliente B-05000', status: false });
    const paidBefore = (await page('status=paid')).count;
    await t.database.db.execute(sql`update shipments set paid = true where destination_name = 'Cliente B-05000'`);
    try {
      expect((await page('limit=10&page=1')).docs[0]).toMatchObject({ destination_name: 'Cliente B-05000', status: true });
      expect((await page('status=paid')).count).toBe(paidBefore + 1);
      expect((await page('status=unpaid')).count).toBe(10_000 - paidBefore - 1);
    } finally {
      await t.database.db.execute(sql`update shipments set paid = false where destination_name = 'Cliente B-05000'`);
    }
    const counted = await t.database.db.execute(sql`
      select (select count(*) from shipments where user_id = ${user.id} and deleted_at is null)::int as live,
             (select live from shipment_list_state where user_id = ${user.id}) as kept`);
    expect((counted as { rows: { live: number; kept: number }[] }).rows[0]).toEqual({ live: 10_000, kept: 10_000 });
  });

  it('once the plain list is kept in memory, its pages still match and a write shows at once', async () => {
    await page('limit=10&page=1');
    // The embedded database reads the whole plain list in the background after a first page.
    await new Promise((r) => setTimeout(r, 3000));
    for (const n of [1, 2, 500, 999, 1000]) expectPage(await page(`limit=10&page=${n}`), all, n, 10);
    expectPage(
      await page('status=unpaid&page=400'),
      all.filter((r) => !r.paid),
      400,
      10,
    );
    await t.database.db.execute(sql`update shipments set deleted_at = now() where destination_name = 'Cliente B-05000'`);
    try {
      expectPage(await page('limit=10&page=1'), all.slice(1), 1, 10);
      expectPage(await page('limit=10&page=1000'), all.slice(1), 1000, 10);
    } finally {
      await t.database.db.execute(sql`update shipments set deleted_at = null where destination_name = 'Cliente B-05000'`);
    }
    expectPage(await page('limit=10&page=1'), all, 1, 10);
  });

  it('a page asked again answers the same while nothing changed, never after a change to that user’s shipments, and only to its owner or an admin', async () => {
    const body = async (query: string, headers = user.headers) => t.app.inject({ method: 'GET', url: `/api/v1/shipments/all/${user.id}?${query}`, headers });
    const queries = ['limit=10&page=1', 'limit=10&page=700', 'keywords=A-0001&page=1', 'status=paid&page=2', 'limit=25&page=1'];
    const first = await Promise.all(queries.map(async (q) => (await body(q)).body));
    expect(await Promise.all(queries.map(async (q) => (await body(q)).body))).toEqual(first);
    const admin = await signInAdmin(t.app);
    expect((await body(queries[0]!, admin.headers)).body).toBe(first[0]);
    const stranger = await createSignedInUser(t.app, admin);
    expect((await body(queries[0]!, stranger.headers)).statusCode).toBe(403);
    // Every row of the user changes (its tracking state): no page may be answered as it was.
    await t.database.db.execute(sql`update shipments set tracking_status = 'Entregado' where user_id = ${user.id}`);
    try {
      const changed = await Promise.all(queries.map(async (q) => (await body(q)).json<ShipmentPage>()));
      for (const answer of changed) expect(answer.docs.every((d) => d.tracking_status === 'Entregado')).toBe(true);
    } finally {
      await t.database.db.execute(sql`update shipments set tracking_status = null where user_id = ${user.id}`);
    }
    expect(await Promise.all(queries.map(async (q) => (await body(q)).body))).toEqual(first);
    // Twenty whole-list reads of 10,000 rows: about 30 s on a busy 2-core machine.
  }, 120_000);

  it('keywords through the trigram index never match across two columns', async () => {
    // 'Cliente A-00001' is followed by the destination line: a keyword spanning both matches nothing.
    const line = (await page('keywords=A-00001')).docs[0]!.destination_line;
    expect((await page(`keywords=${encodeURIComponent(`A-00001 ${line.slice(0, 4)}`)}`)).count).toBe(0);
  });

  it('statistics add up every centavo of the 10,000', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/shipments/stats/${user.id}`, headers: user.headers });
    const stats = res.json<ShipmentStats>();
    const sum = (rows: Synthetic[]) => rows.reduce((n, r) => n + r.centavos, 0) / 100;
    const paid = all.filter((r) => r.paid);
    const unpaid = all.filter((r) => !r.paid);
    expect(stats.payment_status).toEqual({ unpaid_guide: unpaid.length, paid_guide: paid.length, unpaid_amount: sum(unpaid), paid_amount: sum(paid) });
    expect(stats.totals).toEqual({ guides: paid.length, cost: sum(paid) });
    const estafeta = paid.filter((r) => r.template === 'B');
    expect(stats.per_carrier.find((c) => c.carrier_code === 'estafeta')).toMatchObject({ guides: estafeta.length, cost: sum(estafeta) });
  });
});
