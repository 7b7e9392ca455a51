import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { reportMessages, type ReportPage } from '@envios/contracts/reports';
import type { Shipment } from '@envios/contracts/shipments';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { call, paidShipment } from '../overweight/overweight.testing.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { seedShipmentCopies } from '../shipments/shipments.seed.js';

type ApiError = { message: string; code: string; errors?: { path: string; message: string }[] };

function expectField(res: { statusCode: number; body: string; json: <T>() => T }, status: number, field: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<ApiError>().errors?.map((e) => e.path)).toContain(field);
}

/** Another process's change arrives as a notice (PostgreSQL: a few milliseconds later): ask until it shows. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 50 && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

describe('GET /api/v1/shipments/period (the general report)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let ana: SignedIn;
  let beto: SignedIn;
  let paidA: Shipment;
  let paidB: Shipment;
  let unpaidA: Shipment;
  let betos: Shipment;
  const page = async (query = '', who?: SignedIn) => {
    const res = await call(t, 'GET', `/api/v1/shipments/period${query}`, who ?? admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportPage>();
  };

  beforeAll(async () => {
    t = await createTestApp({ env: adminEnv });
    admin = await signInAdmin(t.app);
    ana = await createSignedInUser(t.app, admin, { firstName: 'Ana', lastName: 'López' });
    beto = await createSignedInUser(t.app, admin, { firstName: 'Beto', lastName: 'Ruiz' });
    paidA = await paidShipment(t, admin, ana);
    paidB = await paidShipment(t, admin, ana);
    unpaidA = await createOne(t, ana);
    betos = await createOne(t, beto, {}, 'ECONOMY SELECT DOMESTIC');
  });
  afterAll(async () => {
    await t.close();
  });

  it('an admin sees every customer’s shipments, newest first, with the spec’s columns', async () => {
    const all = await page();
    expect(all).toMatchObject({ count: 4, page: 1, pages: 1, next: null, previous: null });
    expect(all.docs.map((d) => d._id)).toEqual([betos._id, unpaidA._id, paidB._id, paidA._id]);
    const row = all.docs.find((d) => d._id === paidA._id)!;
    expect(row).toMatchObject({
      numberOfOrder: paidA.numberOfOrder,
      user: ana.id,
      customer_info: { first_names: 'Ana', last_names: 'López', email: ana.email },
      origin_name: 'Ana López',
      destination_name: 'Bruno Díaz',
      carrier_service_name: 'EXPRESS DOMESTIC',
      parcels: [{ height: 20, width: 30, depth: 15, weight: 3 }],
      weight: 3,
      status: true,
      total_amount: paidA.selected_service.total_amount,
      overweight: null,
      overweight_status: null,
    });
    expect(all.docs.find((d) => d._id === unpaidA._id)).toMatchObject({ status: false, guide: null, guide_status: 'Sin número de guía' });
  });

  it('a customer gets 403 and a visitor 401', async () => {
    expect((await call(t, 'GET', '/api/v1/shipments/period', ana)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/v1/shipments/period')).statusCode).toBe(401);
  });

  it('filters by payment status, service and keyword, all in SQL', async () => {
    expect((await page('?status=paid')).docs.map((d) => d._id)).toEqual([paidB._id, paidA._id]);
    expect((await page('?status=true')).count).toBe(2);
    expect((await page('?status=unpaid')).docs.map((d) => d._id)).toEqual([betos._id, unpaidA._id]);
    expect((await page(`?service=${betos.selected_service.service_id}`)).docs.map((d) => d._id)).toEqual([betos._id]);
    expect((await page(`?filter=${encodeURIComponent(beto.email.toUpperCase())}`)).docs.map((d) => d._id)).toEqual([betos._id]);
    expect((await page(`?filter=${paidB.numberOfOrder}`)).docs.map((d) => d._id)).toEqual([paidB._id]);
    expect((await page('?filter=Beto%20Ruiz')).count).toBe(1);
    expect((await page('?filter=nadie-se-llama-asi')).count).toBe(0);
    expect((await page(`?status=unpaid&filter=${encodeURIComponent(ana.email)}`)).docs.map((d) => d._id)).toEqual([unpaidA._id]);
  });

  it('pages of the size asked, with next and previous', async () => {
    const second = await page('?limit=1&page=2');
    expect(second).toMatchObject({ count: 4, page: 2, pages: 4, next: 3, previous: 1 });
    expect(second.docs.map((d) => d._id)).toEqual([unpaidA._id]);
    expect((await page('?limit=1&page=9')).docs).toEqual([]);
  });

  it('pages asked at the same moment (read together in one statement) each get their own rows', async () => {
    const asked = [
      '?limit=3&page=1',
      '?limit=3&page=2',
      '?limit=2&page=2',
      '?status=paid&limit=1&page=2',
      `?filter=${encodeURIComponent(beto.email)}&limit=3`,
      '?limit=3&page=5',
    ];
    const together = await Promise.all(asked.map((q) => page(q)));
    expect(together.map((p) => p.docs.map((d) => d._id))).toEqual([
      [betos._id, unpaidA._id, paidB._id],
      [paidA._id],
      [paidB._id, paidA._id],
      [paidA._id],
      [betos._id],
      [],
    ]);
    expect(together.map((p) => p.count)).toEqual([4, 4, 4, 2, 1, 4]);
  });

  it('the period is Mexico City days; a start after today, a reversed period, a bad date or an unknown status is 400 naming the field', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    expect((await page(`?date_ini=${today}&date_fin=${today}T23:59:59`)).count).toBe(4);
    expect((await page('?date_ini=2020-01-01&date_fin=2020-12-31')).count).toBe(0);
    expectField(await call(t, 'GET', '/api/v1/shipments/period?date_ini=2999-01-01', admin), 400, 'date_ini');
    expectField(await call(t, 'GET', '/api/v1/shipments/period?date_ini=01/03/2026', admin), 400, 'date_ini');
    expectField(await call(t, 'GET', '/api/v1/shipments/period?date_ini=2026-03-10&date_fin=2026-03-01', admin), 400, 'date_fin');
    expectField(await call(t, 'GET', '/api/v1/shipments/period?status=perdido', admin), 400, 'status');
    expectField(await call(t, 'GET', '/api/v1/shipments/period?service=dhl', admin), 400, 'service');
    expectField(await call(t, 'GET', '/api/v1/shipments/period?limit=0', admin), 400, 'limit');
  });

  it('an end date after today is accepted: the period simply ends now (a client whose calendar is ahead of Mexico City sends tomorrow)', async () => {
    const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(d);
    const today = day(new Date());
    const tomorrow = day(new Date(Date.now() + 86_400_000));
    const res = await call(t, 'GET', `/api/v1/shipments/period?date_ini=${today}&date_fin=${tomorrow}T23:59:59`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReportPage>().count).toBe(4);
    expect((await page(`?date_fin=2999-12-31`)).count).toBe(4);
    // A start after today is still a mistake: nothing can have been created then.
    expectField(await call(t, 'GET', `/api/v1/shipments/period?date_ini=2999-01-01&date_fin=2999-01-02`, admin), 400, 'date_ini');
    // The export takes the same period.
    const csv = await call(t, 'GET', `/api/v1/reports/shipments.csv?date_ini=${today}&date_fin=${tomorrow}`, admin);
    expect(csv.statusCode, csv.body).toBe(200);
  });

  it('a change anywhere shows at once: an overweight recorded, a shipment paid', async () => {
    expect((await page()).docs.find((d) => d._id === paidA._id)?.overweight_status).toBeNull();
    const recorded = await call(t, 'PUT', `/api/v1/shipments/${paidA._id}`, admin, { overweight: 2, cost_overweight: 70 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await page()).docs.find((d) => d._id === paidA._id)).toMatchObject({
      overweight: 2,
      cost_overweight: 70,
      overweight_paid: false,
      overweight_status: 'pending',
    });

    await call(t, 'POST', '/api/v1/prepaid/createPrepaid', admin, { userId: beto.id, cantidadAbonar: betos.selected_service.total_amount });
    expect((await call(t, 'POST', '/api/v1/payments/many/monedero', beto, { shipments: [betos._id] })).statusCode).toBe(200);
    const after = await eventually(
      () => page('?status=paid'),
      (p) => p.count === 3,
    );
    expect(after.docs.map((d) => d._id)).toEqual([betos._id, paidB._id, paidA._id]);
  });

  it('a page of more than 1,000 (the spec’s export asked limit=100000) comes as the same JSON, written while read', async () => {
    const big = await page('?limit=100000');
    expect(big).toMatchObject({ count: 4, page: 1, pages: 1, next: null, previous: null });
    expect(big.docs.map((d) => d._id)).toEqual((await page()).docs.map((d) => d._id));
  });

  it('exports the selection as shipments.xlsx (dates as dates, money as MXN numbers) and shipments.csv', async () => {
    const res = await call(t, 'GET', '/api/v1/reports/shipments.xlsx?status=paid');
    expect(res.statusCode).toBe(401);
    const xlsx = await call(t, 'GET', '/api/v1/reports/shipments.xlsx?status=paid', admin);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="shipments.xlsx"');
    expect(xlsx.headers['x-export-rows']).toBe('3');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Fecha');
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(first.getCell(2).value).toBe(betos.numberOfOrder);
    expect(first.getCell(14).value).toBe(betos.selected_service.total_amount);
    expect(first.getCell(14).numFmt).toBe('"MX$"#,##0.00');
    expect((await call(t, 'GET', '/api/v1/reports/shipments.xlsx', ana)).statusCode).toBe(403);

    const csv = await call(t, 'GET', `/api/v1/reports/shipments.csv?filter=${encodeURIComponent(ana.email)}`, admin);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^\ufeffFecha,Folio,Cliente,Correo,/);
    expect(lines).toHaveLength(4);
    expectField(await call(t, 'GET', '/api/v1/reports/shipments.csv?date_ini=2999-01-01', admin), 400, 'date_ini');
  });
});

/**
 * The cap, with the app's cap lowered to 40 rows: the same code path as 100,000 without seeding
 * 100,000 shipments (that figure, read back whole, is the reports bench's: `npm run bench -- reports`).
 */
describe('the export at its row cap', () => {
  const CAP = 40;
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ env: adminEnv, deps: { reports: { exportMaxRows: CAP } } });
    admin = await signInAdmin(t.app);
    const user = await createSignedInUser(t.app, admin);
    const template = await createOne(t, user);
    await seedShipmentCopies(t.database.db, [template._id], CAP);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a workbook that opens with every row at the cap; one shipment more is refused with how many there are', async () => {
    const res = await call(t, 'GET', '/api/v1/reports/shipments.xlsx', admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['x-export-rows']).toBe(String(CAP));
    // Read back with exceljs' streaming reader: every row in order, none kept.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([res.rawPayload]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    let rows = 0;
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        rows++;
        expect(row.number).toBe(rows);
      }
    }
    expect(rows).toBe(CAP + 1);

    const user = await createSignedInUser(t.app, admin);
    await createOne(t, user);
    const refused = await call(t, 'GET', '/api/v1/reports/shipments.csv', admin);
    expectField(refused, 400, 'date_ini');
    expect(refused.json<ApiError>().message).toBe(
      'La exportación admite hasta 40 filas y esta selección tiene 41. Acorta el periodo o agrega un filtro (servicio, estatus o búsqueda) y vuelve a exportar.',
    );
  });

  it('says the contract’s cap in the message a person reads', () => {
    expect(reportMessages.exportTooLarge(100_001)).toBe(
      'La exportación admite hasta 100,000 filas y esta selección tiene 100,001. Acorta el periodo o agrega un filtro (servicio, estatus o búsqueda) y vuelve a exportar.',
    );
  });
});
