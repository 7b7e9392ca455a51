import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type ApiError } from '@envios/contracts/errors';
import { SAVED_LOCATIONS_MAX, type SavedLocation, type SavedLocationInput } from '@envios/contracts/addresses';
import { manualClock } from '../../shared/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { savedLocations } from './addresses.table.js';

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

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const sample: SavedLocationInput = {
  name: '  Bodega Centro ',
  email: 'bodega@correo.test',
  phone: '3312345678',
  address: 'Av. Juárez',
  number: '123',
  intNumber: '4B',
  reference_of_origin: 'Frente al parque',
  colony: 'Guadalajara Centro',
  postal_code: '44100',
  city: 'Jalisco, Guadalajara',
  state_code: 'JAL',
};

async function save(who: SignedIn, data: Partial<SavedLocationInput> = {}): Promise<SavedLocation> {
  clock.advance(1000);
  const res = await call('POST', '/api/v1/locations-user', who, { ...sample, ...data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedLocation>();
}

async function list(who: SignedIn, query = ''): Promise<SavedLocation[]> {
  const res = await call('GET', `/api/v1/locations-user${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedLocation[]>();
}

describe('POST /locations-user', () => {
  it('saves the address for the caller, trimmed, with the street line joined and Mexico by default', async () => {
    const saved = await save(owner);
    expect(saved).toMatchObject({
      name: 'Bodega Centro',
      address: 'Av. Juárez, 123, 4B',
      street: 'Av. Juárez',
      number: '123',
      intNumber: '4B',
      address_line: 'Av. Juárez, 123, 4B',
      colony: 'Guadalajara Centro',
      postal_code: '44100',
      city: 'Jalisco, Guadalajara',
      country_code: 'MX',
      user: owner.id,
    });
  });

  it("saves the spec's body as its table names it: `address` joins street, exterior and interior number, with no `number`", async () => {
    // Exactly the fields of the spec's table: name, email, phone, address, colony, reference_of_origin, postal_code, city, user, country_code.
    const spec = {
      name: 'Oficina Roma',
      email: 'oficina@correo.test',
      phone: '5512345678',
      address: 'Calle Roma, 25, 3',
      colony: 'Roma Norte',
      reference_of_origin: 'Portón negro',
      postal_code: '06700',
      city: 'Ciudad de México, Cuauhtémoc',
      user: owner.id,
      country_code: 'MX',
    };
    clock.advance(1000);
    const res = await call('POST', '/api/v1/locations-user', owner, spec);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<SavedLocation>();
    expect(saved).toMatchObject({
      address: 'Calle Roma, 25, 3',
      street: 'Calle Roma',
      number: '25',
      intNumber: '3',
      address_line: 'Calle Roma, 25, 3',
      user: owner.id,
    });

    // Without an interior number, and read back in both forms.
    const update = await call('PUT', `/api/v1/locations-user/${saved._id}`, owner, { ...spec, address: 'Calle Roma, 27' });
    expect(update.statusCode, update.body).toBe(200);
    const [read] = (await list(owner)).filter((l) => l._id === saved._id);
    expect(read).toMatchObject({ address: 'Calle Roma, 27', street: 'Calle Roma', number: '27', intNumber: '' });

    // A record read and sent back as it came (joined `address` and the parts) keeps one street.
    const roundTrip = await call('PUT', `/api/v1/locations-user/${saved._id}`, owner, {
      ...read,
      _id: undefined,
      created_at: undefined,
      updated_at: undefined,
    });
    expect(roundTrip.statusCode, roundTrip.body).toBe(200);
    expect(roundTrip.json<SavedLocation>()).toMatchObject({ address: 'Calle Roma, 27', street: 'Calle Roma', number: '27' });
  });

  it.each([
    [{ address: 'Calle Roma' }, 'La dirección debe llevar la calle y el número exterior separados por comas, por ejemplo «Av. Juárez, 123, 4B».'],
    [{ address: 'Calle Roma, 123456' }, 'El número exterior debe tener como máximo 5 caracteres.'],
    [{ address: 'C, 25' }, 'La calle debe tener entre 2 y 25 caracteres.'],
    [{ address: undefined }, 'La dirección es obligatoria.'],
  ])("answers 400 naming `address` when the spec's joined line is wrong: %o", async (change, message) => {
    const { number: _n, intNumber: _i, ...specForm } = sample;
    const res = await call('POST', '/api/v1/locations-user', owner, { ...specForm, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiError>().errors).toContainEqual({ path: 'address', message });
  });

  it('ignores a `user` sent by a regular user: the caller always owns what they save', async () => {
    const saved = await save(other, { name: 'Casa', user: owner.id });
    expect(saved.user).toBe(other.id);
  });

  it('lets an admin save for another user, and refuses an account that does not exist', async () => {
    const saved = await save(admin, { name: 'Sucursal', user: owner.id });
    expect(saved.user).toBe(owner.id);
    const res = await call('POST', '/api/v1/locations-user', admin, { ...sample, user: UNKNOWN_ID });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().errors?.[0]?.path).toBe('user');
  });

  it.each([
    ['phone', { phone: '33-abc-1234' }, 'El teléfono solo debe contener dígitos.'],
    ['address', { address: 'Calle con un nombre larguísimo' }, 'La calle debe tener entre 2 y 25 caracteres.'],
    ['postal_code', { postal_code: '44A00' }, 'El código postal solo debe contener dígitos.'],
    ['postal_code', { postal_code: '1234567890123' }, 'El código postal debe tener como máximo 12 dígitos.'],
    ['email', { email: 'no-es-correo' }, 'Debes introducir un correo electrónico válido'],
    ['name', { name: ' ' }, 'El nombre es obligatorio.'],
    ['number', { number: '' }, 'El número exterior es obligatorio.'],
  ])('answers 400 naming the field %s for bad input', async (field, change, message) => {
    const res = await call('POST', '/api/v1/locations-user', owner, { ...sample, ...change });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ApiError>();
    expect(body.code).toBe(errorCodes.validation);
    expect(body.errors).toContainEqual({ path: field, message });
    expect(body.message).toContain(message);
  });

  it('refuses a visitor with 401', async () => {
    expect((await call('POST', '/api/v1/locations-user', undefined, sample)).statusCode).toBe(401);
  });
});

describe('GET /locations-user', () => {
  it("lists only the caller's addresses, newest first", async () => {
    const first = await save(owner, { name: 'Primera' });
    const second = await save(owner, { name: 'Segunda' });
    const mine = await list(owner);
    expect(mine.every((l) => l.user === owner.id)).toBe(true);
    expect(mine.slice(0, 2).map((l) => l._id)).toEqual([second._id, first._id]);
    expect((await list(other)).every((l) => l.user === other.id)).toBe(true);
  });

  it('filters by name, street, colony or postal code', async () => {
    await save(owner, { name: 'Oficina Zapopan', colony: 'Ciudad Granja', postal_code: '45010' });
    expect((await list(owner, '?search=zapopan')).map((l) => l.name)).toEqual(['Oficina Zapopan']);
    expect((await list(owner, '?search=granja')).map((l) => l.name)).toEqual(['Oficina Zapopan']);
    expect((await list(owner, '?search=4501')).map((l) => l.name)).toEqual(['Oficina Zapopan']);
    expect(await list(owner, '?search=100%25')).toEqual([]);
  });

  it("answers 403 for someone else's ?user=, and lets an admin read any user's list", async () => {
    expect((await call('GET', `/api/v1/locations-user?user=${owner.id}`, other)).statusCode).toBe(403);
    expect((await list(owner, `?user=${owner.id}`)).length).toBeGreaterThan(0);
    const seen = await list(admin, `?user=${owner.id}`);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((l) => l.user === owner.id)).toBe(true);
  });

  it('answers 400 naming the field for a bad ?user=, and 401 to a visitor', async () => {
    const res = await call('GET', '/api/v1/locations-user?user=nadie', owner);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().errors?.[0]?.path).toBe('user');
    expect((await call('GET', '/api/v1/locations-user')).statusCode).toBe(401);
  });
});

describe('GET /locations-user/{id}', () => {
  it('answers the owner and an admin, 403 to another user, 404 for an unknown id, 401 to a visitor', async () => {
    const saved = await save(owner);
    const url = `/api/v1/locations-user/${saved._id}`;
    const mine = await call('GET', url, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<SavedLocation>()).toEqual(saved);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    const forbidden = await call('GET', url, other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<ApiError>().message).toBe('No tienes permiso para realizar esta acción.');
    const missing = await call('GET', `/api/v1/locations-user/${UNKNOWN_ID}`, owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiError>()).toMatchObject({ code: 'addresses.not_found', message: 'La dirección no existe.' });
    expect((await call('GET', url)).statusCode).toBe(401);
  });

  it('answers 400 naming the id when it is not an identifier', async () => {
    const res = await call('GET', '/api/v1/locations-user/abc', owner);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().errors?.[0]?.path).toBe('id');
  });
});

describe('PUT /locations-user/{id}', () => {
  it('replaces the fields for the owner and keeps the owner', async () => {
    const saved = await save(owner);
    clock.advance(1000);
    const res = await call('PUT', `/api/v1/locations-user/${saved._id}`, owner, { ...sample, name: 'Nueva', intNumber: '', user: other.id });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<SavedLocation>();
    expect(updated).toMatchObject({ _id: saved._id, name: 'Nueva', address_line: 'Av. Juárez, 123', user: owner.id, created_at: saved.created_at });
    expect(updated.updated_at > saved.updated_at).toBe(true);
  });

  it('lets an admin edit, answers 403 to another user, 404 when unknown, 400 for bad input, 401 to a visitor', async () => {
    const saved = await save(owner);
    const url = `/api/v1/locations-user/${saved._id}`;
    expect((await call('PUT', url, admin, { ...sample, name: 'Por admin' })).json<SavedLocation>()).toMatchObject({ name: 'Por admin', user: owner.id });
    expect((await call('PUT', url, other, sample)).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/locations-user/${UNKNOWN_ID}`, owner, sample)).statusCode).toBe(404);
    const bad = await call('PUT', url, owner, { ...sample, phone: 'tel' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().errors?.[0]?.path).toBe('phone');
    expect((await call('PUT', url, undefined, sample)).statusCode).toBe(401);
    expect((await call('GET', url, owner)).json<SavedLocation>().name).toBe('Por admin');
  });
});

describe('DELETE /locations-user/{id}', () => {
  it('deletes for the owner (then 404), answers 403 to another user and 401 to a visitor', async () => {
    const saved = await save(owner);
    const url = `/api/v1/locations-user/${saved._id}`;
    expect((await call('DELETE', url, other)).statusCode).toBe(403);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const res = await call('DELETE', url, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json<SavedLocation>()._id).toBe(saved._id);
    expect((await call('GET', url, owner)).statusCode).toBe(404);
    expect((await call('DELETE', url, owner)).statusCode).toBe(404);
  });

  it("lets an admin delete anyone's address", async () => {
    const saved = await save(other);
    expect((await call('DELETE', `/api/v1/locations-user/${saved._id}`, admin)).statusCode).toBe(200);
    expect((await list(other)).some((l) => l._id === saved._id)).toBe(false);
  });
});

describe(`at most ${SAVED_LOCATIONS_MAX} addresses per user`, () => {
  it('answers 409 addresses.too_many with a Spanish message once the cap is reached, and saves again after a delete', async () => {
    const user = await createSignedInUser(t.app, admin);
    const now = clock.now();
    await t.database.db.insert(savedLocations).values(
      Array.from({ length: SAVED_LOCATIONS_MAX - 1 }, (_, i) => ({
        userId: user.id,
        name: `Dirección ${i}`,
        email: 'a@correo.test',
        phone: '3312345678',
        street: 'Calle',
        number: '1',
        colony: 'Centro',
        postalCode: '44100',
        city: 'Jalisco, Guadalajara',
        createdAt: now,
        updatedAt: now,
      })),
    );
    const last = await save(user);
    const refused = await call('POST', '/api/v1/locations-user', user, sample);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>()).toMatchObject({ code: 'addresses.too_many' });
    expect(refused.json<ApiError>().message).toMatch(/máximo/);
    expect(await list(user)).toHaveLength(SAVED_LOCATIONS_MAX);
    expect((await call('DELETE', `/api/v1/locations-user/${last._id}`, user)).statusCode).toBe(200);
    await save(user);
  });
});
