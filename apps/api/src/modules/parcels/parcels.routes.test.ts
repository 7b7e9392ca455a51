import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type ApiError } from '@envios/contracts/errors';
import type { ParcelTemplate, ParcelTemplateInput } from '@envios/contracts/parcels';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { findParcelTemplateByName, parcelTemplatesByName } from './parcels.usecases.js';

const clock = manualClock();
let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock } });
  admin = await signInAdmin(t.app);
  owner = await createSignedInUser(t.app, admin);
  other = await createSignedInUser(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as string }) });

const sample: ParcelTemplateInput = {
  name: 'Caja mediana',
  shipment_type: 'box',
  width: 30.2,
  depth: 20,
  height: 15,
  weight: 2.53,
  description: 'Ropa',
  insured_value: 1500,
};

async function save(who: SignedIn, data: Partial<ParcelTemplateInput> = {}): Promise<ParcelTemplate> {
  clock.advance(1000);
  const res = await call('POST', '/api/v1/parcel-templates', who, { ...sample, ...data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParcelTemplate>();
}

describe('package templates', () => {
  it('saves a template for the caller with the quote’s rounding (whole cm, 0.1 kg) and lists it', async () => {
    const saved = await save(owner);
    expect(saved).toMatchObject({
      name: 'Caja mediana',
      shipment_type: 'box',
      width: 31,
      depth: 20,
      height: 15,
      weight: 2.6,
      description: 'Ropa',
      insured_value: 1500,
      user: owner.id,
    });
    const list = await call('GET', '/api/v1/parcel-templates', owner);
    expect(list.json<ParcelTemplate[]>().map((p) => p._id)).toContain(saved._id);
    expect((await call('GET', '/api/v1/parcel-templates', other)).json<ParcelTemplate[]>().some((p) => p._id === saved._id)).toBe(false);
  });

  it('fills a sobre’s measures from the preset and keeps no insurance when none is given', async () => {
    const saved = await save(owner, {
      name: 'Sobre documentos',
      shipment_type: 'document',
      width: undefined,
      depth: undefined,
      height: undefined,
      weight: 0.3,
      insured_value: undefined,
    });
    expect(saved).toMatchObject({ shipment_type: 'document', width: 25, depth: 1, height: 1, weight: 0.3, insured_value: null });
  });

  it('refuses a second template with the same name (case and accents ignored) with 409 naming the field', async () => {
    await save(owner, { name: 'Tarima grande', shipment_type: 'pallet' });
    const res = await call('POST', '/api/v1/parcel-templates', owner, { ...sample, name: 'tarima  GRANDE' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>()).toMatchObject({ code: 'parcels.name_taken', errors: [{ path: 'name' }] });
    // Another account may use the same name.
    await save(other, { name: 'Tarima grande' });
  });

  it.each([
    ['name', { name: ' ' }, 'El nombre del paquete es obligatorio.'],
    ['width', { width: undefined }, 'El largo es obligatorio.'],
    ['weight', { weight: 0 }, 'El peso debe ser mayor que 0 kg.'],
    ['height', { height: 301 }, 'El alto debe ser como máximo 300 cm.'],
    ['description', { description: '' }, 'La descripción del contenido es obligatoria.'],
    ['insured_value', { insured_value: -5 }, 'El valor asegurado debe ser mayor que 0.'],
  ])('answers 400 naming %s for bad input', async (field, change, message) => {
    const res = await call('POST', '/api/v1/parcel-templates', owner, { ...sample, name: `Nuevo ${field}`, ...change });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ApiError>();
    expect(body.code).toBe(errorCodes.validation);
    expect(body.errors).toContainEqual({ path: field, message });
  });

  it('lets the owner and an admin read, edit and delete; another user gets 403 and a visitor 401', async () => {
    const saved = await save(owner, { name: 'Para editar' });
    const url = `/api/v1/parcel-templates/${saved._id}`;
    expect((await call('GET', url, other)).statusCode).toBe(403);
    expect((await call('PUT', url, other, sample)).statusCode).toBe(403);
    expect((await call('DELETE', url, other)).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/parcel-templates')).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/parcel-templates?user=${owner.id}`, other)).statusCode).toBe(403);
    const edited = await call('PUT', url, owner, { ...sample, name: 'Editado', weight: 4 });
    expect(edited.json<ParcelTemplate>()).toMatchObject({ name: 'Editado', weight: 4, user: owner.id });
    expect((await call('PUT', url, admin, { ...sample, name: 'Editado por admin' })).json<ParcelTemplate>().user).toBe(owner.id);
    expect((await call('DELETE', url, owner)).statusCode).toBe(200);
    expect((await call('GET', url, owner)).statusCode).toBe(404);
  });

  it('refuses renaming onto another template’s name', async () => {
    const a = await save(owner, { name: 'Uno' });
    await save(owner, { name: 'Dos' });
    const res = await call('PUT', `/api/v1/parcel-templates/${a._id}`, owner, { ...sample, name: 'DOS' });
    expect(res.statusCode).toBe(409);
  });

  it('is found by name by other modules, case and accents ignored', async () => {
    await save(owner, { name: 'Caja Pequeña' });
    expect((await findParcelTemplateByName(t.database.db, owner.id, 'caja pequena'))?.name).toBe('Caja Pequeña');
    expect(await findParcelTemplateByName(t.database.db, other.id, 'caja pequena')).toBeUndefined();
    expect((await parcelTemplatesByName(t.database.db, owner.id)).get('caja pequena')?.width).toBe(31);
  });
});
