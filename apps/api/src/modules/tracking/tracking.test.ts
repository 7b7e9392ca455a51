import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CarrierCode } from '@envios/contracts/carriers';
import { trackingResultSchema, type TrackingResult } from '@envios/contracts/tracking';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, someAddress, type SignedIn } from '../../testing/accounts.js';
import { manualClock } from '../../shared/clock.js';
import { CarrierApiError } from '../carriers/adapters/carrier-adapter.js';
import type { CarrierEvent, CarrierTracking, TrackingAdapter, TrackRequest } from '../carriers/adapters/tracking-adapter.js';
import { jobsQueries } from '../jobs/jobs.usecases.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { cloneShipment, insertPayment, markPaid } from '../guides/guides.testing.js';
import { enqueueGuideIssue, reserveGuides } from '../guides/guides.usecases.js';
import type { WhatsAppMessage } from '../notifications/adapters/whatsapp-cloud.js';
import { claimDue, findState } from './tracking.repository.js';
import { scheduleTrackingRefresh, TRACKING_REFRESH_JOB } from './tracking.job.js';
import { createCarrierLimiter, createTracking, FIRST_CHECK_AFTER_MS, startTracking, type TrackingDeps } from './tracking.usecases.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const INLINE_TIMEOUT_MS = 300;

type Answer = CarrierTracking | null | 'down' | 'hang';

/** A carrier whose answer per guide the test sets; it records every call. */
function fakeCarrier(carrierCode: CarrierCode) {
  const answers = new Map<string, Answer>();
  const calls: TrackRequest[] = [];
  const adapter: TrackingAdapter = {
    carrierCode,
    sandbox: false,
    track(request, signal) {
      calls.push(request);
      const answer = answers.get(request.guideNumber) ?? null;
      if (answer === 'down') return Promise.reject(new CarrierApiError(carrierCode, 503, 'servicio no disponible'));
      if (answer === 'hang') return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      return Promise.resolve(answer);
    },
  };
  return { adapter, answers, calls, callsFor: (guide: string) => calls.filter((c) => c.guideNumber === guide).length };
}

const clock = manualClock(new Date('2026-03-10T17:00:00Z'));
const dhl = fakeCarrier('dhl');
const fedex = fakeCarrier('fedex');
const whatsappSent: WhatsAppMessage[] = [];
let t: TestApp;
let user: SignedIn;
let template: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: adminEnv,
    deps: {
      clock,
      trackingAdapters: { dhl: dhl.adapter, fedex: fedex.adapter },
      tracking: {
        limiter: createCarrierLimiter(10_000),
        inlineTimeoutMs: INLINE_TIMEOUT_MS,
        cacheTtlMs: 0,
        limitLookup: async () => {},
        job: { callTimeoutMs: 500 },
      },
      notifications: {
        whatsapp: {
          send: (message) => {
            whatsappSent.push(message);
            return Promise.resolve({ id: `wamid.${whatsappSent.length}` });
          },
        },
      },
    },
  });
  user = await createSignedInUser(t.app, await signInAdmin(t.app), { phone: '3398765432' });
  template = (await createOne(t, user, {}, 'EXPRESS DOMESTIC'))._id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.advance(24 * HOUR);
});

/** A paid shipment with a guide number, tracked from now (as the guides job leaves it). */
async function issuedGuide(carrierCode: CarrierCode = 'dhl', opts: { serviceName?: string; sandbox?: boolean } = {}): Promise<{ id: string; guide: string }> {
  counter += 1;
  const guide = `${carrierCode === 'dhl' ? '40' : '79'}${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(3, '0')}`;
  const [id] = await cloneShipment(t, template, 1);
  await t.database.query(`update shipments set paid = true, number_guide = $2, carrier_code = $3, service_name = coalesce($4, service_name) where id = $1`, [
    id,
    guide,
    carrierCode,
    opts.serviceName ?? null,
  ]);
  await startTracking(t.database.db, {
    shipmentId: id!,
    guideNumber: guide,
    carrierCode,
    serviceName: opts.serviceName ?? 'EXPRESS DOMESTIC',
    sandbox: opts.sandbox ?? false,
    issuedAt: clock.now(),
    shipperCity: 'Jalisco, Guadalajara',
    consigneeCity: 'Ciudad de México, Cuauhtémoc',
    pieces: 1,
  });
  return { id: id!, guide };
}

function event(hoursAfterNow: number, state: CarrierEvent['state'], code: string, description: string, location = 'GUADALAJARA - MEXICO'): CarrierEvent {
  return { occurredAt: new Date(clock.now().getTime() + hoursAfterNow * HOUR), state, code, description, location, piece: null };
}
const found = (events: CarrierEvent[]): CarrierTracking => ({ events, shipperCity: 'GUADALAJARA', consigneeCity: 'MEXICO CITY', pieces: 1, publicUrl: null });

async function track(guide: string, route?: string) {
  return t.app.inject({
    method: 'POST',
    url: route ? `/api/v1/tracking/${route}` : '/api/v1/tracking',
    payload: { guide_number: guide },
    remoteAddress: someAddress(),
  });
}

async function stateOf(id: string) {
  const [row] = await t.database.query<{
    state: string;
    headline: string;
    failures: number;
    next_check_at: Date | null;
    finished: boolean;
    checked_at: Date | null;
  }>('select state, headline, failures, next_check_at, finished, checked_at from tracking_states where shipment_id = $1', [id]);
  return row!;
}
const eventCount = async (id: string) =>
  Number((await t.database.query<{ n: string }>('select count(*) as n from tracking_events where shipment_id = $1', [id]))[0]!.n);
const trackingStatus = async (id: string) =>
  (await t.database.query<{ tracking_status: string | null }>('select tracking_status from shipments where id = $1', [id]))[0]!.tracking_status;
const noticesFor = async (id: string) => (await jobsQueries.list(t.database.db)).filter((j) => j.key.startsWith(`tracking:${id}:`)).map((j) => j.key);

/** A tracking service of its own on the test database (default answer cache, DHL only). */
function standaloneTracking(overrides: Partial<TrackingDeps> = {}) {
  return createTracking({
    db: t.database.db,
    clock,
    notifier: t.app.notifier,
    adapters: { dhl: dhl.adapter },
    limiter: createCarrierLimiter(100),
    appUrl: 'http://localhost',
    whatsapp: false,
    ...overrides,
  });
}

/** Runs one link of the refresh chain now (as the queue would) and whatever it queued (notices). */
let links = 0;
async function runRefresh(): Promise<void> {
  links += 1;
  await t.app.jobs.enqueue({ type: TRACKING_REFRESH_JOB, key: `test-link:${links}`, payload: {} });
  await t.app.jobs.drain();
}

describe('POST /api/v1/tracking', () => {
  it('answers the stored guide in the spec shape, only cities, events newest first in Mexico City time; refreshes inline once it is old', async () => {
    const { id, guide } = await issuedGuide();
    dhl.answers.set(
      guide,
      found([
        event(-1.5, 'picked_up', 'PU', 'El envío fue recolectado.'),
        event(-0.5, 'in_transit', 'PL', 'Procesado en la instalación', 'MEXICO CITY - MEXICO'),
      ]),
    );

    // Just issued: the stored answer, the carrier not asked.
    let res = await track(guide);
    expect(res.statusCode, res.body).toBe(200);
    let body = trackingResultSchema.parse(res.json());
    expect(dhl.callsFor(guide)).toBe(0);
    expect(body).toMatchObject({
      status: 200,
      type: 'dhl',
      route: 'dhl',
      carrier_code: 'dhl',
      guide,
      package: 1,
      shipment_event: [],
      state: 'pending',
      headline: 'Guía creada',
      stale: false,
      checked_at: null,
    });
    // The lists read 'Guía creada' too: no carrier status is written before a carrier event.
    expect(await trackingStatus(id)).toBeNull();
    expect(body.shipper.city).toBe('Guadalajara');
    expect(body.consignee.city).toBe('Cuauhtémoc');

    // Two hours later (older than the freshness window): asked inline, recorded, answered.
    clock.advance(2 * HOUR);
    res = await track(guide);
    body = trackingResultSchema.parse(res.json());
    expect(dhl.callsFor(guide)).toBe(1);
    expect(body.state).toBe('in_transit');
    expect(body.headline).toBe('Envío en tránsito');
    expect(body.stale).toBe(false);
    expect(body.shipment_event.map((e) => e.status)).toEqual(['Procesado en la instalación', 'El envío fue recolectado.']);
    // 2026-03-11T16:30Z → 10:30 in Mexico City (UTC−6).
    expect(body.shipment_event[0]).toMatchObject({ date: '2026-03-11', time: '10:30', location: 'MEXICO CITY - MEXICO', state: 'in_transit', package: null });
    expect(body.date).toBe(body.shipment_event[0]!.occurred_at);
    expect(res.body).not.toMatch(/Bruno|Ana López|Calle Roma|Av\. Juárez|@correo/);
    expect(await trackingStatus(id)).toBe('Envío en tránsito');

    // Within the window: stored events, no new call.
    clock.advance(5 * MIN);
    expect((await track(guide)).statusCode).toBe(200);
    expect(dhl.callsFor(guide)).toBe(1);
  });

  it('answers the spec not-found for an unknown guide and 400 naming guide_number when shorter than 7', async () => {
    const unknown = await track('ZZ99999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'El N° de guía ZZ99999999 no ha sido localizado.', code: 'tracking.not_found' });

    const short = await track('123456');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain('guide_number');

    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/tracking', payload: {}, remoteAddress: someAddress() });
    expect(missing.statusCode).toBe(400);
  });

  it('per carrier route: another carrier’s guide is not found; dhlApi and fedex use their own headline rules', async () => {
    const d = await issuedGuide('dhl');
    const f = await issuedGuide('fedex');
    expect((await track(d.guide, 'fedex')).statusCode).toBe(404);
    expect((await track(f.guide, 'dhl')).statusCode).toBe(404);
    expect((await track(d.guide, 'estafeta')).json()).toMatchObject({ code: 'tracking.not_found' });
    expect((await track(d.guide, 'ups')).statusCode).toBe(400);

    // Without carrier events every route reads 'Guía creada'.
    const api = await track(d.guide, 'dhlApi');
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ route: 'dhlApi', type: 'dhl', headline: 'Guía creada' });

    fedex.answers.set(f.guide, found([event(-1, 'picked_up', 'PU', 'Picked up'), event(-0.2, 'delivered', 'DL', 'Entregado')]));
    clock.advance(2 * HOUR);
    const res = await track(f.guide, 'fedex');
    expect(res.json()).toMatchObject({ type: 'fedex', route: 'fedex', state: 'delivered', headline: 'Entregado' });
    expect((await stateOf(f.id)).finished).toBe(true);
  });

  it('a hanging carrier: the answer comes within the time limit with the last known events, then back-off (no call until it ends)', async () => {
    const { id, guide } = await issuedGuide();
    dhl.answers.set(guide, found([event(-0.5, 'picked_up', 'PU', 'El envío fue recolectado.')]));
    clock.advance(2 * HOUR);
    expect((await track(guide)).json()).toMatchObject({ state: 'picked_up', headline: 'Envío Recolectado', stale: false });

    dhl.answers.set(guide, 'hang');
    clock.advance(11 * MIN);
    const started = performance.now();
    const res = await track(guide);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(took).toBeLessThan(INLINE_TIMEOUT_MS + 400);
    expect(res.json()).toMatchObject({ stale: true, state: 'picked_up', headline: 'Envío Recolectado' });
    expect(res.json<TrackingResult>().shipment_event).toHaveLength(1);
    const after = await stateOf(id);
    expect(after.failures).toBe(1);
    expect(after.next_check_at!.getTime()).toBe(clock.now().getTime() + 10 * MIN);

    // During the back-off: stored answer, marked stale, carrier not asked.
    const calls = dhl.callsFor(guide);
    clock.advance(5 * MIN);
    expect((await track(guide)).json()).toMatchObject({ stale: true });
    expect(dhl.callsFor(guide)).toBe(calls);
    dhl.answers.set(guide, 'down');
  });

  it('finds a guide issued before tracking existed (no tracking row) and starts tracking it; backfill adds the rest', async () => {
    const [a, b] = await cloneShipment(t, template, 2);
    await t.database.query(`update shipments set paid = true, number_guide = 'OLD' || substr(id::text, 1, 8) where id = any($1::uuid[])`, [[a, b]]);
    const [{ number_guide: guideA }] = (await t.database.query<{ number_guide: string }>('select number_guide from shipments where id = $1', [a])) as [
      { number_guide: string },
    ];
    const res = await track(guideA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ guide: guideA, carrier_code: 'dhl', shipper: { city: 'Guadalajara' } });

    const tracking = standaloneTracking();
    expect(await tracking.backfill()).toBeGreaterThanOrEqual(1);
    expect(await tracking.backfill()).toBe(0);
    expect((await stateOf(b!)).state).toBe('pending');
  });

  it('reuses a built answer for a while (no database read, no limit counted) and forgets it when the guide changes', async () => {
    const { id, guide } = await issuedGuide();
    let counted = 0;
    const tracking = standaloneTracking({
      limitLookup: () => {
        counted += 1;
        return Promise.resolve();
      },
    });
    const first = await tracking.lookup(guide, undefined, 'a');
    expect(await tracking.lookup(guide, undefined, 'b')).toBe(first);
    expect(counted).toBe(1);
    await expect(tracking.lookup('NOEXISTE1', undefined, 'c')).rejects.toMatchObject({ statusCode: 404 });
    expect(counted).toBe(2);

    dhl.answers.set(guide, found([event(-0.5, 'picked_up', 'PU', 'El envío fue recolectado.')]));
    expect(await tracking.check((await findState(t.database.db, id))!, 1000)).toBe('updated');
    expect((await tracking.lookup(guide, undefined, 'a')).state).toBe('picked_up');
    expect(counted).toBe(3);
  });
});

describe('tracking.refresh job', () => {
  it('records new events once and notifies a new state once (e-mail and WhatsApp), however often it runs', async () => {
    const { id, guide } = await issuedGuide();
    dhl.answers.set(guide, found([event(-0.5, 'picked_up', 'PU', 'El envío fue recolectado.')]));
    clock.advance(FIRST_CHECK_AFTER_MS);
    await runRefresh();
    expect(await eventCount(id)).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'picked_up', headline: 'Envío Recolectado', failures: 0 });
    expect(await trackingStatus(id)).toBe('Envío Recolectado');
    expect((await noticesFor(id)).sort()).toEqual([`tracking:${id}:picked_up`, `tracking:${id}:picked_up:whatsapp`]);
    const [outbox] = await t.database.query<{ subject: string; text: string }>('select subject, text from outbox where key = $1', [`tracking:${id}:picked_up`]);
    // The notice says what every screen says: the guide's one headline.
    expect(outbox!.subject).toBe(`Tu envío ${guide}: Envío Recolectado`);
    expect(outbox!.text).toContain(`/rastreo/${guide}`);
    expect(whatsappSent.some((m) => m.text?.includes(guide))).toBe(true);

    // Due again with the same answer: nothing new.
    await t.database.query('update tracking_states set next_check_at = $2 where shipment_id = $1', [id, clock.now()]);
    await runRefresh();
    expect(dhl.callsFor(guide)).toBe(2);
    expect(await eventCount(id)).toBe(1);
    expect(await noticesFor(id)).toHaveLength(2);

    // A new event: recorded once, one new notice; next check sooner near delivery.
    dhl.answers.set(guide, found([event(-1, 'picked_up', 'PU', 'El envío fue recolectado.'), event(-0.1, 'out_for_delivery', 'WC', 'En ruta de entrega')]));
    await t.database.query('update tracking_states set next_check_at = $2 where shipment_id = $1', [id, clock.now()]);
    await runRefresh();
    expect(await stateOf(id)).toMatchObject({ state: 'out_for_delivery' });
    expect((await stateOf(id)).next_check_at!.getTime()).toBe(clock.now().getTime() + 30 * MIN);
    expect(await noticesFor(id)).toContain(`tracking:${id}:out_for_delivery`);
  });

  it('backs off a failing carrier (10 min, 30 min …) and never asks it before the back-off ends', async () => {
    const { id, guide } = await issuedGuide();
    dhl.answers.set(guide, 'down');
    clock.advance(FIRST_CHECK_AFTER_MS);
    await runRefresh();
    expect(await stateOf(id)).toMatchObject({ failures: 1 });
    expect((await stateOf(id)).next_check_at!.getTime()).toBe(clock.now().getTime() + 10 * MIN);

    clock.advance(5 * MIN);
    await runRefresh();
    expect(dhl.callsFor(guide)).toBe(1);

    clock.advance(5 * MIN);
    await runRefresh();
    expect(dhl.callsFor(guide)).toBe(2);
    expect(await stateOf(id)).toMatchObject({ failures: 2 });
    expect((await stateOf(id)).next_check_at!.getTime()).toBe(clock.now().getTime() + 30 * MIN);

    dhl.answers.set(guide, found([event(-0.5, 'in_transit', 'PL', 'En tránsito')]));
    clock.advance(30 * MIN);
    await runRefresh();
    expect(await stateOf(id)).toMatchObject({ failures: 0, state: 'in_transit' });
    expect((await stateOf(id)).next_check_at!.getTime()).toBe(clock.now().getTime() + 2 * HOUR);
  });

  it('stops checking a delivered guide', async () => {
    const { id, guide } = await issuedGuide();
    dhl.answers.set(guide, found([event(-0.5, 'delivered', 'OK', 'Envio entregado al destinatario')]));
    clock.advance(FIRST_CHECK_AFTER_MS);
    await runRefresh();
    expect(await stateOf(id)).toMatchObject({ state: 'delivered', headline: 'Envío entregado', finished: true, next_check_at: null });
    clock.advance(48 * HOUR);
    await runRefresh();
    expect(dhl.callsFor(guide)).toBe(1);
  });

  it('a worker killed after claiming: the guides are due again once the lease ends, and the chain keeps one link per slot', async () => {
    const { id, guide } = await issuedGuide();
    dhl.answers.set(guide, found([event(-0.5, 'picked_up', 'PU', 'El envío fue recolectado.')]));
    clock.advance(FIRST_CHECK_AFTER_MS);
    // Another worker claimed the batch and died before recording anything.
    const claimed = await claimDue(t.database.db, { now: clock.now(), leaseUntil: new Date(clock.now().getTime() + 5 * MIN), limit: 1000 });
    expect(claimed.map((r) => r.shipmentId)).toContain(id);
    await runRefresh();
    expect(dhl.callsFor(guide)).toBe(0);
    clock.advance(5 * MIN);
    await runRefresh();
    expect(dhl.callsFor(guide)).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'picked_up' });

    // Starting the chain twice in one slot keeps one link; the done link queued the next slot's.
    await scheduleTrackingRefresh(t.app.jobs, clock);
    await scheduleTrackingRefresh(t.app.jobs, clock);
    const chain = await jobsQueries.list(t.database.db, { type: TRACKING_REFRESH_JOB });
    const pending = chain.filter((j) => j.status === 'pending');
    expect(new Set(pending.map((j) => j.key)).size).toBe(pending.length);
    expect(pending.some((j) => j.runAt > clock.now())).toBe(true);
  });

  it('a guide recorded by the guides job is tracked from then on (sandbox issuer → sandbox guide, its cities)', async () => {
    const [id] = await cloneShipment(t, template, 1);
    const payment = await insertPayment(t, user.id);
    await t.database.db.transaction((tx) => reserveGuides(tx, { paymentId: payment, shipmentIds: [id!], now: clock.now() }));
    await markPaid(t, [id!]);
    await t.database.db.transaction((tx) => enqueueGuideIssue(t.app.jobs, tx, [id!]));
    await t.app.jobs.drain();
    const [row] = await t.database.query<{
      guide_number: string;
      route: string;
      sandbox: boolean;
      shipper_city: string;
      consignee_city: string;
      state: string;
    }>('select guide_number, route, sandbox, shipper_city, consignee_city, state from tracking_states where shipment_id = $1', [id]);
    expect(row).toMatchObject({ route: 'dhl', sandbox: true, shipper_city: 'Guadalajara', consignee_city: 'Cuauhtémoc', state: 'pending' });
    const res = await track(row!.guide_number);
    expect(res.json()).toMatchObject({ guide: row!.guide_number, sandbox: true });
  });
});
