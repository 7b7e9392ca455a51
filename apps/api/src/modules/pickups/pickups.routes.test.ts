import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Pickup, PickupList } from '@envios/contracts/pickups';
import type { Shipment } from '@envios/contracts/shipments';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { createPickupsForPaidShipments } from './pickups.usecases.js';

let t: TestApp;
let admin: SignedIn;
let ana: SignedIn;
let beto: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
  ana = await createSignedInUser(t.app, admin);
  beto = await createSignedInUser(t.app, admin, { firstName: 'Beto' });
});
afterAll(async () => {
  await t.close();
});

async function paid(who: SignedIn, guide?: string): Promise<Shipment> {
  const shipment = await createOne(t, who);
  await t.database.db.execute(sql`update shipments set paid = true, paid_at = now(), number_guide = ${guide ?? null} where id = ${shipment._id}`);
  return shipment;
}

const body = (tracking: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Ana López',
  email: 'ana@correo.test',
  phone: '3312345678',
  service: 'EXPRESS DOMESTIC',
  tracking_number: tracking,
  ...overrides,
});

const create = (who: SignedIn, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/recolecciones/create', headers: who.headers, payload });
const list = async (who: SignedIn, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/recolecciones${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PickupList>();
};

describe('POST /api/v1/recolecciones/create', () => {
  it('creates a pickup for the caller’s own paid shipment, once per shipment', async () => {
    const shipment = await paid(ana);
    const first = await create(ana, body(String(shipment.numberOfOrder)));
    expect(first.statusCode, first.body).toBe(201);
    const pickup = first.json<{ data: Pickup }>().data;
    expect(pickup).toMatchObject({
      status: 'Pendiente',
      active: true,
      shipment: shipment._id,
      user: ana.id,
      tracking_number: String(shipment.numberOfOrder),
      name: 'Ana López',
    });
    expect(pickup.address).toContain('Av. Juárez 123');
    const again = await create(ana, body(shipment._id));
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: Pickup }>().data._id).toBe(pickup._id);

    // A user cannot create a pickup already 'Completado' or inactive: it always starts Pendiente and active.
    const byGuide = await paid(ana, '5584773180');
    const res = await create(ana, body('5584773180', { status: 'Completado', active: false }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Pickup }>().data).toMatchObject({ shipment: byGuide._id, status: 'Pendiente', active: true });
  });

  it('refuses another user’s shipment (403), an unpaid one (409) and an unknown number (404)', async () => {
    const betos = await paid(beto);
    const forbidden = await create(ana, body(betos._id));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'auth.forbidden', errors: [{ path: 'tracking_number' }] });
    const unpaid = await createOne(t, ana);
    const notPaid = await create(ana, body(String(unpaid.numberOfOrder)));
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ code: 'pickups.shipment_not_paid', message: 'La recolección se solicita cuando el envío está pagado.' });
    expect((await create(ana, body('0000000000'))).statusCode).toBe(404);
  });

  it('lets an admin ask for any shipment, paid or not', async () => {
    const unpaid = await createOne(t, beto);
    const res = await create(admin, body(unpaid._id, { name: 'Beto', email: 'beto@correo.test', status: 'En Progreso' }));
    expect(res.statusCode, res.body).toBe(201);
    // An admin may set the status from the start.
    expect(res.json<{ data: Pickup }>().data).toMatchObject({ user: beto.id, shipment: unpaid._id, status: 'En Progreso' });
  });

  it('answers 400 naming the field for bad input', async () => {
    const missing = await create(ana, body('1000', { email: 'no-es-correo' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain('email');
    const status = await create(ana, body('1000', { status: 'Listo' }));
    expect(status.statusCode).toBe(400);
    expect(status.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain('status');
    const noTracking = await create(ana, { ...body('x'), tracking_number: undefined });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual({
      path: 'tracking_number',
      message: 'El número de guía es obligatorio.',
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/recolecciones/create', payload: body('1') })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/recolecciones', () => {
  it('shows a user only their own, an admin all; searches name, e-mail or service regardless of case; filters by status', async () => {
    const local = await createOne(t, beto, { local_pickup: true });
    await createPickupsForPaidShipments(t.database.db, [local._id], new Date());

    const mine = await list(beto);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((p) => p.user === beto.id)).toBe(true);
    const all = await list(admin);
    expect(new Set(all.data.map((p) => p.user))).toEqual(new Set([ana.id, beto.id]));
    expect(all.count).toBe(all.data.length);
    expect(all.pages).toBe(1);

    expect((await list(admin, '?search=BETO@CORREO')).data.map((p) => p.email)).toEqual(['beto@correo.test']);
    expect((await list(admin, '?search=express%20domestic')).count).toBe(all.count);
    expect((await list(admin, '?search=ana%20l')).data.every((p) => p.name === 'Ana López')).toBe(true);
    expect((await list(admin, '?search=100%25')).count).toBe(0);
    const inProgress = await list(admin, '?status=En%20Progreso');
    expect(inProgress.data.map((p) => p.status)).toEqual(['En Progreso']);

    const paged = await list(admin, '?limit=1&page=2');
    expect(paged).toMatchObject({ page: 2, pages: all.count, count: all.count });
    expect(paged.data).toHaveLength(1);
  });

  it('answers 400 for a bad status filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/recolecciones?status=Otro', headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain('status');
  });
});

describe('GET /api/v1/recolecciones/:id and PUT /:id/status', () => {
  it('shows one pickup to its owner and admins, not to others; only admins change the status, to any status', async () => {
    const mine = (await list(ana)).data[0]!;
    const url = `/api/v1/recolecciones/${mine._id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: ana.headers })).json<{ data: Pickup }>().data._id).toBe(mine._id);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: beto.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/recolecciones/not-a-uuid', headers: admin.headers })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/recolecciones/00000000-0000-4000-8000-000000000000', headers: admin.headers })).json(),
    ).toMatchObject({
      code: 'pickups.not_found',
    });

    const put = (who: SignedIn, status: unknown, id = mine._id) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/recolecciones/${id}/status`, headers: who.headers, payload: { status } });
    expect((await put(ana, 'Completado')).statusCode).toBe(403);
    for (const status of ['Completado', 'Pendiente', 'Cancelado', 'En Progreso']) {
      const res = await put(admin, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: Pickup }>().data.status).toBe(status);
    }
    const bad = await put(admin, 'Entregado');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain('status');
    expect((await put(admin, 'Completado', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
