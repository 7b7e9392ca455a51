import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierCode } from '@envios/contracts/carriers';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { adminEnv, createSignedInUser, signInAdmin, type SignedIn } from '../../testing/accounts.js';
import { manualClock } from '../../shared/clock.js';
import type { GuideIssueRequest, GuideIssuer, IssuedGuide } from '../carriers/adapters/guide-issuer.js';
import { eventsQueries } from '../events/events.usecases.js';
import { jobsQueries } from '../jobs/jobs.usecases.js';
import { issueGuide } from './guides.job.js';
import { createOne } from '../shipments/shipments.fixtures.js';
import { createPickupsForPaidShipments } from '../pickups/pickups.usecases.js';
import { cloneShipment, insertPayment, inventoryOf, markPaid, setStock } from './guides.testing.js';
import { enqueueGuideIssue, labelPath, reserveGuides, verifyLabelToken } from './guides.usecases.js';

/** A carrier issuer that records its calls; `failures` calls fail first (the carrier is down). */
function fakeIssuer(carrierCode: CarrierCode) {
  const calls: GuideIssueRequest[] = [];
  let failures = 0;
  let counter = 0;
  const issuer: GuideIssuer & { calls: GuideIssueRequest[]; failNext(n: number): void } = {
    carrierCode,
    sandbox: false,
    calls,
    failNext: (n) => {
      failures = n;
    },
    async issue(request, signal): Promise<IssuedGuide> {
      signal.throwIfAborted();
      calls.push(request);
      if (failures > 0) {
        failures -= 1;
        throw new Error('la paquetería no respondió');
      }
      counter += 1;
      return {
        guideNumber: `40${String(counter).padStart(8, '0')}`,
        pieceNumbers: [`JD01${counter}`],
        labelPdf: Buffer.from('%PDF-1.4 etiqueta de la paquetería'),
        sandbox: false,
      };
    },
  };
  return issuer;
}

/** The first call finds the guide already written by another worker while the carrier answers (a lease taken over). */
function racedIssuer(carrierCode: CarrierCode, whileIssuing: (request: GuideIssueRequest) => Promise<void>): GuideIssuer {
  return {
    carrierCode,
    sandbox: false,
    async issue(request) {
      await whileIssuing(request);
      return { guideNumber: '4099999999', pieceNumbers: [], sandbox: false };
    },
  };
}

const clock = manualClock(new Date('2026-03-10T17:00:00Z'));
const dhl = fakeIssuer('dhl');
let t: TestApp;
let user: SignedIn;
let inventoryTemplate: { id: string; serviceId: string };
let apiTemplate: string;

beforeAll(async () => {
  t = await createTestApp({ env: adminEnv, deps: { clock, guideIssuers: { dhl } } });
  user = await createSignedInUser(t.app, await signInAdmin(t.app));
  const s = await createOne(t, user, { local_pickup: true }, 'EXPRESS DOMESTIC DINAMICA');
  inventoryTemplate = { id: s._id, serviceId: s.selected_service.service_id };
  apiTemplate = (await createOne(t, user, {}, 'EXPRESS DOMESTIC'))._id;
});
afterAll(async () => {
  await t.close();
});

interface GuideView {
  number_guide: string | null;
  guide_url: string | null;
  source: string | null;
  sandbox: boolean | null;
  has_pdf: boolean | null;
}
async function guideOf(id: string): Promise<GuideView> {
  const [row] = await t.database.query<GuideView>(
    `select s.number_guide, s.guide_url, gl.source, gl.sandbox, gl.pdf is not null as has_pdf
     from shipments s left join guide_labels gl on gl.shipment_id = s.id where s.id = $1`,
    [id],
  );
  return row!;
}
const mailsTo = async (shipmentId: string) =>
  (await jobsQueries.list(t.database.db, { type: 'notifications.email' })).filter((j) => j.key === `guides.ready:${shipmentId}`);

/** Pays shipments the way payments does: reserve at opening, then mark paid and enqueue in one transaction. */
async function pay(ids: string[]): Promise<void> {
  const payment = await insertPayment(t, user.id);
  await t.database.db.transaction((tx) => reserveGuides(tx, { paymentId: payment, shipmentIds: ids, now: clock.now() }));
  await markPaid(t, ids);
  await t.database.db.transaction((tx) => enqueueGuideIssue(t.app.jobs, tx, ids));
}

describe('guides.issue — inventory', () => {
  it('uses the reserved row, sets the guide and its label path, updates the pickup and queues the label e-mail, all once', async () => {
    await setStock(t, inventoryTemplate.serviceId, 3);
    const [id] = await cloneShipment(t, inventoryTemplate.id, 1);
    await t.database.query('update shipments set local_pickup = true where id = $1', [id]);
    await createPickupsForPaidShipments(t.database.db, [id!], clock.now());
    await pay([id!]);
    const reserved = (await inventoryOf(t, inventoryTemplate.serviceId)).find((r) => r.shipment_id === id)!;
    await t.app.jobs.drain();

    expect(await guideOf(id!)).toEqual({ number_guide: reserved.guide_number, guide_url: labelPath(id!), source: 'inventory', sandbox: false, has_pdf: false });
    expect((await inventoryOf(t, inventoryTemplate.serviceId)).find((r) => r.shipment_id === id)!.status).toBe('used');
    const [pickup] = await t.database.query<{ tracking_number: string }>('select tracking_number from pickups where shipment_id = $1', [id]);
    expect(pickup!.tracking_number).toBe(reserved.guide_number);

    const mails = await mailsTo(id!);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.payload as { to: string; subject: string };
    expect(mail.subject).toBe(`Tu guía ${reserved.guide_number} está lista`);
    // The body (with the signed link) reached the outbox; the job row keeps only to/subject.
    const [outbox] = await t.database.query<{ text: string; html: string }>('select text, html from outbox where key = $1', [`guides.ready:${id}`]);
    expect(outbox!.text).toContain(`Número de guía: ${reserved.guide_number}`);
    expect(outbox!.text).toContain('Paquetería y servicio: DHL');
    expect(outbox!.text).toContain('Destino: Bruno Díaz');
    // The same tracking state every screen shows before the carrier reports anything.
    expect(outbox!.text).toContain('Seguimiento: Guía creada · Sin movimientos');
    const link = /https?:\/\/\S+\/label\?token=\S+/.exec(outbox!.text)![0];
    const url = new URL(link);
    expect(url.pathname).toBe(labelPath(id!));
    expect(verifyLabelToken(t.config.SECRET_KEY, id!, url.searchParams.get('token')!, clock.now())).toBe(true);

    // Run again (a re-enqueue under another key, as a manual retry would): nothing changes.
    await t.app.jobs.enqueue({ type: 'guides.issue', key: `guides.issue:${id}:again`, payload: { shipmentId: id } });
    await t.app.jobs.drain();
    expect((await guideOf(id!)).number_guide).toBe(reserved.guide_number);
    expect((await inventoryOf(t, inventoryTemplate.serviceId)).filter((r) => r.status === 'used')).toHaveLength(1);
    expect(await mailsTo(id!)).toHaveLength(1);
  });

  it('takes any available row when the reservation was lost; with none it fails, retries with back-off, then succeeds once stock arrives', async () => {
    await setStock(t, inventoryTemplate.serviceId, 0);
    const [id] = await cloneShipment(t, inventoryTemplate.id, 1);
    await markPaid(t, [id!]);
    await t.database.db.transaction((tx) => enqueueGuideIssue(t.app.jobs, tx, [id!]));
    await t.app.jobs.drain();
    let job = await jobsQueries.findByKey(t.database.db, `guides.issue:${id}`);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('Sin guías en inventario');
    expect(job!.runAt.getTime()).toBeGreaterThan(clock.now().getTime());
    expect((await guideOf(id!)).number_guide).toBeNull();

    await setStock(t, inventoryTemplate.serviceId, 1);
    clock.advance(60_000);
    await t.app.jobs.drain();
    job = await jobsQueries.findByKey(t.database.db, `guides.issue:${id}`);
    expect(job!.status).toBe('done');
    expect((await guideOf(id!)).number_guide).toBe('TEST000001');
    expect((await inventoryOf(t, inventoryTemplate.serviceId))[0]).toMatchObject({ status: 'used', shipment_id: id });
  });

  it('marks labels of demo numbers as sandbox', async () => {
    await t.database.query('delete from guide_inventory where service_id = $1', [inventoryTemplate.serviceId]);
    await t.database.query(`insert into guide_inventory (service_id, guide_number, demo) values ($1, 'SBX1234567', true)`, [inventoryTemplate.serviceId]);
    const [id] = await cloneShipment(t, inventoryTemplate.id, 1);
    await pay([id!]);
    await t.app.jobs.drain();
    expect(await guideOf(id!)).toMatchObject({ number_guide: 'SBX1234567', sandbox: true });
  });
});

describe('guides.issue — carrier_api', () => {
  it('asks the carrier with the shipment id as idempotency key, keeps its label PDF, retries after a failure', async () => {
    const [id] = await cloneShipment(t, apiTemplate, 1);
    dhl.failNext(1);
    const before = dhl.calls.length;
    await pay([id!]);
    await t.app.jobs.drain();
    expect((await guideOf(id!)).number_guide).toBeNull();
    expect(await jobsQueries.findByKey(t.database.db, `guides.issue:${id}`)).toMatchObject({ status: 'pending', attempts: 1 });

    clock.advance(60_000);
    await t.app.jobs.drain();
    const guide = await guideOf(id!);
    expect(guide).toMatchObject({ source: 'carrier_api', sandbox: false, has_pdf: true, guide_url: labelPath(id!) });
    expect(guide.number_guide).toMatch(/^40\d{8}$/);
    const calls = dhl.calls.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.idempotencyKey === id && c.shipmentId === id)).toBe(true);
    expect(calls[0]).toMatchObject({
      service: { name: 'EXPRESS DOMESTIC', externalCode: 'N' },
      packageType: 'box',
      origin: { fullName: 'Ana López', postalCode: '44100', stateCode: 'JAL', addressLine: 'Av. Juárez 123' },
      destination: { fullName: 'Bruno Díaz', addressLine: 'Calle Roma 45 Int. 2B', countryCode: 'MX' },
      parcels: [{ lengthCm: 30, widthCm: 15, heightCm: 20, weightKg: 3 }],
      declaredValueCentavos: null,
    });
    expect(calls[0]!.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The carrier's own label is served instead of ours.
    const pdf = await t.app.inject({ method: 'GET', url: labelPath(id!), headers: user.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('utf8')).toBe('%PDF-1.4 etiqueta de la paquetería');

    // Twice: the carrier is not asked again.
    await t.app.jobs.enqueue({ type: 'guides.issue', key: `guides.issue:${id}:again`, payload: { shipmentId: id } });
    await t.app.jobs.drain();
    expect(dhl.calls.length - before).toBe(2);
    expect(await mailsTo(id!)).toHaveLength(1);
  });

  it('records nothing when the shipment got its number while the carrier answered: no second label, event or e-mail', async () => {
    const [id] = await cloneShipment(t, apiTemplate, 1);
    await pay([id!]);
    const winner = '4011111111';
    const issuer = racedIssuer('dhl', async () => {
      await t.database.query(`update shipments set number_guide = $1 where id = $2`, [winner, id]);
    });
    const deps = {
      db: t.database.db,
      clock,
      notifier: t.app.notifier,
      issuerFor: () => issuer,
      appUrl: 'https://envios.test',
      secret: 'x'.repeat(32),
      events: t.app.events,
    };
    const job = (await jobsQueries.findByKey(t.database.db, `guides.issue:${id}`))!;
    await issueGuide(deps, { shipmentId: id! }, { id: job.id, key: job.key, attempt: 1, commit: (effect) => t.database.db.transaction(effect) });
    expect(await guideOf(id!)).toMatchObject({ number_guide: winner, source: null });
    expect(await mailsTo(id!)).toHaveLength(0);
    expect((await eventsQueries.listOf(t.database.db, user.id, { type: 'guide.issued', limit: 50 })).filter((e) => e.subjectId === id)).toHaveLength(0);
  });

  it('does nothing for an unpaid shipment', async () => {
    const [id] = await cloneShipment(t, apiTemplate, 1);
    const before = dhl.calls.length;
    await t.database.db.transaction((tx) => enqueueGuideIssue(t.app.jobs, tx, [id!]));
    await t.app.jobs.drain();
    expect(dhl.calls.length).toBe(before);
    expect((await guideOf(id!)).number_guide).toBeNull();
    expect((await jobsQueries.findByKey(t.database.db, `guides.issue:${id}`))!.status).toBe('done');
  });
});
