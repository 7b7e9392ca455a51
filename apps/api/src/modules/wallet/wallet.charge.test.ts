import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { walletErrorCodes, type WalletList } from '@envios/contracts/wallet';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { AppError } from '../../shared/errors.js';
import { charge } from './wallet.usecases.js';
import { walletEntries, wallets } from './wallet.table.js';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

async function fundedUser(pesos: number): Promise<SignedIn> {
  const user = await createSignedInUser(t.app, admin);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/prepaid/createPrepaid',
    headers: admin.headers,
    payload: { cantidadAbonar: pesos, userId: user.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

async function ledger(userId: string): Promise<{ balance: number; sumPaid: number }> {
  const [w] = await t.database.db.select({ balance: wallets.balanceCentavos }).from(wallets).where(eq(wallets.userId, userId));
  const [s] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amountCentavos}) filter (where ${walletEntries.paid}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return { balance: w?.balance ?? 0, sumPaid: Number(s?.sum ?? 0) };
}

describe('charge', () => {
  it('50 concurrent charges of MX$10 against MX$100: exactly 10 succeed, the balance ends at 0', async () => {
    const user = await fundedUser(100);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => t.database.db.transaction((tx) => charge(tx, user.id, 1000, { shipmentIds: [], now: new Date() }))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ statusCode: 409, code: walletErrorCodes.insufficientBalance });
      expect((r.reason as AppError).message).toMatch(/^Saldo insuficiente en tu monedero: /);
    }
    expect(await ledger(user.id)).toEqual({ balance: 0, sumPaid: 0 });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/prepaid?user=${user.id}&limit=100`, headers: user.headers });
    const docs = res.json<WalletList>().docs;
    expect(docs.filter((d) => d.type === 'cargo')).toHaveLength(10);
    expect(docs.every((d) => d.type !== 'cargo' || (d.movement === 'Cargo' && d.amount === -10 && d.status))).toBe(true);
  });

  it('refuses a charge above the balance and leaves everything as it was', async () => {
    const user = await fundedUser(25.5);
    await expect(t.database.db.transaction((tx) => charge(tx, user.id, 2551, { shipmentIds: [], now: new Date() }))).rejects.toMatchObject({
      statusCode: 409,
      message: 'Saldo insuficiente en tu monedero: tienes MX$25.50 y el total a pagar es MX$25.51.',
    });
    const stranger = await createSignedInUser(t.app, admin);
    await expect(t.database.db.transaction((tx) => charge(tx, stranger.id, 1, { shipmentIds: [], now: new Date() }))).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await ledger(user.id)).toEqual({ balance: 2550, sumPaid: 2550 });
  });

  it('rolls back with the caller’s transaction, and pays overweight as its own movement', async () => {
    const user = await fundedUser(50);
    await expect(
      t.database.db.transaction(async (tx) => {
        await charge(tx, user.id, 1000, { shipmentIds: [], now: new Date() });
        throw new Error('payment failed later');
      }),
    ).rejects.toThrow('payment failed later');
    expect(await ledger(user.id)).toEqual({ balance: 5000, sumPaid: 5000 });
    const [entry] = await t.database.db.transaction((tx) => charge(tx, user.id, 1234, { shipmentIds: [], type: 'pago_sobrepeso', now: new Date() }));
    expect(entry).toMatchObject({ type: 'pago_sobrepeso', movement: 'Pago sobrepeso', amount: -12.34, status: true, provider: 'wallet' });
    expect(await ledger(user.id)).toEqual({ balance: 3766, sumPaid: 3766 });
  });
});
