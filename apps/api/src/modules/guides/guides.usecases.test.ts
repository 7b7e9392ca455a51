import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_NUMBER_PATTERN, LABEL_LINK_DAYS } from '@envios/contracts/guides';
import { paymentMessages } from '@envios/contracts/payments';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { jobsQueries } from '../jobs/jobs.usecases.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { AppError } from '../../shared/errors.js';
import { cloneShipment, insertPayment, inventoryOf, markPaid, setStock } from './guides.testing.js';
import {
  DEMO_GUIDES_PER_SERVICE,
  demoGuideNumber,
  enqueueGuideIssue,
  guidesAvailability,
  labelPath,
  parseInventoryCsv,
  releaseGuides,
  reserveGuides,
  seedDemoInventory,
  signedLabelUrl,
  verifyLabelToken,
} from './guides.usecases.js';

const INVENTORY_SERVICE = 'EXPRESS DOMESTIC DINAMICA';
const API_SERVICE = 'EXPRESS DOMESTIC';

let t: TestApp;
let user: SignedIn;
let template: { id: string; serviceId: string };
let apiShipment: string;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  user = await createSignedInUser(t.app, await signInAdmin(t.app));
  const s = await createOne(t, user, {}, INVENTORY_SERVICE);
  template = { id: s._id, serviceId: s.selected_service.service_id };
  apiShipment = (await createOne(t, user, {}, API_SERVICE))._id;
});
afterAll(async () => {
  await t.close();
});

const now = new Date('2026-03-10T18:00:00Z');

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('demo inventory seed', () => {
  it('gave every inventory-sourced service 100 demo SBX numbers at first start, and runs again without adding any', async () => {
    const rows = await t.database.query<{ service_id: string; n: number; demo: number; carrier_code: string }>(
      `select cs.id as service_id, cs.carrier_code, count(gi.id)::int as n, count(gi.id) filter (where gi.demo)::int as demo
       from carrier_services cs left join guide_inventory gi on gi.service_id = cs.id
       where cs.guide_source = 'inventory' group by cs.id`,
      [],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ n: DEMO_GUIDES_PER_SERVICE, demo: DEMO_GUIDES_PER_SERVICE });
    const none = await t.database.query<{ n: number }>(
      `select count(*)::int as n from guide_inventory gi join carrier_services cs on cs.id = gi.service_id where cs.guide_source = 'carrier_api'`,
      [],
    );
    expect(none[0]!.n).toBe(0);
    expect(await seedDemoInventory(t.database.db, now)).toBe(0);
  });

  it('numbers look like the carrier’s, carry the SBX marker and pass the upload pattern', () => {
    const id = '7b0e3b0c-1111-4222-8333-444455556666';
    expect(demoGuideNumber('dhl', id, 1)).toMatch(/^SBX\d{7}$/);
    expect(demoGuideNumber('estafeta', id, 100)).toMatch(/^SBX\d{16}100$/);
    expect(demoGuideNumber('ampm', id, 7)).toMatch(/^AMSBX\d{4}007$/);
    expect(demoGuideNumber('redpack', id, 2)).toHaveLength(9);
    for (const code of ['dhl', 'fedex', 'estafeta', 'redpack', 'ampm'] as const) expect(demoGuideNumber(code, id, 55)).toMatch(GUIDE_NUMBER_PATTERN);
  });
});

describe('reserveGuides / releaseGuides', () => {
  it('8 concurrent attempts against 5 rows: 5 reserve one each, 3 get the no-guides answer and keep nothing', async () => {
    await setStock(t, template.serviceId, 5);
    const shipments = await cloneShipment(t, template.id, 8);
    const payments = await Promise.all(shipments.map(() => insertPayment(t, user.id)));
    const results = await Promise.allSettled(
      shipments.map((id, i) => t.database.db.transaction((tx) => reserveGuides(tx, { paymentId: payments[i]!, shipmentIds: [id], now }))),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ statusCode: 409, code: 'guides.none_available', message: paymentMessages.noGuides });
    }
    const rows = await inventoryOf(t, template.serviceId);
    expect(rows.every((r) => r.status === 'reserved')).toBe(true);
    expect(new Set(rows.map((r) => r.shipment_id)).size).toBe(5);
    expect(new Set(rows.map((r) => r.payment_id)).size).toBe(5);
  });

  it('a failed reservation of many shipments rolls back with its transaction', async () => {
    await setStock(t, template.serviceId, 2);
    const shipments = await cloneShipment(t, template.id, 3);
    const payment = await insertPayment(t, user.id);
    const availability = await guidesAvailability(t.database.db, shipments);
    expect(availability).toEqual({
      available: false,
      missing: [{ service_id: template.serviceId, carrier_code: 'dhl', service_name: INVENTORY_SERVICE }],
      message: paymentMessages.noGuides,
    });
    await refusal(t.database.db.transaction((tx) => reserveGuides(tx, { paymentId: payment, shipmentIds: shipments, now })));
    expect((await inventoryOf(t, template.serviceId)).map((r) => r.status)).toEqual(['available', 'available']);
    expect((await guidesAvailability(t.database.db, shipments.slice(0, 2))).available).toBe(true);
  });

  it('keeps a shipment’s row across attempts, ignores carrier_api services, and releases only unpaid shipments', async () => {
    await setStock(t, template.serviceId, 3);
    const [a, b] = await cloneShipment(t, template.id, 2);
    const first = await insertPayment(t, user.id);
    const second = await insertPayment(t, user.id);
    await t.database.db.transaction((tx) => reserveGuides(tx, { paymentId: first, shipmentIds: [a!, b!, apiShipment], now }));
    await t.database.db.transaction((tx) => reserveGuides(tx, { paymentId: second, shipmentIds: [a!, apiShipment], now }));
    let rows = await inventoryOf(t, template.serviceId);
    expect(rows.filter((r) => r.status === 'reserved')).toHaveLength(2);
    expect(rows.find((r) => r.shipment_id === a)!.payment_id).toBe(second);
    expect(rows.find((r) => r.shipment_id === b)!.payment_id).toBe(first);
    expect(await guidesAvailability(t.database.db, [a!, b!, apiShipment])).toMatchObject({ available: true, missing: [], message: null });

    // The first attempt closes: only b's row (still its own) comes back.
    expect(await t.database.db.transaction((tx) => releaseGuides(tx, first))).toBe(1);
    // The second attempt was paid before its release arrives: a keeps its guide.
    await markPaid(t, [a!]);
    expect(await t.database.db.transaction((tx) => releaseGuides(tx, second))).toBe(0);
    rows = await inventoryOf(t, template.serviceId);
    expect(rows.filter((r) => r.status === 'available')).toHaveLength(2);
    expect(rows.find((r) => r.shipment_id === a)).toMatchObject({ status: 'reserved', payment_id: second });
  });
});

describe('enqueueGuideIssue', () => {
  it('keeps one durable job per shipment', async () => {
    const [a] = await cloneShipment(t, template.id, 1);
    await t.database.db.transaction(async (tx) => {
      await enqueueGuideIssue(t.app.jobs, tx, [a!, a!]);
      await enqueueGuideIssue(t.app.jobs, tx, [a!]);
    });
    const jobs = (await jobsQueries.list(t.database.db, { type: 'guides.issue' })).filter((j) => j.key === `guides.issue:${a}`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({ shipmentId: a });
  });
});

describe('signed label links', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const id = '5f1c2d3e-aaaa-4bbb-8ccc-ddddeeeeffff';

  it('carry the shipment and an expiry, valid for LABEL_LINK_DAYS days', () => {
    const url = new URL(signedLabelUrl('https://envios.test/', secret, id, now));
    expect(url.origin + url.pathname).toBe(`https://envios.test${labelPath(id)}`);
    const token = url.searchParams.get('token')!;
    expect(verifyLabelToken(secret, id, token, now)).toBe(true);
    expect(verifyLabelToken(secret, id, token, new Date(now.getTime() + (LABEL_LINK_DAYS - 1) * 86_400_000))).toBe(true);
    expect(verifyLabelToken(secret, id, token, new Date(now.getTime() + LABEL_LINK_DAYS * 86_400_000 + 1000))).toBe(false);
    expect(verifyLabelToken(secret, '5f1c2d3e-aaaa-4bbb-8ccc-000000000000', token, now)).toBe(false);
    expect(verifyLabelToken(`${secret}x`, id, token, now)).toBe(false);
    const [exp, sig] = token.split('.');
    expect(verifyLabelToken(secret, id, `${Number(exp) + 86_400}.${sig}`, now)).toBe(false);
    expect(verifyLabelToken(secret, id, 'basura', now)).toBe(false);
  });
});

describe('parseInventoryCsv', () => {
  it('skips the header and blank lines, takes the first column, reports bad lines by number', () => {
    const { numbers, invalid } = parseInventoryCsv('\uFEFFguia\r\n1234567890\n\n"ABC-123456",extra\nmal!\n12\n1234567890\n');
    expect(numbers).toEqual(['1234567890', 'ABC-123456', '1234567890']);
    expect(invalid.map((i) => [i.line, i.value])).toEqual([
      [5, 'mal!'],
      [6, '12'],
    ]);
  });
});
