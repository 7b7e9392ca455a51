import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@envios/contracts/errors';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { cloneShipment, markPaid } from './guides.testing.js';
import { enqueueGuideIssue, signLabelToken } from './guides.usecases.js';
import { parseZpl, pdfBarcodes, pdfPageCount, zplFieldText } from './label-readback.testing.js';

const clock = manualClock(new Date('2026-03-10T17:00:00Z'));
let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let issued: string[];
let unpaid: string;
let othersPaid: string;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock } });
  admin = await signInAdmin(t.app);
  owner = await createSignedInUser(t.app, admin);
  other = await createSignedInUser(t.app, admin);
  const s = await createOne(t, owner, {}, 'EXPRESS DOMESTIC');
  const copies = await cloneShipment(t, s._id, 4);
  issued = copies.slice(0, 3);
  unpaid = copies[3]!;
  await markPaid(t, issued);
  const theirs = await createOne(t, other, {}, 'EXPRESS DOMESTIC');
  othersPaid = theirs._id;
  await markPaid(t, [othersPaid]);
  await t.database.db.transaction((tx) => enqueueGuideIssue(t.app.jobs, tx, [...issued, othersPaid]));
  await t.app.jobs.drain();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const guideOf = async (id: string) =>
  (await t.database.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [id]))[0]!.number_guide;
const printedOf = async (ids: string[]) =>
  (
    await t.database.query<{ id: string; printed: boolean }>('select id, label_printed_at is not null as printed from shipments where id = any($1::uuid[])', [
      ids,
    ])
  )
    .filter((r) => r.printed)
    .map((r) => r.id);

describe('GET /api/v1/labels', () => {
  it('answers one 4 × 6 PDF with a page per guide, each barcode decoding to its guide, in the order asked', async () => {
    const res = await get(`/api/v1/labels?ids=${issued.join(',')}&format=pdf4x6&download=1`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="guias-2026-03-10.pdf"');
    expect(res.headers['x-labels-count']).toBe('3');
    expect(pdfPageCount(res.rawPayload)).toBe(3);
    expect(pdfBarcodes(res.rawPayload)).toEqual(await Promise.all(issued.map(guideOf)));
  });

  it('answers letter size with two labels a page and ZPL that parses, one label per guide', async () => {
    const letter = await get(`/api/v1/labels?ids=${issued.join(',')}&format=pdfletter`, owner);
    expect(letter.statusCode).toBe(200);
    expect(pdfPageCount(letter.rawPayload)).toBe(2);
    const zpl = await get(`/api/v1/labels?ids=${issued.join(',')}&format=zpl`, owner);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toMatch(/^application\/zpl/);
    const labels = parseZpl(zpl.body);
    expect(labels).toHaveLength(3);
    const guides = labels.map((l) => l[l.findIndex((c) => c.name === '^BC') + 1]!.params);
    expect(guides).toEqual(await Promise.all(issued.map(guideOf)));
    expect(labels[0]!.filter((c) => c.name === '^FD').map((c) => zplFieldText(c.params))).toContain('Bruno Díaz');
  });

  it('marks the guides printed on the owner’s download, and today=1 takes the guides paid today', async () => {
    expect(await printedOf(issued)).toHaveLength(3);
    const today = await get('/api/v1/labels?today=1&format=zpl', owner);
    expect(today.statusCode, today.body).toBe(200);
    expect(parseZpl(today.body)).toHaveLength(3);
  });

  it('uses the account’s printing format when none is asked', async () => {
    expect((await get('/api/v1/labels/settings', owner)).json()).toEqual({ format: 'pdf4x6' });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/labels/settings', headers: owner.headers, payload: { format: 'zpl' } });
    expect(saved.json()).toEqual({ format: 'zpl' });
    const res = await get(`/api/v1/labels?ids=${issued[0]}`, owner);
    expect(res.headers['content-type']).toMatch(/^application\/zpl/);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/v1/labels/settings', headers: owner.headers, payload: { format: 'png' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().errors?.[0]?.path).toBe('format');
  });

  it('refuses another account’s shipment with 403 (nothing drawn, nothing marked); an admin may print anyone’s', async () => {
    const res = await get(`/api/v1/labels?ids=${issued[0]},${othersPaid}&format=pdf4x6`, owner);
    expect(res.statusCode).toBe(403);
    expect(await printedOf([othersPaid])).toEqual([]);
    expect((await get(`/api/v1/labels?ids=${othersPaid}&format=pdf4x6`, admin)).statusCode).toBe(200);
    expect(await printedOf([othersPaid])).toEqual([]);
    expect((await get(`/api/v1/labels?ids=${othersPaid}`)).statusCode).toBe(401);
  });

  it('answers 409 naming the folio of a shipment without its label yet, and 400 for a bad selection', async () => {
    const res = await get(`/api/v1/labels?ids=${issued[0]},${unpaid}&format=pdf4x6`, owner);
    expect(res.statusCode).toBe(409);
    const folio = (await t.database.query<{ n: number }>('select number_of_order as n from shipments where id = $1', [unpaid]))[0]!.n;
    expect(res.json<ApiError>()).toMatchObject({ code: 'labels.not_ready' });
    expect(res.json<ApiError>().message).toContain(String(folio));
    const none = await get('/api/v1/labels?format=zpl', owner);
    expect(none.statusCode).toBe(400);
    expect(none.json<ApiError>().errors?.[0]).toMatchObject({ path: 'ids' });
    const badFormat = await get(`/api/v1/labels?ids=${issued[0]}&format=png`, owner);
    expect(badFormat.json<ApiError>().errors?.[0]).toMatchObject({ path: 'format', message: 'El formato debe ser pdf4x6, pdfletter o zpl.' });
    const badId = await get('/api/v1/labels?ids=abc', owner);
    expect(badId.statusCode).toBe(400);
  });

  it('POST /labels takes the ids in the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/labels', headers: owner.headers, payload: { ids: issued, format: 'pdfletter' } });
    expect(res.statusCode).toBe(200);
    expect(pdfPageCount(res.rawPayload)).toBe(2);
  });
});

describe('GET /api/v1/shipments/{id}/label.zpl', () => {
  it('answers the owner, an admin and the signed link; 403 another user; 401 nobody', async () => {
    const url = `/api/v1/shipments/${issued[1]}/label.zpl`;
    const mine = await get(url, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toBe(`inline; filename="guia-${await guideOf(issued[1]!)}.zpl"`);
    expect(parseZpl(mine.body)).toHaveLength(1);
    expect((await get(url, admin)).statusCode).toBe(200);
    expect((await get(url, other)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    const token = signLabelToken(t.config.SECRET_KEY, issued[1]!, new Date(clock.now().getTime() + 60_000));
    expect((await get(`${url}?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
  });
});

describe('«Impresas» in Mis Envíos', () => {
  it('the list says when a label was printed and filters printed and not-yet-printed paid guides', async () => {
    const list = async (q: string) =>
      (await get(`/api/v1/shipments/all/${owner.id}${q}`, owner)).json<{ docs: { _id: string; label_printed_at: string | null }[]; count: number }>();
    const all = await list('?limit=20');
    const printed = all.docs.filter((d) => d.label_printed_at !== null).map((d) => d._id);
    expect(printed.sort()).toEqual([...issued].sort());
    expect((await list('?printed=yes')).docs.map((d) => d._id).sort()).toEqual([...issued].sort());
    // Not printed: paid guides only (an unpaid shipment has nothing to print).
    expect((await list('?printed=no')).count).toBe(0);
    const bad = await get(`/api/v1/shipments/all/${owner.id}?printed=tal-vez`, owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().errors?.[0]).toMatchObject({ path: 'printed', message: 'El filtro de impresión debe ser yes o no.' });
  });
});
