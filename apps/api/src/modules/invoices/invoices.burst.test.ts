import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../shared/clock.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createFacturapiClient } from './adapters/facturapi-client.js';
import { FACTURAPI_FAKE_KEY, startFacturapiFake, type FacturapiFake } from './adapters/fakes/facturapi.fake.js';
import { createRateLimiter, rateLimited, StampUnavailableError, type StampingService } from './adapters/stamping-service.js';
import { COMPANY_TAX, invoiceOfPayment, setTaxData, topUpAtOxxo } from './invoices.testing.js';

/**
 * A burst of confirmed payments through the started worker (several jobs at once, places refilled
 * as they end) against Facturapi's fake: each payment is stamped once; the one whose call the
 * service fails is retried alone, later, and stamped once too.
 */

const RATE = 30;
let fake: FacturapiFake;
let t: TestApp;
let admin: SignedIn;
const clock = manualClock(new Date());
/** Payment ids whose next stamping call fails as a 503 would (then they pass). */
const failNext = new Set<string>();
const calls = new Map<string, number>();
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  fake = await startFacturapiFake({ ratePerSecond: RATE });
  const client = rateLimited(createFacturapiClient({ apiKey: FACTURAPI_FAKE_KEY, baseUrl: fake.baseUrl, timeoutMs: 5_000 }), createRateLimiter(RATE));
  const service: StampingService = {
    ...client,
    mode: client.mode,
    async createInvoice(request) {
      calls.set(request.external_id, (calls.get(request.external_id) ?? 0) + 1);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (failNext.delete(request.external_id)) throw new StampUnavailableError('El servicio de facturación no está disponible (503).');
        return await client.createInvoice(request);
      } finally {
        inFlight--;
      }
    },
  };
  t = await createTestApp({ env: adminEnv, deps: { stampingService: service, clock } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t?.app.jobs.stop();
  await t?.close();
  await fake?.close();
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no llegó: ${what}`);
}

describe('a burst of payments invoiced by the running worker', () => {
  it('stamps each payment once, several at a time; the one the service failed is retried alone and not duplicated', async () => {
    const seller = await createSignedInUser(t.app, admin, { firstName: 'Rafaga' });
    await setTaxData(t, seller, COMPANY_TAX, true);
    const payments: string[] = [];
    for (let i = 0; i < 8; i++) payments.push(await topUpAtOxxo(t, seller, admin, 100 + i));
    const unlucky = payments[3]!;
    failNext.add(unlucky);

    t.app.jobs.start();
    const statuses = async () =>
      new Map((await Promise.all(payments.map((p) => invoiceOfPayment(t, seller, p)))).map((list, i) => [payments[i]!, list.map((x) => x.status)]));
    await until(
      async () => [...(await statuses()).entries()].every(([p, s]) => (p === unlucky ? s.join() === 'pending' : s.join() === 'valid')),
      'las demás timbradas',
    );
    // The others did not wait for it, and nobody stamped it meanwhile.
    expect(calls.get(unlucky)).toBe(1);
    expect([...fake.invoices.values()].filter((i) => i.external_id === unlucky)).toHaveLength(0);

    // Its job's retry (after the back-off) stamps it, once.
    clock.advance(15_000);
    t.app.jobs.wake();
    await until(async () => (await statuses()).get(unlucky)!.join() === 'valid', 'la reintentada timbrada');
    await t.app.jobs.stop();

    for (const p of payments) {
      expect(
        [...fake.invoices.values()].filter((i) => i.external_id === p),
        p,
      ).toHaveLength(1);
      expect(calls.get(p), p).toBe(p === unlucky ? 2 : 1);
    }
    expect(fake.throttled).toBe(0);
    expect(mostInFlight).toBeGreaterThan(1);
  });
});
