import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_COLUMNS,
  type BulkCreateResult,
  type BulkReport,
  type BulkRow,
  type BulkRowPage,
  type BulkRowValues,
  type BulkUpload,
} from '@envios/contracts/bulk';
import type { ApiError } from '@envios/contracts/errors';
import { readXlsxRows } from '../../shared/xlsx-reader.js';
import { xlsxWorkbook } from '../../shared/spreadsheet.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { setStock } from '../guides/guides.testing.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  owner = await createSignedInUser(t.app, admin);
  other = await createSignedInUser(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

/** A good row: origin in Guadalajara, destination in Mexico City, a box, the cheapest service. */
export function goodRow(n: number, change: BulkRowValues = {}): BulkRowValues {
  return {
    origen_nombre: 'Ana López',
    origen_correo: 'ana@correo.test',
    origen_telefono: '3312345678',
    origen_calle: 'Av. Juárez',
    origen_numero: '123',
    origen_colonia: 'Guadalajara Centro',
    origen_cp: '44100',
    destino_nombre: `Cliente ${n}`,
    destino_correo: `cliente${n}@correo.test`,
    destino_telefono: '5512345678',
    destino_calle: 'Calle Roma',
    destino_numero: String(10 + (n % 89)),
    destino_colonia: 'juarez',
    destino_cp: '06600',
    tipo: 'paquete',
    largo_cm: '30',
    ancho_cm: '20',
    alto_cm: '15',
    peso_kg: '2.5',
    contenido: 'Ropa',
    servicio: 'DHL EXPRESS DOMESTIC',
    ...change,
  };
}

const json = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as string }) });

function multipart(who: SignedIn, name: string, data: Buffer | string, type: string) {
  const boundary = '----envios-bulk-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.isBuffer(data) ? data : Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/shipments/bulk',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function uploadRows(who: SignedIn, rows: BulkRowValues[]): Promise<BulkReport> {
  const res = await json('POST', '/api/v1/shipments/bulk', who, { file_name: 'filas.json', rows });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkReport>();
}

async function ready(who: SignedIn, id: string): Promise<BulkUpload> {
  await t.app.jobs.drain(1000);
  const res = await json('GET', `/api/v1/shipments/bulk/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const upload = res.json<BulkUpload>();
  expect(upload.status).toBe('ready');
  return upload;
}

async function createAll(who: SignedIn, id: string): Promise<BulkCreateResult> {
  const res = await json('POST', `/api/v1/shipments/bulk/${id}/create`, who, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkCreateResult>();
}

describe('the template', () => {
  it('downloads as XLSX (Spanish headers, one example row, the accepted values in a second sheet) and, filled, uploads clean', async () => {
    const res = await json('GET', '/api/v1/shipments/bulk/template?format=xlsx', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="plantilla-envios-masivos.xlsx"');
    const sheet = readXlsxRows(res.rawPayload, { maxRows: 10 });
    expect(sheet[0]!.cells).toEqual(BULK_COLUMNS.map((c) => c.header));
    expect(sheet).toHaveLength(2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Envíos', 'Valores aceptados']);
    const help = book.getWorksheet('Valores aceptados')!;
    expect(help.getRow(1).values).toEqual([undefined, 'Columna', 'Qué acepta', 'Ejemplo']);
    expect(help.getColumn(1).values).toContain('Destino: código postal');
    expect(help.getColumn(2).values).toContain('DHL EXPRESS DOMESTIC');

    // Filled as a seller would: the example row left in place, three orders under it.
    const header = sheet[0]!.cells;
    const example = Object.fromEntries(header.map((h, i) => [h, sheet[1]!.cells[i] ?? '']));
    const orders = [1, 2, 3].map((n) => Object.fromEntries(BULK_COLUMNS.map((c) => [c.header, goodRow(n)[c.key] ?? ''])));
    const filled = await xlsxWorkbook([
      {
        name: 'Envíos',
        columns: header.map((h) => ({ header: h, type: 'text' as const, value: (r: Record<string, string>) => r[h] ?? null })),
        rows: [example, ...orders],
      },
    ]);
    const up = await multipart(owner, 'pedidos.xlsx', filled, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(up.statusCode, up.body).toBe(200);
    const report = up.json<BulkReport>();
    expect(report).toMatchObject({ status: 'ready', total_rows: 3, counts: { valid: 3, invalid: 0 } });
    expect(report.rows.map((r) => r.row)).toEqual([3, 4, 5]);
    expect(report.rows[0]!.quote).toMatchObject({ carrier: 'DHL', carrier_service_name: 'EXPRESS DOMESTIC' });
  });

  it('downloads as CSV with the same headers and example row, and a filled CSV (semicolons, Windows-1252) uploads clean', async () => {
    const res = await json('GET', '/api/v1/shipments/bulk/template?format=csv', owner);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(`\ufeff${BULK_COLUMNS.map((c) => c.header).join(',')}`);
    const lines = [BULK_COLUMNS.map((c) => c.header).join(';'), BULK_COLUMNS.map((c) => goodRow(4, { destino_colonia: 'Juárez' })[c.key] ?? '').join(';')];
    const latin1 = Buffer.from(lines.join('\r\n'), 'latin1');
    const up = await multipart(owner, 'pedidos.csv', latin1, 'text/csv');
    expect(up.statusCode, up.body).toBe(200);
    const report = up.json<BulkReport>();
    expect(report.counts.valid, JSON.stringify(report.rows[0]?.errors)).toBe(1);
    expect(report.rows[0]!.values.destino_colonia).toBe('Juárez');
  });
});

describe('every rule, with its column and its Spanish reason', () => {
  it.each<[string, BulkRowValues, string, string | RegExp]>([
    ['unknown destination postal code', { destino_cp: '99999' }, 'destino_cp', 'El código postal de destino «99999» no existe en nuestro catálogo de México.'],
    ['malformed postal code', { origen_cp: '44-1' }, 'origen_cp', /El código postal de origen «44-1» no es válido/],
    [
      'colony of another postal code',
      { destino_colonia: 'Polanco' },
      'destino_colonia',
      'La colonia «Polanco» no pertenece al código postal 06600. Colonias de ese código: Juárez.',
    ],
    ['phone with letters', { destino_telefono: '55-ABC' }, 'destino_telefono', 'El teléfono solo debe contener dígitos.'],
    ['name too long', { destino_nombre: 'N'.repeat(36) }, 'destino_nombre', 'El nombre completo debe tener entre 2 y 35 caracteres.'],
    ['street too long', { origen_calle: 'Calle con un nombre larguísimo' }, 'origen_calle', 'La calle debe tener entre 2 y 25 caracteres.'],
    ['destination number too short', { destino_numero: '7' }, 'destino_numero', 'El número exterior debe tener entre 2 y 5 caracteres.'],
    ['bad e-mail', { destino_correo: 'no-es-correo' }, 'destino_correo', 'Debes introducir un correo electrónico válido'],
    ['missing weight', { peso_kg: '' }, 'peso_kg', 'El peso es obligatorio.'],
    ['weight as words', { peso_kg: 'dos' }, 'peso_kg', 'El peso debe ser un número.'],
    ['too heavy for the limits', { peso_kg: '2500' }, 'peso_kg', 'El peso debe ser como máximo 2000 kg.'],
    ['measure too large', { largo_cm: '301' }, 'largo_cm', 'El largo debe ser como máximo 300 cm.'],
    ['unknown package type', { tipo: 'bolsa' }, 'tipo', 'El tipo «bolsa» no existe: escribe sobre, paquete o tarima.'],
    ['missing content', { contenido: '' }, 'contenido', 'La descripción del contenido es obligatoria.'],
    ['negative insured value', { valor_asegurado: '-10' }, 'valor_asegurado', 'El valor del paquete debe ser mayor que 0.'],
    ['unknown saved address', { origen: 'Bodega Norte' }, 'origen', /No tienes una dirección guardada llamada «Bodega Norte»/],
    ['unknown saved package', { paquete: 'Caja gigante' }, 'paquete', /No tienes un paquete guardado llamado «Caja gigante»/],
    ['service that does not exist', { servicio: 'Paloma mensajera' }, 'servicio', /El servicio «Paloma mensajera» no está disponible para este envío/],
  ])('%s', async (_name, change, field, message) => {
    const report = await uploadRows(owner, [goodRow(500, change)]);
    const [row] = report.rows;
    expect(row!.status).toBe('invalid');
    const error = row!.errors.find((e) => e.field === field);
    expect(error, JSON.stringify(row!.errors)).toBeDefined();
    expect(error!.message).toMatch(message);
    expect(error!.column).toBe(BULK_COLUMNS.find((c) => c.key === field)!.header);
  });

  it('takes the origin from a saved address and the package from a saved package, by name', async () => {
    await json('POST', '/api/v1/locations-user', owner, {
      name: 'Bodega Centro',
      email: 'bodega@correo.test',
      phone: '3312345678',
      address: 'Av. Juárez',
      number: '123',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      state_code: 'JAL',
    });
    await json('POST', '/api/v1/parcel-templates', owner, {
      name: 'Caja chica',
      shipment_type: 'box',
      width: 20,
      depth: 15,
      height: 10,
      weight: 1,
      description: 'Accesorios',
      insured_value: 800,
    });
    const values = goodRow(501, {
      origen: 'bodega centro',
      paquete: 'CAJA CHICA',
      tipo: '',
      largo_cm: '',
      ancho_cm: '',
      alto_cm: '',
      peso_kg: '',
      contenido: '',
      servicio: 'más rápido',
    });
    for (const k of ['origen_nombre', 'origen_correo', 'origen_telefono', 'origen_calle', 'origen_numero', 'origen_colonia', 'origen_cp'] as const)
      delete values[k];
    const [row] = (await uploadRows(owner, [values])).rows;
    expect(row!.status, JSON.stringify(row!.errors)).toBe('valid');
    expect(row!.quote!.total_transit_days).toBeLessThanOrEqual(1);
  });

  it('refuses a file that is not a spreadsheet, one without the template’s headers, and one past 5,000 rows, naming the file', async () => {
    const notSheet = await multipart(owner, 'foto.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'image/png');
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json<ApiError>()).toMatchObject({ code: 'bulk.bad_file', errors: [{ path: 'file' }] });
    const noHeaders = await multipart(owner, 'x.csv', 'a,b\n1,2\n', 'text/csv');
    expect(noHeaders.json<ApiError>().message).toMatch(/no tiene los encabezados de la plantilla/);
    const header = BULK_COLUMNS.map((c) => c.header).join(',');
    const line = BULK_COLUMNS.map((c) => goodRow(1)[c.key] ?? '').join(',');
    const big = await multipart(owner, 'grande.csv', [header, ...Array.from({ length: 5001 }, () => line)].join('\n'), 'text/csv');
    expect(big.statusCode).toBe(400);
    expect(big.json<ApiError>()).toMatchObject({
      code: 'bulk.too_many_rows',
      message: 'El archivo tiene 5,001 filas de envíos; el máximo por archivo es 5,000. Divídelo en varios archivos.',
    });
    const unknownColumn = await json('POST', '/api/v1/shipments/bulk', owner, { rows: [{ ...goodRow(1), color: 'rojo' }] });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json<ApiError>().message).toMatch(/La columna «color» no existe en la plantilla/);
    expect((await json('POST', '/api/v1/shipments/bulk', undefined, { rows: [goodRow(1)] })).statusCode).toBe(401);
  });
});

describe('a file of 1,000 rows, 37 of them bad', () => {
  it('is checked by durable jobs with progress; the 963 are quoted and the 37 explained', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => (i % 27 === 5 ? goodRow(i, { destino_cp: '9999' }) : goodRow(i)));
    const bad = rows.filter((r) => r.destino_cp === '9999').length;
    expect(bad).toBe(37);
    const report = await uploadRows(owner, rows);
    expect(report).toMatchObject({ status: 'processing', total_rows: 1000, rows: [] });
    await t.app.jobs.runOnce();
    const partway = (await json('GET', `/api/v1/shipments/bulk/${report._id}`, owner)).json<BulkUpload>();
    expect(partway.processed_rows).toBeGreaterThan(0);
    expect(partway.processed_rows).toBeLessThan(1000);
    const done = await ready(owner, report._id);
    expect(done.counts).toEqual({ pending: 0, valid: 963, invalid: 37, duplicate: 0, created: 0 });
    const invalid = (await json('GET', `/api/v1/shipments/bulk/${report._id}/rows?status=invalid&limit=100`, owner)).json<BulkRowPage>();
    expect(invalid.count).toBe(37);
    for (const row of invalid.docs)
      expect(row.errors).toEqual([
        { field: 'destino_cp', column: 'Destino: código postal', message: 'El código postal de destino «09999» no existe en nuestro catálogo de México.' },
      ]);
    const valid = (await json('GET', `/api/v1/shipments/bulk/${report._id}/rows?status=valid&limit=500`, owner)).json<BulkRowPage>();
    expect(valid.docs.every((r) => r.quote && r.quote.net_total_amount > 0)).toBe(true);
    // A thousand rows through the real jobs: behaviour at volume, not a speed limit (the bench times it).
  }, 120_000);
});

describe('fixing in place, creating once, «Crear de nuevo»', () => {
  it('a bad row fixed in place is checked again without uploading; the valid rows become shipments once, even when the same file comes again', async () => {
    const rows = [goodRow(1001), goodRow(1002, { destino_colonia: 'Roma Norte' }), goodRow(1003)];
    const first = await uploadRows(owner, rows);
    expect(first.rows.map((r) => r.status)).toEqual(['valid', 'invalid', 'valid']);
    const fixed = await json('PATCH', `/api/v1/shipments/bulk/${first._id}/rows/2`, owner, { values: { ...rows[1], destino_colonia: 'Juárez' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<BulkRow>()).toMatchObject({ row: 2, status: 'valid', errors: [] });

    const created = await createAll(owner, first._id);
    expect(created.created).toBe(3);
    expect(created.shipment_ids).toHaveLength(3);
    // Asking again creates nothing.
    expect((await createAll(owner, first._id)).created).toBe(0);

    const again = await uploadRows(owner, [rows[0]!, { ...rows[1], destino_colonia: 'Juárez' }, rows[2]!]);
    expect(again.rows.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(again.rows[0]!.duplicate_of?.number_of_order).toBeGreaterThan(0);
    expect((await createAll(owner, again._id)).created).toBe(0);

    // «Crear de nuevo» is a deliberate choice, one row at a time.
    const recreate = await json('PATCH', `/api/v1/shipments/bulk/${again._id}/rows/1`, owner, { recreate: true });
    expect(recreate.json<BulkRow>()).toMatchObject({ status: 'valid', recreate: true });
    const second = await createAll(owner, again._id);
    expect(second.created).toBe(1);
    const created2 = await json('PATCH', `/api/v1/shipments/bulk/${again._id}/rows/1`, owner, { recreate: false });
    expect(created2.statusCode).toBe(409);
  });

  it('flags a row repeated in the same file', async () => {
    const report = await uploadRows(owner, [goodRow(2001), goodRow(2001)]);
    expect(report.rows.map((r) => r.status)).toEqual(['valid', 'duplicate']);
    expect(report.rows[1]!.duplicate_of).toMatchObject({ same_file_row: 1 });
  });

  it('two create calls at once create each row once', async () => {
    const report = await uploadRows(owner, [goodRow(3001), goodRow(3002), goodRow(3003)]);
    const [a, b] = await Promise.all([
      json('POST', `/api/v1/shipments/bulk/${report._id}/create`, owner, {}),
      json('POST', `/api/v1/shipments/bulk/${report._id}/create`, owner, {}),
    ]);
    const total = a.json<BulkCreateResult>().created + b.json<BulkCreateResult>().created;
    expect(total).toBe(3);
    const count = await t.database.query<{ n: number }>("select count(*)::int as n from bulk_rows where upload_id = $1 and status = 'created'", [report._id]);
    expect(count[0]!.n).toBe(3);
  });
});

describe('services sold from the guide inventory', () => {
  it('«más barato» takes AM/PM only while its guides last; a row naming it past the stock is explained, and passes once guides arrive', async () => {
    const [ampm] = await t.database.query<{ id: string }>("select id from carrier_services where name = 'ESTANDAR'", []);
    await setStock(t, ampm!.id, 2);
    const cheapest = (n: number) => goodRow(700 + n, { servicio: 'más barato' });
    const report = await uploadRows(owner, [cheapest(1), cheapest(2), cheapest(3), cheapest(4), goodRow(705, { servicio: 'AM/PM ESTANDAR' })]);
    const services = report.rows.map((r) => (r.quote ? `${r.quote.carrier} ${r.quote.carrier_service_name}` : r.status));
    expect(services.slice(0, 2)).toEqual(['AM/PM ESTANDAR', 'AM/PM ESTANDAR']);
    expect(
      services.slice(2, 4).every((s) => s !== 'AM/PM ESTANDAR' && s !== 'invalid'),
      services.join(', '),
    ).toBe(true);
    const named = report.rows[4]!;
    expect(named.status).toBe('invalid');
    expect(named.errors).toEqual([
      expect.objectContaining({
        field: 'servicio',
        message:
          'No quedan guías de «AM/PM ESTANDAR» para esta fila: las que hay ya cubren otras filas de este archivo o se agotaron. Escribe «más barato», «más rápido» u otro servicio.',
      }),
    ]);

    // Fixed in place: the two rows already counted on keep their guides; a third guide serves the row.
    await setStock(t, ampm!.id, 3);
    const again = await json('PATCH', `/api/v1/shipments/bulk/${report._id}/rows/5`, owner, { values: goodRow(705, { servicio: 'AM/PM ESTANDAR' }) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<BulkRow>()).toMatchObject({ status: 'valid', quote: { carrier: 'AM/PM', carrier_service_name: 'ESTANDAR' } });
  });
});

describe('authorization', () => {
  it('another account can neither see, fix, create nor label an upload; a visitor gets 401', async () => {
    const report = await uploadRows(owner, [goodRow(4001)]);
    const base = `/api/v1/shipments/bulk/${report._id}`;
    expect((await json('GET', base, other)).statusCode).toBe(403);
    expect((await json('GET', `${base}/rows`, other)).statusCode).toBe(403);
    expect((await json('PATCH', `${base}/rows/1`, other, { recreate: true })).statusCode).toBe(403);
    expect((await json('POST', `${base}/create`, other, {})).statusCode).toBe(403);
    expect((await json('GET', `${base}/shipments`, other)).statusCode).toBe(403);
    expect((await json('GET', `/api/v1/labels?bulk=${report._id}`, other)).statusCode).toBe(403);
    expect((await json('GET', base)).statusCode).toBe(401);
    expect((await json('GET', base, admin)).statusCode).toBe(200);
    expect((await json('GET', `${base}/rows/abc`, owner)).statusCode).toBe(404);
    const badRow = await json('PATCH', `${base}/rows/0`, owner, { recreate: true });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json<ApiError>().errors?.[0]?.path).toBe('row');
  });
});

describe('paying a bulk upload through the existing purchase', () => {
  it('500 shipments of one upload are paid in one wallet payment, charged to the centavo', async () => {
    const buyer = await createSignedInUser(t.app, admin);
    const report = await uploadRows(
      buyer,
      Array.from({ length: 500 }, (_, i) => goodRow(10_000 + i)),
    );
    await ready(buyer, report._id);
    const created = await createAll(buyer, report._id);
    expect(created.created).toBe(500);
    expect(created.shipment_ids).toHaveLength(500);
    const list = (await json('GET', `/api/v1/shipments/bulk/${report._id}/shipments`, buyer)).json<
      { _id: string; net_total_amount: number; status: boolean }[]
    >();
    const centavos = list.reduce((sum, s) => sum + Math.round(s.net_total_amount * 100), 0);
    // An admin credits at most MX$100,000 at a time.
    const half = Math.floor(centavos / 2);
    for (const part of [half, centavos - half]) {
      const credit = await json('POST', '/api/v1/prepaid/createPrepaid', admin, { userId: buyer.id, cantidadAbonar: part / 100 });
      expect(credit.statusCode, credit.body).toBe(200);
    }
    const paid = await json('POST', '/api/v1/payments/many/monedero', buyer, { shipments: created.shipment_ids });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ amount: number; balance: number }>()).toMatchObject({ amount: centavos / 100, balance: 0 });
    expect((await json('GET', `/api/v1/shipments/bulk/${report._id}`, buyer)).json<BulkUpload>().unpaid_shipments).toBe(0);
    // Paying again is refused by the usual rule.
    const twice = await json('POST', '/api/v1/payments/many/monedero', buyer, { shipments: created.shipment_ids.slice(0, 2) });
    expect(twice.statusCode).toBe(409);
    // Five hundred shipments created and paid: behaviour at volume, not a speed limit.
  }, 120_000);

  it('while a PayPal payment of the upload is open, editing one of its shipments is refused as for any payment', async () => {
    const buyer = await createSignedInUser(t.app, admin);
    const report = await uploadRows(buyer, [goodRow(20_001), goodRow(20_002)]);
    const created = await createAll(buyer, report._id);
    const opened = await json('POST', '/api/v1/payments/many/paypal', buyer, { shipments: created.shipment_ids });
    expect(opened.statusCode, opened.body).toBe(200);
    const edit = await json('PUT', `/api/v1/shipments/${created.shipment_ids[0]}`, buyer, {
      package_insurance: true,
      insurance_information: { package_value: 5000, responsible_for_the_package: 'Ana', mail_responsible: 'ana@correo.test', cost: 0 },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json<ApiError>().code).toBe('payments.in_progress');
  });
});
