import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, createSignedInUser, signInAdmin } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createOne } from './shipments.fixtures.js';
import { periodFolios, periodPage, periodRowsByFolios, streamPeriodRows } from './shipments.reports.js';

/**
 * Shipments bought together share their creation time and go by folio. Here four of them share
 * one instant and their folios cross a power of ten (9,998 … 10,001): compared as text, 10,001
 * would sort before 9,998; the report's order and the export's keyset compare them as numbers.
 */
const FOLIOS = [9998, 9999, 10000, 10001];

describe('the report’s reads over shipments bought at the same instant', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: adminEnv });
    const admin = await signInAdmin(t.app);
    const user = await createSignedInUser(t.app, admin);
    const template = await createOne(t, user);
    await t.database.query(
      `insert into shipments (number_of_order, user_id, customer_first_names, customer_last_names, customer_email, origin, destination, destination_name,
         destination_line, service_id, carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels, description,
         paid, created_at, updated_at)
       overriding system value
       select f, user_id, customer_first_names, customer_last_names, customer_email, origin, destination, 'Folio ' || f, destination_line, service_id,
         carrier_code, service_name, selected_service, total_centavos, transit_days, shipment_type, parcels, description, false,
         timestamptz '2026-02-03 04:05:06.789012+00', now()
       from shipments cross join unnest($2::bigint[]) as f where id = $1`,
      [template._id, FOLIOS],
    );
    await t.database.query('update shipments set deleted_at = now() where id = $1', [template._id]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const newestFirst = [...FOLIOS].reverse();
  const query = () => t.database.query.bind(t.database);

  it('lists the folios newest first, the highest folio first within one instant', async () => {
    expect(Array.from(await periodFolios(query(), {}))).toEqual(newestFirst);
  });

  it('reads a page of folios in the list’s order, whatever order they are asked in', async () => {
    const rows = await periodRowsByFolios(t.database, [9999, 10001]);
    expect(rows.map((r) => r.numberOfOrder)).toEqual([10001, 9999]);
    expect(rows[0]).toMatchObject({ destinationName: 'Folio 10001', overweightRecord: null, paid: false });
    expect(rows[0]!.createdAt.toISOString()).toBe('2026-02-03T04:05:06.789Z');
  });

  it('pages straight from the indexes in the same order', async () => {
    expect((await periodPage(query(), {}, { limit: 2, offset: 1 })).map((r) => r.numberOfOrder)).toEqual([10000, 9999]);
  });

  it('exports every row once, in order, even one row per statement (the keyset resumes inside the instant)', async () => {
    const seen: number[] = [];
    for await (const chunk of streamPeriodRows(t.database, {}, { chunk: 1 })) seen.push(...chunk.map((r) => r.numberOfOrder));
    expect(seen).toEqual(newestFirst);
    const window: number[] = [];
    for await (const chunk of streamPeriodRows(t.database, {}, { chunk: 1, offset: 1, limit: 2 })) window.push(...chunk.map((r) => r.numberOfOrder));
    expect(window).toEqual([10000, 9999]);
  });

  it('prepares its page read again when the session forgot it', async () => {
    await periodRowsByFolios(t.database, [9998]);
    // The embedded database's one session can be told to forget its prepared statements.
    if (t.database.kind === 'pglite') await t.database.exec('deallocate all');
    expect((await periodRowsByFolios(t.database, [9998])).map((r) => r.numberOfOrder)).toEqual([9998]);
  });
});
