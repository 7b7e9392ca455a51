import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { createPickupsForPaidShipments, setPickupTrackingNumber } from './pickups.usecases.js';

let t: TestApp;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  user = await createSignedInUser(t.app, await signInAdmin(t.app));
});
afterAll(async () => {
  await t.close();
});

interface Row {
  user_id: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  tracking_number: string;
  address: string | null;
  status: string;
}
const pickupsOf = (shipmentId: string) => t.database.query<Row>('select * from pickups where shipment_id = $1', [shipmentId]);

describe('createPickupsForPaidShipments', () => {
  it('creates one Pendiente pickup per local-pickup shipment, from the origin, once', async () => {
    const local = await createOne(t, user, { local_pickup: true });
    const plain = await createOne(t, user);
    const now = new Date('2026-03-10T18:00:00Z');
    await t.database.db.transaction(async (tx) => {
      expect(await createPickupsForPaidShipments(tx, [local._id, plain._id, local._id], now)).toBe(1);
    });
    expect(await createPickupsForPaidShipments(t.database.db, [local._id], now)).toBe(0);
    const [row] = await pickupsOf(local._id);
    expect(row).toMatchObject({
      user_id: user.id,
      name: 'Ana López',
      email: 'ana@correo.test',
      phone: '3312345678',
      service: 'EXPRESS DOMESTIC',
      tracking_number: String(local.numberOfOrder),
      address: 'Av. Juárez 123, Guadalajara Centro, 44100 Jalisco, Guadalajara, JAL',
      status: 'Pendiente',
    });
    expect(await pickupsOf(plain._id)).toEqual([]);
    expect(await createPickupsForPaidShipments(t.database.db, [], now)).toBe(0);
  });

  it('uses the guide number once it exists, and the guide job can set it later', async () => {
    const local = await createOne(t, user, { local_pickup: true });
    await t.database.db.execute(sql`update shipments set number_guide = '1234567890' where id = ${local._id}`);
    await createPickupsForPaidShipments(t.database.db, [local._id], new Date());
    expect((await pickupsOf(local._id))[0]!.tracking_number).toBe('1234567890');
    await setPickupTrackingNumber(t.database.db, local._id, '9999999999');
    expect((await pickupsOf(local._id))[0]!.tracking_number).toBe('9999999999');
  });
});
