import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, createSignedInUser, signInAdmin } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { periodFolios, periodPage, periodRowsByFolios, streamPeriodRows } from './reports.repository.js';

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
    expect(rows[0]!.createdAt).toBe('2026-02-03T04:05:06.789Z');
  });

  it('pages straight from the indexes in the same order', async () => {
    expect((await periodPage(t.database, {}, { limit: 2, offset: 1 })).map((r) => r.numberOfOrder)).toEqual([10000, 9999]);
  });

  it('exports every row once, in order, even one row per statement (the keyset resumes inside the instant)', async () => {
    const seen: number[] = [];
    for await (const chunk of streamPeriodRows(t.database, {}, { chunk: 1 })) seen.push(...chunk.map((r) => r.numberOfOrder));
    expect(seen).toEqual(newestFirst);
    const window: number[] = [];
    for await (const chunk of streamPeriodRows(t.database, {}, { chunk: 1, offset: 1, limit: 2 })) window.push(...chunk.map((r) => r.numberOfOrder));
    expect(window).toEqual([10000, 9999]);
  });

  it('reads a row the same way for a kept page, a page from the indexes and an export, every field (plain columns and JSON agree)', async () => {
    await t.database.query(
      `update shipments set paid = true, number_guide = '1234567890', reference = 'REF-"1"', tracking_status = 'En tránsito', guide_url = '/guia.pdf',
         overweight_kg = 1.5, overweight_centavos = 12345, customer_last_names = 'Núñez \\ "Q"'
       where number_of_order = 10000`,
      [],
    );
    await t.database.query(
      `insert into overweight_records (shipment_id, user_id, service_id, shipment_created_at, number_of_order, carrier_code, service_name, customer_name,
         customer_email, shipment_total_centavos, overweight_kg, cost_centavos, declared_weight_kg, declared_billable_kg, declared_parcels, dispute_status)
       select id, user_id, service_id, created_at, number_of_order, carrier_code, service_name, 'Cliente', customer_email, total_centavos, 2.25, 6789, 1, 1, parcels, 'open'
       from shipments where number_of_order = 10000`,
      [],
    );
    const [paged] = await periodRowsByFolios(t.database, [10000]);
    const exported: unknown[] = [];
    for await (const chunk of streamPeriodRows(t.database, {}, { offset: 1, limit: 1 })) exported.push(...chunk);
    expect(exported).toEqual([paged]);
    expect(await periodPage(t.database, {}, { limit: 1, offset: 1 })).toEqual([paged]);
    expect(paged).toMatchObject({
      numberOfOrder: 10000,
      paid: true,
      numberGuide: '1234567890',
      reference: 'REF-"1"',
      trackingStatus: 'En tránsito',
      customerLastNames: 'Núñez \\ "Q"',
      totalCentavos: expect.any(Number),
      overweightKg: 1.5,
      overweightCentavos: 12345,
      overweightPaid: false,
      overweightRecord: { overweightKg: 2.25, costCentavos: 6789, disputeStatus: 'open' },
    });
    expect(paged!.parcels.length).toBeGreaterThan(0);
    expect(paged!.createdAt).toBe('2026-02-03T04:05:06.789Z');
    const [plain] = await periodRowsByFolios(t.database, [9999]);
    expect(plain).toMatchObject({
      numberGuide: null,
      reference: null,
      trackingStatus: null,
      guideUrl: null,
      overweightKg: null,
      overweightCentavos: null,
      overweightRecord: null,
    });
  });

  it('prepares its page read again when the session forgot it', async () => {
    await periodRowsByFolios(t.database, [9998]);
    // The embedded database's one session can be told to forget its prepared statements.
    if (t.database.kind === 'pglite') await t.database.exec('deallocate all');
    expect((await periodRowsByFolios(t.database, [9998])).map((r) => r.numberOfOrder)).toEqual([9998]);
  });
});
