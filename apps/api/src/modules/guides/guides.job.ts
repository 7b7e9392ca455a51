import type { FastifyBaseLogger } from 'fastify';
import type { CarrierCode } from '@envios/contracts/carriers';
import { LABEL_LINK_DAYS, type GuideSource } from '@envios/contracts/guides';
import { toCentavos } from '@envios/contracts/money';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import type { GuideIssueRequest, GuideIssuer, IssuedGuide, ShipParty } from '../carriers/adapters/guide-issuer.js';
import type { EventPublisher } from '../events/events.usecases.js';
import type { JobContext, JobQueue } from '../jobs/jobs.usecases.js';
import type { Notifier } from '../notifications/notifications.usecases.js';
import { guideReadyMail } from '../notifications/notifications.usecases.js';
import { setPickupTrackingNumber } from '../pickups/pickups.usecases.js';
import { startTracking } from '../tracking/tracking.usecases.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import { findShipmentForGuide, setShipmentGuide, type AddressColumn, type ShipmentForGuide } from '../shipments/shipments.usecases.js';
import * as repo from './guides.repository.js';
import { GUIDE_ISSUE_JOB, labelPath, signedLabelUrl, type GuideIssuePayload } from './guides.usecases.js';

export interface GuidesJobDeps {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  /** The carrier's guide issuer (sandbox or live); undefined when the carrier has none. */
  issuerFor(carrierCode: CarrierCode): GuideIssuer | undefined;
  appUrl: string;
  secret: string;
  /** How long one carrier call may take before it is abandoned (the job retries). */
  issueTimeoutMs?: number;
  /** Where `guide.issued` is published, in the transaction that records the guide (store write-back, webhooks…). */
  events: EventPublisher;
  log?: FastifyBaseLogger;
}

/** A number we can print and scan: printable ASCII, 1 to 40 characters. */
const PRINTABLE_GUIDE = /^[\x21-\x7E]{1,40}$/;

/** What the job keeps of an issued guide. */
interface IssuedRecord {
  guideNumber: string;
  source: GuideSource;
  sandbox: boolean;
  pieceNumbers: string[];
  pdf: Buffer | null;
}

function party(a: AddressColumn): ShipParty {
  return {
    fullName: a.full_name,
    email: a.email,
    phone: a.phone,
    addressLine: [a.address, a.number, a.intNumber ? `Int. ${a.intNumber}` : ''].filter(Boolean).join(' '),
    colony: a.colony,
    postalCode: a.postal_code,
    city: a.city,
    stateCode: a.state_code,
    countryCode: a.country_code,
  };
}

/** The request a carrier gets; dimensions as the list labels them (width = Largo, depth = Ancho). */
export function guideIssueRequest(s: ShipmentForGuide, now: Date): GuideIssueRequest {
  const today = mexicoCityTime(now).date;
  return {
    shipmentId: s.id,
    reference: String(s.numberOfOrder),
    idempotencyKey: s.id,
    service: { id: s.serviceId, name: s.serviceName, externalCode: s.externalCode },
    packageType: s.shipmentType,
    description: s.description,
    origin: party(s.origin),
    destination: party(s.destination),
    parcels: s.parcels.map((p) => ({ lengthCm: p.width, widthCm: p.depth, heightCm: p.height, weightKg: p.weight })),
    declaredValueCentavos: s.packageInsurance && s.insuranceInformation ? toCentavos(s.insuranceInformation.package_value) : null,
    // The planned date of the quote, unless the shipment was paid after it.
    shipDate: s.selectedService.date > today ? s.selectedService.date : today,
  };
}

class NoStockError extends Error {
  constructor(s: ShipmentForGuide) {
    super(`Sin guías en inventario para ${s.selectedService.carrier} ${s.serviceName}: el envío ${s.numberOfOrder} espera que se carguen guías.`);
    this.name = 'NoStockError';
  }
}

/**
 * Registers `guides.issue`: one durable job per paid shipment. A shipment that already has its
 * number is done. Inventory services use the row reserved for the shipment at payment (or, if the
 * reservation was lost, any available one; none → the job fails and retries with back-off, and an
 * error is logged for admins). Carrier services call the carrier's issuer with the shipment id as
 * idempotency key. The number, the guide record, the pickup's tracking number and the label
 * e-mail commit in ONE transaction with the job's completion.
 */
export function registerGuidesJob(jobs: JobQueue, deps: GuidesJobDeps): void {
  jobs.register<GuideIssuePayload>(GUIDE_ISSUE_JOB, { run: (payload, ctx) => issueGuide(deps, payload, ctx) });
}

export async function issueGuide(deps: GuidesJobDeps, payload: GuideIssuePayload, ctx: JobContext): Promise<void> {
  const shipment = await findShipmentForGuide(deps.db, payload.shipmentId);
  if (!shipment || shipment.deletedAt) {
    deps.log?.warn({ shipmentId: payload.shipmentId, jobId: ctx.id }, 'guía no emitida: el envío no existe');
    return;
  }
  if (shipment.numberGuide) return;
  if (!shipment.paid) {
    deps.log?.warn({ shipmentId: shipment.id, jobId: ctx.id }, 'guía no emitida: el envío no está pagado');
    return;
  }

  if (shipment.guideSource === 'carrier_api') {
    const issued = await issueWithCarrier(deps, shipment);
    // No second read: recordGuide's first write sets the number only where there is none yet (that
    // row lock is the guard), and the rest is told with the shipment the carrier was sent.
    await ctx.commit((tx) => recordGuide(deps, tx, shipment, issued));
    return;
  }

  await ctx.commit(async (tx) => {
    const current = await findShipmentForGuide(tx, shipment.id, { lock: true });
    if (!current || current.numberGuide) return;
    const now = deps.clock.now();
    let row = await repo.lockHeldRow(tx, current.id);
    if (row && row.status === 'reserved' && row.serviceId !== current.serviceId) {
      // Reserved for the service the shipment had before: the guide must be of its service now.
      deps.log?.warn({ shipmentId: current.id, jobId: ctx.id }, 'la guía reservada era de otro servicio; se devuelve y se toma una del servicio actual');
      await repo.releaseRow(tx, row.id);
      row = undefined;
    }
    if (!row) {
      const [free] = await repo.lockAvailableRows(tx, current.serviceId, 1);
      if (!free) {
        const error = new NoStockError(current);
        deps.log?.error({ shipmentId: current.id, serviceId: current.serviceId, jobId: ctx.id, attempt: ctx.attempt }, error.message);
        throw error;
      }
      deps.log?.warn({ shipmentId: current.id, jobId: ctx.id }, 'la reserva de guía del envío se perdió; se toma otra del inventario');
      row = { ...(await repo.markUsed(tx, free.id, current.id, now)) };
    } else if (row.status !== 'used') {
      row = await repo.markUsed(tx, row.id, current.id, now);
    }
    await recordGuide(deps, tx, current, { guideNumber: row.guideNumber, source: 'inventory', sandbox: row.demo, pieceNumbers: [], pdf: null });
  });
}

async function issueWithCarrier(deps: GuidesJobDeps, shipment: ShipmentForGuide): Promise<IssuedRecord> {
  const issuer = deps.issuerFor(shipment.carrierCode);
  if (!issuer) throw new Error(`La paquetería ${shipment.carrierCode} no tiene emisor de guías configurado.`);
  let issued: IssuedGuide;
  try {
    issued = await issuer.issue(guideIssueRequest(shipment, deps.clock.now()), AbortSignal.timeout(deps.issueTimeoutMs ?? 30_000));
  } catch (error) {
    deps.log?.warn({ err: error, shipmentId: shipment.id, carrier: shipment.carrierCode }, 'la paquetería no emitió la guía; se reintentará');
    throw error;
  }
  const guideNumber = issued.guideNumber.trim();
  if (!PRINTABLE_GUIDE.test(guideNumber)) throw new Error(`La paquetería ${shipment.carrierCode} respondió un número de guía no válido.`);
  const pdf = issued.labelPdf && issued.labelPdf.subarray(0, 5).toString('latin1') === '%PDF-' ? issued.labelPdf : null;
  return { guideNumber, source: 'carrier_api', sandbox: issued.sandbox || issuer.sandbox, pieceNumbers: issued.pieceNumbers, pdf };
}

async function recordGuide(deps: GuidesJobDeps, tx: Executor, s: ShipmentForGuide, issued: IssuedRecord): Promise<void> {
  const now = deps.clock.now();
  if (!(await setShipmentGuide(tx, s.id, { numberGuide: issued.guideNumber, guideUrl: labelPath(s.id), now }))) return;
  await repo.insertGuideLabel(tx, {
    shipmentId: s.id,
    guideNumber: issued.guideNumber,
    source: issued.source,
    sandbox: issued.sandbox,
    pieceNumbers: issued.pieceNumbers,
    pdf: issued.pdf,
    issuedAt: now,
  });
  await setPickupTrackingNumber(tx, s.id, issued.guideNumber);
  await startTracking(tx, {
    shipmentId: s.id,
    guideNumber: issued.guideNumber,
    carrierCode: s.carrierCode,
    serviceName: s.serviceName,
    sandbox: issued.sandbox,
    issuedAt: now,
    shipperCity: s.origin.city,
    consigneeCity: s.destination.city,
    pieces: s.parcels.length,
  });
  const appUrl = deps.appUrl.replace(/\/+$/, '');
  await deps.events.publish(tx, {
    type: 'guide.issued',
    userId: s.userId,
    subjectId: s.id,
    data: {
      shipment_id: s.id,
      folio: s.numberOfOrder,
      guide_number: issued.guideNumber,
      carrier: s.carrierCode,
      service: s.serviceName,
      sandbox: issued.sandbox,
      label_url: `${appUrl}${labelPath(s.id)}`,
      tracking_url: `${appUrl}/rastreo/${encodeURIComponent(issued.guideNumber)}`,
    },
  });
  const d = s.destination;
  await deps.notifier.sendEmail(
    {
      key: `guides.ready:${s.id}`,
      to: s.customerEmail,
      mail: guideReadyMail({
        firstName: s.customerFirstNames,
        numberOfOrder: s.numberOfOrder,
        guideNumber: issued.guideNumber,
        carrierService: `${s.selectedService.carrier} - ${s.serviceName}`,
        destination: `${d.full_name}, ${d.city}${d.state_code ? `, ${d.state_code}` : ''}, C.P. ${d.postal_code}`,
        labelUrl: signedLabelUrl(deps.appUrl, deps.secret, s.id, now),
        validDays: LABEL_LINK_DAYS,
        sandbox: issued.sandbox,
      }),
    },
    tx,
  );
  deps.log?.info({ shipmentId: s.id, source: issued.source, sandbox: issued.sandbox }, 'guía emitida');
}
