import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { QuoteResponse } from '@envios/contracts/quotes';
import {
  shipmentMessages,
  type BulkResult,
  type CarrierServiceOption,
  type OverweightOwed,
  type Shipment,
  type ShipmentPage,
  type ShipmentRow,
  type ShipmentStats,
} from '@envios/contracts/shipments';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { shipments } from './shipments.table.js';
import {
  baseBody,
  box,
  cents,
  createOne,
  createShipments,
  destination,
  optionNamed,
  origin,
  pricedBody,
  quoteFor,
  smallBox,
  type Body,
} from './shipments.fixtures.js';

type ApiError = { message: string; code: string; errors?: { path: string; message: string }[] };

let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;
let beto: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin, { firstName: 'Ana', lastName: 'López' });
  beto = await createSignedInUser(t.app, admin, { firstName: 'Beto', lastName: 'Ruiz' });
});
afterAll(async () => {
  await t.close();
});

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function markPaid(id: string, extra: Partial<typeof shipments.$inferInsert> = {}) {
  await t.database.db
    .update(shipments)
    .set({ paid: true, paidAt: new Date(), ...extra })
    .where(eq(shipments.id, id));
}

async function savedAddresses(userId: string) {
  type Row = { name: string; street: string; number: string; int_number: string; postal_code: string; colony: string };
  // Both drivers answer raw queries as { rows }; the address book's table belongs to its module.
  const result = await t.database.db.execute(sql`select name, street, number, int_number, postal_code, colony from saved_locations where user_id = ${userId}`);
  return (result as { rows: Row[] }).rows;
}

async function listOf(userId: string, who: SignedIn, query = ''): Promise<ShipmentPage> {
  const res = await inject('GET', `/api/v1/shipments/all/${userId}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShipmentPage>();
}

function expectFieldError(res: { statusCode: number; body: string }, status: number, path: string, message?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const error = JSON.parse(res.body) as ApiError;
  expect(error.errors?.map((e) => e.path)).toContain(path);
  if (message) expect(error.message).toMatch(message);
  return error;
}

describe('POST /api/v1/shipments: creation with a server-side re-quote', () => {
  it('creates one unpaid shipment with the quoted price frozen and the caller as customer', async () => {
    const { body, option } = await pricedBody(t, ana, { local_pickup: true });
    const res = await inject('POST', '/api/v1/shipments', ana, body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<{ _id: string; shipments: Shipment[] }>();
    expect(answer.shipments).toHaveLength(1);
    const s = answer.shipments[0]!;
    expect(answer._id).toBe(s._id);
    expect(s).toMatchObject({
      user: ana.id,
      customer_info: { first_names: 'Ana', last_names: 'López', email: ana.email },
      status: false,
      guide: null,
      number_guide: null,
      local_pickup: true,
      shipment_type: 'box',
      description_of_the_content: 'Ropa',
      overweight_paid: false,
      parcels: [{ ...box, volumetric_weight: 1.8 }],
    });
    expect(s.destination_direction).toMatchObject({ ...destination, address_line: 'Calle Roma, 45, 2B' });
    expect(s.origin_direction.address_line).toBe('Av. Juárez, 123');
    expect(s.selected_service).toMatchObject({
      service_id: option.service_id,
      carrier_code: 'dhl',
      carrier_service_name: 'EXPRESS DOMESTIC',
      total_amount: option.net_total_amount,
      net_total_amount: option.net_total_amount,
      currency: 'MXN',
    });
    expect(s.selected_service.services.reduce((n, l) => n + cents(l.amount), 0)).toBe(cents(option.net_total_amount));
  });

  it('the public variant /shipments/home answers the same way', async () => {
    const { body } = await pricedBody(t, ana);
    const res = await inject('POST', '/api/v1/shipments/home', ana, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ _id: string }>()._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('three guides of two different parcels make three shipments that add up to the checked total to the centavo', async () => {
    const big = { depth: 40, width: 30, height: 30, weight: 9 };
    const { body, option } = await pricedBody(t, ana, { parcels: [box, big], cantidadGuias: 3 });
    expect(option.price_per_guide).toBeNull();
    const created = await createShipments(t, ana, body);
    expect(created.map((s) => s.parcels.map(({ volumetric_weight: _, ...p }) => p))).toEqual([[box], [big], [box]]);
    expect(created.reduce((n, s) => n + cents(s.selected_service.total_amount), 0)).toBe(cents(option.net_total_amount));
    const folios = created.map((s) => s.numberOfOrder);
    expect(folios).toEqual([...folios].sort((a, b) => a - b));
    // Each shipment's price is that parcel's own quote.
    const single = optionNamed(await quoteFor(t, baseBody({ parcels: [big] }), ana));
    expect(created[1]!.selected_service).toMatchObject({ total_amount: single.net_total_amount, billable_weight_kg: 9 });
  });

  it('guides of different parcels at the same price keep each its own breakdown', async () => {
    const { body, option } = await pricedBody(t, ana, { parcels: [box, smallBox], cantidadGuias: 2 });
    expect(option.price_per_guide).not.toBeNull();
    const created = await createShipments(t, ana, body);
    expect(created.map((s) => s.selected_service.services[0]!.service_name)).toEqual(['Tarifa base (3 kg)', 'Tarifa base (1 kg)']);
    expect(created.map((s) => s.selected_service.total_amount)).toEqual([option.price_per_guide, option.price_per_guide]);
  });

  it('four equal guides share the per-guide price', async () => {
    const { body, option } = await pricedBody(t, ana, { cantidadGuias: 4 });
    const created = await createShipments(t, ana, body);
    expect(created).toHaveLength(4);
    for (const s of created) {
      expect(s.selected_service.total_amount).toBe(option.price_per_guide);
      expect(s.selected_service.services.every((l) => l.quantity === 1)).toBe(true);
    }
  });

  it('insured parcels: the insured value is quoted and its cost kept per shipment', async () => {
    const insurance = { package_value: 2500, responsible_for_the_package: 'Ana López', mail_responsible: 'ana@correo.test' };
    const { body, option } = await pricedBody(t, ana, { package_insurance: true, insurance_information: insurance, cantidadGuias: 2 });
    const created = await createShipments(t, ana, body);
    const line = option.services.find((l) => l.code === 'insurance')!;
    expect(line.quantity).toBe(2);
    for (const s of created) {
      expect(s.package_insurance).toBe(true);
      expect(s.insurance_information).toMatchObject({ ...insurance, cost: line.price });
    }
  });

  it('refuses a price that differs by one centavo (409) and creates nothing', async () => {
    const { body } = await pricedBody(t, beto);
    const before = (await listOf(beto.id, beto)).count;
    const service = body.selected_service as { service_id: string; net_total_amount: number };
    const res = await inject('POST', '/api/v1/shipments', beto, {
      ...body,
      selected_service: { ...service, net_total_amount: service.net_total_amount + 0.01 },
    });
    const error = expectFieldError(res, 409, 'selected_service.net_total_amount');
    expect(error).toMatchObject({ code: 'shipments.price_changed', message: shipmentMessages.priceChanged });
    expect((await listOf(beto.id, beto)).count).toBe(before);
  });

  it('a customer margin changed after the quote makes the old price stale', async () => {
    const { body } = await pricedBody(t, beto);
    const markup = await inject('PUT', '/api/v1/markups', admin, { user_id: beto.id, percent: 1 });
    expect(markup.statusCode, markup.body).toBe(200);
    try {
      const res = await inject('POST', '/api/v1/shipments', beto, body);
      expect(res.statusCode, res.body).toBe(409);
      // Re-quoted with the new margin, the same call goes through.
      const again = await pricedBody(t, beto);
      await createShipments(t, beto, again.body);
    } finally {
      const list = (await inject('GET', `/api/v1/markups?user_id=${beto.id}`, admin)).json<{ markups: { _id: string }[] }>();
      for (const m of list.markups) await inject('DELETE', `/api/v1/markups/${m._id}`, admin);
    }
  });

  it('a service that does not carry this parcel answers 409 service unavailable', async () => {
    const { body } = await pricedBody(t, ana);
    const flat = optionNamed(await quoteFor(t, baseBody(), ana), 'EXPRESS DOMESTIC FLAT');
    const heavy = { ...box, weight: 20 };
    const res = await inject('POST', '/api/v1/shipments', ana, {
      ...body,
      parcels: [heavy],
      selected_service: { service_id: flat.service_id, net_total_amount: flat.net_total_amount },
    });
    const error = expectFieldError(res, 409, 'selected_service.service_id');
    expect(error).toMatchObject({ code: 'shipments.service_unavailable', message: shipmentMessages.serviceUnavailable });
  });

  it('saves the origin and destination in the address book when asked, once', async () => {
    const user = await createSignedInUser(t.app, admin);
    const { body } = await pricedBody(t, user, { save_origin: true, save_destination: true });
    await createShipments(t, user, body);
    await createShipments(t, user, body);
    const rows = await savedAddresses(user.id);
    expect(rows.map((r) => [r.name, r.street, r.number, r.int_number, r.postal_code, r.colony]).sort()).toEqual(
      [
        ['Ana López', 'Av. Juárez', '123', '', '44100', 'Guadalajara Centro'],
        ['Bruno Díaz', 'Calle Roma', '45', '2B', '06600', 'Juárez'],
      ].sort(),
    );
  });

  it('without the checkboxes nothing is saved', async () => {
    const user = await createSignedInUser(t.app, admin);
    await createOne(t, user);
    expect(await savedAddresses(user.id)).toEqual([]);
  });

  describe('Idempotency-Key', () => {
    it('the same key twice answers the first shipments and creates nothing more', async () => {
      const user = await createSignedInUser(t.app, admin);
      const { body } = await pricedBody(t, user, { cantidadGuias: 2 });
      const key = randomUUID();
      const first = await inject('POST', '/api/v1/shipments', user, body, { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(201);
      const second = await inject('POST', '/api/v1/shipments', user, body, { 'idempotency-key': key });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect((await listOf(user.id, user)).count).toBe(2);
    });

    it('after the first shipments were deleted (Anterior), the same call buys again', async () => {
      const user = await createSignedInUser(t.app, admin);
      const { body } = await pricedBody(t, user);
      const key = randomUUID();
      const [first] = await createShipments(t, user, body, { 'idempotency-key': key });
      expect((await inject('DELETE', `/api/v1/shipments/${first!._id}`, user)).statusCode).toBe(204);
      const [second] = await createShipments(t, user, body, { 'idempotency-key': key });
      expect(second!._id).not.toBe(first!._id);
      const again = await inject('POST', '/api/v1/shipments', user, body, { 'idempotency-key': key });
      expect(again.statusCode).toBe(200);
      expect(again.json<{ _id: string }>()._id).toBe(second!._id);
    });

    it('a key reused for another purchase is refused; another user may use the same key', async () => {
      const user = await createSignedInUser(t.app, admin);
      const { body } = await pricedBody(t, user);
      const key = `clave-${randomUUID()}`;
      await createShipments(t, user, body, { 'idempotency-key': key });
      const other = await inject('POST', '/api/v1/shipments', user, { ...body, description_of_the_content: 'Libros' }, { 'idempotency-key': key });
      expect(expectFieldError(other, 422, 'Idempotency-Key').code).toBe('shipments.idempotency_conflict');
      const { body: betoBody } = await pricedBody(t, beto);
      await createShipments(t, beto, betoBody, { 'idempotency-key': key });
    });

    it('concurrent calls with one key create the shipments once', async () => {
      const user = await createSignedInUser(t.app, admin);
      const { body } = await pricedBody(t, user);
      const key = randomUUID();
      const answers = await Promise.all([1, 2, 3].map(() => inject('POST', '/api/v1/shipments', user, body, { 'idempotency-key': key })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.json<{ _id: string }>()._id)).size).toBe(1);
      expect((await listOf(user.id, user)).count).toBe(1);
    });

    it('refuses an empty or too long key (400 naming the header)', async () => {
      const { body } = await pricedBody(t, ana);
      const res = await inject('POST', '/api/v1/shipments', ana, body, { 'idempotency-key': 'x'.repeat(300) });
      expectFieldError(res, 400, 'idempotency-key');
    });
  });

  describe('who may create', () => {
    it('a visitor gets 401', async () => {
      const { body } = await pricedBody(t, ana);
      expect((await inject('POST', '/api/v1/shipments', undefined, body)).statusCode).toBe(401);
      expect((await inject('POST', '/api/v1/shipments/home', undefined, body)).statusCode).toBe(401);
    });

    it('the body’s user is ignored for a customer: the session decides', async () => {
      const { body } = await pricedBody(t, ana);
      const [s] = await createShipments(t, ana, { ...body, user: beto.id });
      expect(s!.user).toBe(ana.id);
    });

    it('an admin may create for a customer, with that customer’s name', async () => {
      const { body } = await pricedBody(t, beto);
      const [s] = await createShipments(t, admin, { ...body, user: beto.id });
      expect(s).toMatchObject({ user: beto.id, customer_info: { first_names: 'Beto', last_names: 'Ruiz' } });
    });

    it('an admin cannot create for an account pending approval or locked (403)', async () => {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        payload: {
          firstName: 'Pendiente',
          lastName: 'Uno',
          email: `p${randomUUID().slice(0, 8)}@correo.test`,
          phone: '3311111111',
          password: 'clave123',
          rol: 'user',
        },
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const pendingId = signUp.json<{ _id?: string; id?: string }>()._id ?? signUp.json<{ id: string }>().id;
      const { body } = await pricedBody(t, admin);
      const pending = await inject('POST', '/api/v1/shipments', admin, { ...body, user: pendingId });
      expect(pending.statusCode, pending.body).toBe(403);
      expect(pending.json<ApiError>()).toMatchObject({ code: 'shipments.account_inactive', message: shipmentMessages.accountInactive });

      const locked = await createSignedInUser(t.app, admin);
      expect((await inject('PUT', `/api/v1/users/${locked.id}`, admin, { locked: true })).statusCode).toBe(200);
      const res = await inject('POST', '/api/v1/shipments', admin, { ...body, user: locked.id });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<ApiError>().code).toBe('shipments.account_locked');
      // The locked customer's own session is refused before anything else.
      expect((await inject('POST', '/api/v1/shipments', locked, body)).statusCode).toBe(403);
    });

    it('an admin naming an account that does not exist gets 400 on user', async () => {
      const { body } = await pricedBody(t, admin);
      expectFieldError(await inject('POST', '/api/v1/shipments', admin, { ...body, user: randomUUID() }), 400, 'user');
    });
  });

  describe('bad input answers 400 naming the field', () => {
    const cases: [string, (b: Body) => Body, string, RegExp][] = [
      ['a zero measure', (b) => ({ ...b, parcels: [{ ...box, height: 0 }] }), 'parcels.0.height', /El alto debe ser mayor que 0 cm/],
      ['a negative weight', (b) => ({ ...b, parcels: [{ ...box, weight: -1 }] }), 'parcels.0.weight', /El peso debe ser mayor que 0 kg/],
      ['a description too long', (b) => ({ ...b, description_of_the_content: 'x'.repeat(36) }), 'description_of_the_content', /como máximo 35 caracteres/],
      ['no description', (b) => ({ ...b, description_of_the_content: '  ' }), 'description_of_the_content', /obligatoria/],
      [
        'a postal code with letters',
        (b) => ({ ...b, destination_direction: { ...destination, postal_code: 'ABC12' } }),
        'destination_direction.postal_code',
        /solo debe contener dígitos/,
      ],
      [
        'a postal code not in the catalogue',
        (b) => ({ ...b, destination_direction: { ...destination, postal_code: '99999' } }),
        'destination_direction.postal_code',
        /«99999» no existe/,
      ],
      [
        'an unknown service',
        (b) => ({ ...b, selected_service: { service_id: randomUUID(), net_total_amount: 100 } }),
        'selected_service.service_id',
        /no existe/,
      ],
      [
        'a service id that is not one',
        (b) => ({ ...b, selected_service: { service_id: 'dhl', net_total_amount: 100 } }),
        'selected_service.service_id',
        /Elige un servicio/,
      ],
      ['more parcels than guides', (b) => ({ ...b, parcels: [box, box], cantidadGuias: 1 }), 'parcels', /Cada guía lleva un solo paquete/],
      [
        'local pickup outside Guadalajara',
        (b) => ({ ...b, local_pickup: true, origin_direction: { ...origin, city: 'Nuevo León, Monterrey' } }),
        'local_pickup',
        /Guadalajara/,
      ],
      ['insurance without its data', (b) => ({ ...b, package_insurance: true }), 'insurance_information', /seguro son obligatorios/],
      [
        'a destination street too long',
        (b) => ({ ...b, destination_direction: { ...destination, address: 'x'.repeat(26) } }),
        'destination_direction.address',
        /La calle debe tener/,
      ],
    ];
    for (const [what, change, path, message] of cases) {
      it(`refuses ${what}`, async () => {
        const { body } = await pricedBody(t, ana);
        expectFieldError(await inject('POST', '/api/v1/shipments', ana, change(body)), 400, path, message);
      });
    }
  });

  it('POST /shipments/home/all creates several purchases in one call', async () => {
    const user = await createSignedInUser(t.app, admin);
    const one = await pricedBody(t, user);
    const two = await pricedBody(t, user, { cantidadGuias: 2 }, 'Envío Express');
    const res = await inject('POST', '/api/v1/shipments/home/all', user, { shipments: [one.body, two.body] });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ _id: string; shipments: Shipment[] }>().shipments;
    expect(created.map((s) => s.selected_service.carrier_service_name)).toEqual(['EXPRESS DOMESTIC', 'Envío Express', 'Envío Express']);
    // One stale price refuses the whole call, naming which body.
    const stale = { ...two.body, selected_service: { ...(two.body.selected_service as object), net_total_amount: 1 } };
    const refused = await inject('POST', '/api/v1/shipments/home/all', user, { shipments: [one.body, stale] });
    expectFieldError(refused, 409, 'shipments.1.selected_service.net_total_amount');
    expect((await listOf(user.id, user)).count).toBe(3);
  });
});

describe('GET, PUT and DELETE /api/v1/shipments/{id}', () => {
  let mine: Shipment;
  beforeAll(async () => {
    mine = await createOne(t, ana);
  });

  it('the owner and an admin read it; another customer gets 403; a visitor 401; unknown 404; a bad id 400', async () => {
    expect((await inject('GET', `/api/v1/shipments/${mine._id}`, ana)).json<Shipment>()._id).toBe(mine._id);
    expect((await inject('GET', `/api/v1/shipments/${mine._id}`, admin)).statusCode).toBe(200);
    expect((await inject('GET', `/api/v1/shipments/${mine._id}`, beto)).statusCode).toBe(403);
    expect((await inject('GET', `/api/v1/shipments/${mine._id}`)).statusCode).toBe(401);
    const unknown = await inject('GET', `/api/v1/shipments/${randomUUID()}`, ana);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().code).toBe('shipments.not_found');
    expectFieldError(await inject('GET', '/api/v1/shipments/no-es-un-id', ana), 400, 'id');
  });

  it('edits the description and the recipient’s name without a new quote', async () => {
    const s = await createOne(t, ana);
    const res = await inject('PUT', `/api/v1/shipments/${s._id}`, ana, {
      description_of_the_content: 'Libros',
      destination_direction: { ...destination, full_name: 'Carla Pérez' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Shipment>();
    expect(after).toMatchObject({ description_of_the_content: 'Libros', destination_direction: { full_name: 'Carla Pérez' } });
    expect(after.selected_service).toEqual(s.selected_service);
    const rows = (await listOf(ana.id, ana, '?keywords=Carla')).docs;
    expect(rows.map((r) => r._id)).toEqual([s._id]);
  });

  it('a new destination postal code needs the re-quote’s service (409), then re-prices and freezes the new snapshot', async () => {
    const s = await createOne(t, ana);
    const monterrey = { ...destination, postal_code: '64000', colony: 'Monterrey Centro', city: 'Nuevo León, Monterrey', state_code: 'NL', state_short: 'NL' };
    const refused = await inject('PUT', `/api/v1/shipments/${s._id}`, ana, { destination_direction: monterrey });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<ApiError>()).toMatchObject({ code: 'shipments.requote_required', message: shipmentMessages.requoteRequired });

    const option = optionNamed(await quoteFor(t, baseBody({ destination_direction: monterrey }), ana), 'Envío Express');
    const stale = await inject('PUT', `/api/v1/shipments/${s._id}`, ana, {
      destination_direction: monterrey,
      selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiError>().code).toBe('shipments.price_changed');

    const res = await inject('PUT', `/api/v1/shipments/${s._id}`, ana, {
      destination_direction: monterrey,
      selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Shipment>();
    expect(after.destination_direction.postal_code).toBe('64000');
    expect(after.selected_service).toMatchObject({
      service_id: option.service_id,
      carrier_service_name: 'Envío Express',
      total_amount: option.net_total_amount,
    });
    expect(after.selected_service.quoted_at >= s.selected_service.quoted_at).toBe(true);
  });

  it('new parcels need the re-quote; a shipment with two pieces is priced as two', async () => {
    const s = await createOne(t, ana);
    expect((await inject('PUT', `/api/v1/shipments/${s._id}`, ana, { parcels: [box, smallBox] })).json<ApiError>().code).toBe('shipments.requote_required');
    expect((await inject('PUT', `/api/v1/shipments/${s._id}`, ana, { shipment_type: 'pallet' })).json<ApiError>().code).toBe('shipments.requote_required');
    const option = optionNamed(await quoteFor(t, baseBody({ parcels: [box, smallBox], cantidadGuias: 2 }), ana));
    const res = await inject('PUT', `/api/v1/shipments/${s._id}`, ana, {
      parcels: [box, smallBox],
      selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Shipment>().selected_service.total_amount).toBe(option.net_total_amount);
    expect(res.json<Shipment>().parcels).toHaveLength(2);
  });

  it('refuses a document with two parcels and an empty change (400)', async () => {
    const s = await createOne(t, ana);
    expectFieldError(await inject('PUT', `/api/v1/shipments/${s._id}`, ana, { shipment_type: 'document', parcels: [box, box] }), 400, 'parcels');
    expect((await inject('PUT', `/api/v1/shipments/${s._id}`, ana, {})).statusCode).toBe(400);
    expectFieldError(await inject('PUT', `/api/v1/shipments/${s._id}`, ana, { parcels: [{ ...box, depth: -3 }] }), 400, 'parcels.0.depth');
  });

  it('another customer cannot edit or delete it (403)', async () => {
    expect((await inject('PUT', `/api/v1/shipments/${mine._id}`, beto, { description_of_the_content: 'Mío' })).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/v1/shipments/${mine._id}`, beto)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/v1/shipments/${mine._id}`)).statusCode).toBe(401);
  });

  it('a paid shipment cannot be edited nor deleted (409), but an admin records its overweight', async () => {
    const s = await createOne(t, ana);
    await markPaid(s._id);
    const edit = await inject('PUT', `/api/v1/shipments/${s._id}`, ana, { description_of_the_content: 'Otra cosa' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<ApiError>()).toMatchObject({ code: 'shipments.paid', message: shipmentMessages.paidCannotEdit });
    const del = await inject('DELETE', `/api/v1/shipments/${s._id}`, ana);
    expect(del.statusCode).toBe(409);
    expect(del.json<ApiError>()).toMatchObject({ code: 'shipments.paid', message: shipmentMessages.paidCannotDelete });

    expect((await inject('PUT', `/api/v1/shipments/${s._id}`, ana, { overweight: 2, cost_overweight: 85.4 })).statusCode).toBe(403);
    const res = await inject('PUT', `/api/v1/shipments/${s._id}`, admin, { overweight: 2.5, cost_overweight: 85.4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Shipment>()).toMatchObject({ overweight: 2.5, cost_overweight: 85.4, overweight_paid: false, status: true });
    expectFieldError(await inject('PUT', `/api/v1/shipments/${s._id}`, admin, { overweight: 2 }), 400, 'cost_overweight');
  });

  it('the owner deletes an unpaid shipment (204); then it is gone (404)', async () => {
    const s = await createOne(t, ana);
    expect((await inject('DELETE', `/api/v1/shipments/${s._id}`, ana)).statusCode).toBe(204);
    expect((await inject('GET', `/api/v1/shipments/${s._id}`, ana)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/v1/shipments/${s._id}`, ana)).statusCode).toBe(404);
  });

  it('an admin deletes a customer’s unpaid shipment', async () => {
    const s = await createOne(t, beto);
    expect((await inject('DELETE', `/api/v1/shipments/${s._id}`, admin)).statusCode).toBe(204);
  });

  it('GET /status/guide/{id} and /parcels/{id}: owner and admin, not others', async () => {
    const s = await createOne(t, ana, { parcels: [{ depth: 41, width: 31, height: 10, weight: 1 }] });
    const status = await inject('GET', `/api/v1/status/guide/${s._id}`, ana);
    expect(status.json()).toEqual({ number_guide: null, messge: 'Sin número de guía' });
    await markPaid(s._id, { numberGuide: '1234567890', trackingStatus: 'Envío en tránsito' });
    expect((await inject('GET', `/api/v1/status/guide/${s._id}`, admin)).json()).toEqual({ number_guide: '1234567890', messge: 'Envío en tránsito' });
    expect((await inject('GET', `/api/v1/status/guide/${s._id}`, beto)).statusCode).toBe(403);
    const parcels = await inject('GET', `/api/v1/parcels/${s._id}`, ana);
    expect(parcels.json()).toEqual({ _id: s._id, shipment_type: 'box', parcels: [{ depth: 41, width: 31, height: 10, weight: 1, volumetric_weight: 2.54 }] });
    expect((await inject('GET', `/api/v1/parcels/${s._id}`, beto)).statusCode).toBe(403);
    expect((await inject('GET', `/api/v1/parcels/${s._id}`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/v1/parcels/${randomUUID()}`, ana)).statusCode).toBe(404);
  });
});

describe('bulk duplicate and delete', () => {
  it('duplicates own shipments at today’s prices: unpaid, no guide, in the caller’s name', async () => {
    const user = await createSignedInUser(t.app, admin, { firstName: 'Dora', lastName: 'Vega' });
    const a = await createOne(t, user);
    const b = await createOne(t, user, { parcels: [box, smallBox], cantidadGuias: 2 });
    await markPaid(a._id, { numberGuide: 'G-1', reference: 'R-1', guideUrl: '/x.pdf' });
    // Prices move before the duplicate: the copies carry the new ones.
    const markup = await inject('PUT', '/api/v1/markups', admin, { user_id: user.id, percent: 50 });
    expect(markup.statusCode, markup.body).toBe(200);
    const res = await inject('POST', '/api/v1/shipments/all', user, { shipments: [a._id, b._id] });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<BulkResult>();
    expect(result.count).toBe(2);
    const copies = await Promise.all(result.shipments.map(async (id) => (await inject('GET', `/api/v1/shipments/${id}`, user)).json<Shipment>()));
    const now = optionNamed(await quoteFor(t, baseBody(), user));
    expect(copies[0]).toMatchObject({
      status: false,
      guide: null,
      number_guide: null,
      reference: null,
      customer_info: { first_names: 'Dora', last_names: 'Vega', email: user.email },
      destination_direction: a.destination_direction,
      parcels: a.parcels,
    });
    expect(copies[0]!.selected_service.total_amount).toBe(now.net_total_amount);
    expect(copies[0]!.selected_service.total_amount).toBeGreaterThan(a.selected_service.total_amount);
    expect(copies[0]!.numberOfOrder).toBeGreaterThan(b.numberOfOrder);
  });

  it('duplicate: another customer’s shipment is 403, an unknown one 404, an empty list 400', async () => {
    const theirs = await createOne(t, beto);
    expect((await inject('POST', '/api/v1/shipments/all', ana, { shipments: [theirs._id] })).statusCode).toBe(403);
    expectFieldError(await inject('POST', '/api/v1/shipments/all', ana, { shipments: [randomUUID()] }), 404, 'shipments.0');
    expectFieldError(await inject('POST', '/api/v1/shipments/all', ana, { shipments: [] }), 400, 'shipments');
    expect((await inject('POST', '/api/v1/shipments/all', undefined, { shipments: [theirs._id] })).statusCode).toBe(401);
  });

  it('bulk delete removes own unpaid shipments; one paid refuses the whole call naming it', async () => {
    const user = await createSignedInUser(t.app, admin);
    const [a, b, c] = [await createOne(t, user), await createOne(t, user), await createOne(t, user)];
    await markPaid(b._id);
    const refused = await inject('POST', '/api/v1/shipments/all/delete', user, { list_id: [a._id, b._id] });
    const error = expectFieldError(refused, 409, 'list_id.1');
    expect(error.message).toContain(String(b.numberOfOrder));
    expect(error.message).toContain(shipmentMessages.paidCannotDelete);
    expect((await listOf(user.id, user)).count).toBe(3);

    const res = await inject('POST', '/api/v1/shipments/all/delete', user, { list_id: [a._id, c._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BulkResult>()).toEqual({ count: 2, shipments: [a._id, c._id] });
    expect((await listOf(user.id, user)).docs.map((r) => r._id)).toEqual([b._id]);

    const theirs = await createOne(t, beto);
    expect((await inject('POST', '/api/v1/shipments/all/delete', user, { list_id: [theirs._id] })).statusCode).toBe(403);
    expectFieldError(await inject('POST', '/api/v1/shipments/all/delete', user, { list_id: [a._id] }), 404, 'list_id.0');
    expectFieldError(await inject('POST', '/api/v1/shipments/all/delete', user, { list_id: ['x'] }), 400, 'list_id.0');
  });
});

describe('lists, statistics and overweight', () => {
  let user: SignedIn;
  let made: Shipment[];
  beforeAll(async () => {
    user = await createSignedInUser(t.app, admin);
    made = [];
    made.push(await createOne(t, user));
    made.push(await createOne(t, user, { destination_direction: { ...destination, full_name: 'Zoe 100% Real' } }, 'Envío Express'));
    made.push(await createOne(t, user, { parcels: [smallBox] }, 'FEDEX STANDARD OVERNIGHT'));
    made.push(await createOne(t, user, { parcels: [smallBox] }));
    await markPaid(made[0]!._id);
    await markPaid(made[2]!._id);
  });

  it('answers the newest first, paged, for the owner and an admin; another customer 403; visitor 401', async () => {
    const page = await listOf(user.id, user, '?limit=3');
    expect(page).toMatchObject({ count: 4, page: 1, pages: 2, next: 2, previous: null });
    expect(page.docs.map((r) => r._id)).toEqual([made[3]!._id, made[2]!._id, made[1]!._id]);
    const row = page.docs[1]!;
    expect(row).toEqual({
      _id: made[2]!._id,
      created_at: made[2]!.created_at,
      numberOfOrder: made[2]!.numberOfOrder,
      destination_name: 'Bruno Díaz',
      destination_line: 'Calle Roma, 45, 2B',
      destination_postal_code: '06600',
      destination_city: 'Ciudad de México, Cuauhtémoc',
      carrier: 'FedEx',
      carrier_code: 'fedex',
      carrier_service_name: 'FEDEX STANDARD OVERNIGHT',
      service_id: made[2]!.selected_service.service_id,
      number_guide: null,
      status: true,
      tracking_status: null,
      total_transit_days: made[2]!.selected_service.total_transit_days,
      total_amount: made[2]!.selected_service.total_amount,
      currency: 'MXN',
      guide: null,
      label_printed_at: null,
    } satisfies ShipmentRow);
    expect((await listOf(user.id, admin, '?page=2&limit=3')).docs.map((r) => r._id)).toEqual([made[0]!._id]);
    expect((await inject('GET', `/api/v1/shipments/all/${user.id}`, beto)).statusCode).toBe(403);
    expect((await inject('GET', `/api/v1/shipments/all/${user.id}`)).statusCode).toBe(401);
  });

  it('filters by keywords (all must match), true/false, service and status', async () => {
    const ids = async (q: string) => (await listOf(user.id, user, q)).docs.map((r) => r._id);
    expect(await ids('?keywords=zoe')).toEqual([made[1]!._id]);
    // % and _ are plain characters, not wildcards.
    expect(await ids(`?keywords=${encodeURIComponent('100%')}`)).toEqual([made[1]!._id]);
    expect(await ids(`?keywords=${encodeURIComponent('0_%')}`)).toEqual([]);
    expect(await ids(`?keywords=${encodeURIComponent('roma, express')}`)).toEqual([made[3]!._id, made[1]!._id, made[0]!._id]);
    expect(await ids(`?keywords=${encodeURIComponent('roma,envío')}`)).toEqual([made[1]!._id]);
    expect(await ids('?keywords=true')).toEqual([made[2]!._id, made[0]!._id]);
    expect(await ids(`?keywords=${encodeURIComponent('false, domestic')}`)).toEqual([made[3]!._id]);
    expect(await ids(`?keywords=${encodeURIComponent('true,false')}`)).toEqual([]);
    expect(await ids('?status=unpaid')).toEqual([made[3]!._id, made[1]!._id]);
    expect(await ids(`?service=${made[0]!.selected_service.service_id}&status=paid`)).toEqual([made[0]!._id]);
  });

  it('the spec’s variants: /query, /filter, /guide, /carrier', async () => {
    const ids = async (path: string) => {
      const res = await inject('GET', `/api/v1/shipments/all/${user.id}/${path}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ShipmentPage>().docs.map((r) => r._id);
    };
    expect(await ids('query?filter=zoe')).toEqual([made[1]!._id]);
    expect(await ids('filter?q=zoe')).toEqual([made[1]!._id]);
    expect(await ids('guide?status=true')).toEqual([made[2]!._id, made[0]!._id]);
    expect(await ids('guide?status=false')).toEqual([made[3]!._id, made[1]!._id]);
    expect(await ids('carrier?name=fedex')).toEqual([made[2]!._id]);
    expect(await ids('carrier?name=DHL')).toEqual([made[3]!._id, made[0]!._id]);
    expect(await ids(`carrier?name=${encodeURIComponent('envío express')}`)).toEqual([made[1]!._id]);
    expect((await inject('GET', `/api/v1/shipments/all/${user.id}/guide?status=true`, beto)).statusCode).toBe(403);
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}/guide?status=quizas`, user), 400, 'status');
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}/carrier`, user), 400, 'name');
  });

  it('refuses a bad page, size or keyword (400 naming the field)', async () => {
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}?page=0`, user), 400, 'page');
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}?page=dos`, user), 400, 'page');
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}?limit=500`, user), 400, 'limit');
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}?service=dhl`, user), 400, 'service');
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}?keywords=${'x'.repeat(36)}`, user), 400, 'keywords');
    expectFieldError(await inject('GET', `/api/v1/shipments/all/${user.id}/query?filter=${'x'.repeat(36)}`, user), 400, 'filter');
    expectFieldError(await inject('GET', '/api/v1/shipments/all/no-es-un-id', admin), 400, 'userId');
  });

  it('a page past the end is empty but keeps the count', async () => {
    expect(await listOf(user.id, user, '?page=9')).toMatchObject({ docs: [], count: 4, page: 9, pages: 1, next: null, previous: 1 });
  });

  it('carrier services: the user’s own, and the whole enabled catalogue for anyone signed in', async () => {
    const used = await inject('GET', `/api/v1/shipments/all/${user.id}/carrier-services`, user);
    expect(used.statusCode, used.body).toBe(200);
    expect(
      used
        .json<CarrierServiceOption[]>()
        .map((s) => s.label)
        .sort(),
    ).toEqual(['DHL - EXPRESS DOMESTIC', 'Estafeta - Envío Express', 'FedEx - FEDEX STANDARD OVERNIGHT'].sort());
    expect((await inject('GET', `/api/v1/shipments/all/${user.id}/carrier-services`, beto)).statusCode).toBe(403);
    const all = await inject('GET', '/api/v1/shipments/all-carrier-services', beto);
    expect(all.statusCode).toBe(200);
    const catalogue = all.json<CarrierServiceOption[]>();
    expect(catalogue.length).toBeGreaterThan(10);
    expect(catalogue.find((s) => s.carrier_service_name === 'EXPRESS DOMESTIC')).toMatchObject({
      carrier: 'DHL',
      carrier_code: 'dhl',
      label: 'DHL - EXPRESS DOMESTIC',
    });
    expect((await inject('GET', '/api/v1/shipments/all-carrier-services')).statusCode).toBe(401);
  });

  it('last shipments: newest first, the search trimmed and matched like keywords', async () => {
    const last = await inject('GET', `/api/v1/last/shipment/${user.id}?limit=2`, user);
    expect(last.json<ShipmentRow[]>().map((r) => r._id)).toEqual([made[3]!._id, made[2]!._id]);
    const found = await inject('GET', `/api/v1/last/shipment/${user.id}?search=${encodeURIComponent('  zoe  ')}`, admin);
    expect(found.json<ShipmentRow[]>().map((r) => r._id)).toEqual([made[1]!._id]);
    expect((await inject('GET', `/api/v1/last/shipment/${user.id}`, beto)).statusCode).toBe(403);
    expectFieldError(await inject('GET', `/api/v1/last/shipment/${user.id}?limit=0`, user), 400, 'limit');
  });

  it('statistics are exact to the centavo; «Envíos por paquetería» counts paid guides only', async () => {
    const res = await inject('GET', `/api/v1/shipments/stats/${user.id}`, user);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<ShipmentStats>();
    const total = (list: Shipment[]) => list.reduce((n, s) => n + cents(s.selected_service.total_amount), 0) / 100;
    const paid = [made[0]!, made[2]!];
    const unpaid = [made[1]!, made[3]!];
    expect(stats.payment_status).toEqual({ unpaid_guide: 2, paid_guide: 2, unpaid_amount: total(unpaid), paid_amount: total(paid) });
    expect(stats.totals).toEqual({ guides: 2, cost: total(paid) });
    const byCode = Object.fromEntries(stats.per_carrier.map((c) => [c.carrier_code, c]));
    // made[3] is DHL too, but unpaid: not a guide yet.
    expect(byCode.dhl).toEqual({ carrier_code: 'dhl', carrier: 'DHL', guides: 1, cost: total([made[0]!]) });
    expect(byCode.fedex).toEqual({ carrier_code: 'fedex', carrier: 'FedEx', guides: 1, cost: total([made[2]!]) });
    expect(byCode.redpack).toEqual({ carrier_code: 'redpack', carrier: 'Redpack', guides: 0, cost: 0 });
    expect((await inject('GET', `/api/v1/shipments/stats/${user.id}`, admin)).json()).toEqual(stats);
    expect((await inject('GET', `/api/v1/shipments/stats/${user.id}`, beto)).statusCode).toBe(403);
    expect((await inject('GET', `/api/v1/shipments/stats/${user.id}`)).statusCode).toBe(401);
  });

  it('unpaid overweight of paid shipments is listed and added once to a signed-in quote', async () => {
    const owedUrl = `/api/v1/shipments/all/${user.id}/overweight`;
    expect((await inject('GET', owedUrl, user)).json<OverweightOwed>()).toEqual({ docs: [], total_cost_overweight: 0 });
    await inject('PUT', `/api/v1/shipments/${made[0]!._id}`, admin, { overweight: 2, cost_overweight: 85.4 });
    await inject('PUT', `/api/v1/shipments/${made[2]!._id}`, admin, { overweight: 1.5, cost_overweight: 0.2 });
    // Overweight is measured on a shipped guide: an unpaid shipment has none to record.
    expect((await inject('PUT', `/api/v1/shipments/${made[1]!._id}`, admin, { overweight: 3, cost_overweight: 50 })).statusCode).toBe(409);
    const owed = (await inject('GET', owedUrl, user)).json<OverweightOwed>();
    expect(owed.total_cost_overweight).toBe(85.6);
    expect(owed.docs).toEqual([
      { _id: made[0]!._id, numberOfOrder: made[0]!.numberOfOrder, number_guide: null, overweight: 2, cost_overweight: 85.4 },
      { _id: made[2]!._id, numberOfOrder: made[2]!.numberOfOrder, number_guide: null, overweight: 1.5, cost_overweight: 0.2 },
    ]);
    expect((await inject('GET', owedUrl, admin)).statusCode).toBe(200);
    expect((await inject('GET', owedUrl, beto)).statusCode).toBe(403);

    const quote = (await quoteFor(t, baseBody({ cantidadGuias: 2 }), user)) satisfies QuoteResponse;
    for (const o of quote.options) {
      expect(o.overweight_amount).toBe(85.6);
      expect(cents(o.total_amount)).toBe(cents(o.net_total_amount) + 85_60);
    }
    // The creation compares the guides alone: the overweight is charged at payment.
    const { body } = await pricedBody(t, user);
    await createShipments(t, user, body);

    await t.database.db.update(shipments).set({ overweightPaid: true }).where(eq(shipments.id, made[0]!._id));
    expect((await inject('GET', owedUrl, user)).json<OverweightOwed>().total_cost_overweight).toBe(0.2);
  });
});
