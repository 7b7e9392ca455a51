import { createHash } from 'node:crypto';
import { formatAddressLine } from '@envios/contracts/addresses';
import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { fromCentavos, toCentavos, type Centavos } from '@envios/contracts/money';
import { expandParcelsToGuides, type QuoteRequest, type QuoteResponse, type ShippingOption } from '@envios/contracts/quotes';
import {
  KEYWORD_MAX,
  offersLocalPickup,
  shipmentMessages,
  splitKeywords,
  volumetricWeightRounded,
  type BulkResult,
  type CarrierServiceOption,
  type CreateShipment,
  type GuideStatus,
  type InsuranceInformation,
  type OverweightOwed,
  type Shipment,
  type ShipmentPage,
  type ShipmentRow,
  type ShipmentStats,
  type updateShipmentSchema,
} from '@envios/contracts/shipments';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { commonErrors } from '../../shared/errors.js';
import { toPage } from '../../shared/pagination.js';
import { keepLocationInBook, type NewSavedLocation } from '../addresses/addresses.usecases.js';
import type { Carriers } from '../carriers/carriers.usecases.js';
import type { Quoting } from '../quotes/quotes.usecases.js';
import {
  destinationColumns,
  insuranceCostOf,
  parcelKey,
  quoteRequestFor,
  sameParcels,
  samePlace,
  samePrice,
  pricedColumns,
  sumCentavos,
  toAddressColumn,
  toParcelColumns,
  uniformGuidePrice,
  wholeOptionPrice,
  type PricingInput,
  type ShipmentPrice,
} from './shipment-pricing.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import type { AddressColumn } from './shipments.table.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Cached list and statistics answers kept per process (least recently used leave first). */
const ANSWER_CACHE_MAX = 500;

export type UpdateShipment = z.output<typeof updateShipmentSchema>;

/** What shipments need to know about an account (from the accounts use cases). */
export interface AccountInfo {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  locked: boolean;
}

export interface ShipmentsDeps {
  db: Database;
  clock: Clock;
  quoting: Pick<Quoting, 'quote'>;
  carriers: Pick<Carriers, 'catalogue' | 'snapshot'>;
  findAccount(id: string): Promise<AccountInfo | undefined>;
  /** Raw driver reads for the per-call list-version check (DatabaseHandle.query); without it, Drizzle. */
  rawQuery?: (<Row>(sql: string, params: unknown[]) => Promise<Row[]>) | undefined;
  /**
   * The embedded database's in-process NOTIFY (DatabaseHandle.listen): when given, a user's list
   * version lives in memory, bumped by the triggers' 'shipment_list' notices, and the per-call
   * version read goes away. PostgreSQL (several processes) reads the version every time.
   */
  listen?: ((channel: string, onPayload: (payload: string) => void) => Promise<void>) | undefined;
}

/** Local list versions fed by the triggers' notices (one process owns the embedded database). */
export function createLocalListVersions() {
  let epoch = 0;
  let counter = 0;
  const versions = new Map<string, number>();
  return {
    /** A key that changes whenever this user's shipments change. */
    of(userId: string): string {
      return `${epoch}:${versions.get(userId) ?? 0}`;
    },
    onNotice(payload: string): void {
      if (payload === '*' || payload === '') {
        epoch++;
        versions.clear();
        return;
      }
      for (const id of payload.split(',')) versions.set(id, ++counter);
    },
  };
}

/** Filters of the list and its variants, already read from the query. */
export interface ListQuery {
  page: number;
  limit: number;
  keywords?: string | undefined;
  /** Where the keywords came from (`keywords`, `filter`, `q`, `search`): the field a 400 names. */
  keywordsField?: string;
  service?: string | undefined;
  paid?: boolean | undefined;
  carrier?: string | undefined;
}

export function toAddressDto(a: AddressColumn): Shipment['origin_direction'] {
  return { ...a, address_line: formatAddressLine(a) };
}

export function toShipmentDto(r: repo.ShipmentRecord): Shipment {
  return {
    _id: r.id,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    numberOfOrder: r.numberOfOrder,
    user: r.userId,
    customer_info: { first_names: r.customerFirstNames, last_names: r.customerLastNames, email: r.customerEmail },
    origin_direction: toAddressDto(r.origin),
    destination_direction: toAddressDto(r.destination),
    selected_service: r.selectedService,
    shipment_type: r.shipmentType,
    parcels: r.parcels.map((p) => ({ height: p.height, width: p.width, depth: p.depth, weight: p.weight, volumetric_weight: volumetricWeightRounded(p) })),
    description_of_the_content: r.description,
    package_insurance: r.packageInsurance,
    insurance_information: r.insuranceInformation,
    shipment_ecommerce: r.ecommerceOrderId ? { order_id: r.ecommerceOrderId, ecommerce_type: r.ecommerceType ?? '' } : null,
    local_pickup: r.localPickup,
    status: r.paid,
    paid_at: r.paidAt?.toISOString() ?? null,
    guide: r.guideUrl,
    number_guide: r.numberGuide,
    reference: r.reference,
    overweight: r.overweightKg,
    cost_overweight: r.overweightCentavos === null ? null : fromCentavos(r.overweightCentavos),
    overweight_paid: r.overweightPaid,
    tracking_status: r.trackingStatus,
  };
}

export function toRowDto(r: repo.ShipmentListRow): ShipmentRow {
  return {
    _id: r.id,
    created_at: r.createdAt.toISOString(),
    numberOfOrder: r.numberOfOrder,
    destination_name: r.destinationName,
    destination_line: r.destinationLine,
    destination_postal_code: r.destinationPostalCode,
    destination_city: r.destinationCity,
    carrier: r.carrier || CARRIER_NAMES[r.carrierCode],
    carrier_code: r.carrierCode,
    carrier_service_name: r.serviceName,
    service_id: r.serviceId,
    number_guide: r.numberGuide,
    status: r.paid,
    tracking_status: r.trackingStatus,
    total_transit_days: r.transitDays,
    total_amount: fromCentavos(r.totalCentavos),
    currency: 'MXN',
    guide: r.guideUrl,
  };
}

/**
 * Keyword badges: each must match (AND); the words true/false filter the paid state instead.
 * Undefined `paid` with `impossible` when both words were given.
 */
export function parseKeywords(text: string | undefined, field: string): { words: string[]; paid: boolean[] } {
  const words: string[] = [];
  const paid: boolean[] = [];
  for (const keyword of splitKeywords(text)) {
    const lower = keyword.toLowerCase();
    if (lower === 'true' || lower === 'false') paid.push(lower === 'true');
    else if (keyword.length > KEYWORD_MAX) throw shipmentErrors.keywordTooLong(field);
    else words.push(keyword);
  }
  return { words, paid };
}

/** `customer_info` of a new shipment: the account it is bought for, as it is now. */
function customerColumns(account: AccountInfo) {
  return { customerFirstNames: account.firstName, customerLastNames: account.lastName, customerEmail: account.email };
}

/** A stable digest of what a creation call asked for (keys reused for another purchase are refused). */
export function fingerprintOf(kind: string, bodies: readonly unknown[]): string {
  return createHash('sha256').update(kind).update('\n').update(JSON.stringify(bodies)).digest('base64url');
}

export interface CreationResult {
  /** True when an earlier call with the same `Idempotency-Key` is answered again. */
  replayed: boolean;
  answer: { _id: string; shipments: Shipment[] };
}

/** Thrown inside the creation transaction when another request holds the key: undoes our insert. */
class KeyTaken extends Error {}

/** The quote's `OverweightProvider`: the caller's unpaid overweight in centavos, one aggregate query. */
export function overweightOwedProvider(db: Database): (userId: string) => Promise<Centavos> {
  return (userId) => repo.sumOverweightOwed(db, userId);
}

export type Shipments = ReturnType<typeof createShipments>;

/**
 * Shipments before and after payment (spec 01 §2 §4, spec 02 §2 §3 §4 §7): creation from the
 * wizard with a server-side re-quote, the list and its filters paged in SQL, detail and edits,
 * bulk duplicate and delete, statistics and the overweight carried into the next quote.
 */
export function createShipments(deps: ShipmentsDeps) {
  const { db, clock } = deps;

  /** The caller, or the account an admin acts for: its markup prices the shipment. */
  function quoteCaller(caller: Caller, ownerId: string): Caller {
    return ownerId === caller.id ? caller : { id: ownerId, rol: 'user', sessionId: caller.sessionId };
  }

  async function requireActiveAccount(id: string, path: string): Promise<AccountInfo> {
    const account = await deps.findAccount(id);
    if (!account) throw shipmentErrors.unknownUser(path);
    if (account.locked) throw shipmentErrors.accountLocked();
    if (!account.active) throw shipmentErrors.accountInactive();
    return account;
  }

  async function requireOwned(caller: Caller, id: string): Promise<repo.ShipmentRecord> {
    const found = await repo.findShipment(db, id);
    if (!found) throw shipmentErrors.notFound();
    if (found.userId !== caller.id && caller.rol !== 'admin') throw commonErrors.forbidden();
    return found;
  }

  function findOption(answer: QuoteResponse, serviceId: string, path: string): ShippingOption {
    const option = answer.options.find((o) => o.service_id === serviceId);
    if (option) return option;
    // An id the catalogue never had is bad input; a real service not offered here is a conflict.
    if (!deps.carriers.snapshot().serviceById.has(serviceId)) throw shipmentErrors.invalid(path, 'El servicio de paquetería elegido no existe.');
    throw shipmentErrors.serviceUnavailable(path);
  }

  /**
   * Re-quotes a creation, checks the client's price of the chosen service to the centavo, and
   * prices each guide. Guides alike share the option's per-guide
   * price; otherwise each distinct parcel is quoted alone with the same service. The guides
   * must add up to the option's net total to the centavo, or the price moved meanwhile.
   */
  async function priceGuides(request: QuoteRequest, caller: Caller, chosen: { service_id: string; net_total_amount: number }, path: string) {
    const serviceId = chosen.service_id;
    const answer = await deps.quoting.quote(request, caller);
    const option = findOption(answer, serviceId, `${path}.service_id`);
    // The client's figure is compared, never used.
    if (!samePrice(chosen.net_total_amount, option.net_total_amount)) throw shipmentErrors.priceChanged(`${path}.net_total_amount`);
    const parcels = expandParcelsToGuides(request.parcels, request.cantidadGuias);
    const uniform = uniformGuidePrice(option);
    const byParcel = new Map<string, ShipmentPrice>();
    if (uniform) {
      for (const p of parcels) byParcel.set(parcelKey(p), uniform);
    } else {
      const distinct = [...new Map(parcels.map((p) => [parcelKey(p), p])).values()];
      const singles = await Promise.all(distinct.map((p) => deps.quoting.quote({ ...request, parcels: [p], cantidadGuias: 1 }, caller)));
      distinct.forEach((p, i) => byParcel.set(parcelKey(p), wholeOptionPrice(findOption(singles[i]!, serviceId, `${path}.service_id`))));
    }
    const guides = parcels.map((parcel) => ({ parcel, price: byParcel.get(parcelKey(parcel))! }));
    if (sumCentavos(guides.map((g) => g.price)) !== toCentavos(option.net_total_amount)) throw shipmentErrors.priceChanged(`${path}.net_total_amount`);
    return { option, guides, quotedAt: answer.quoted_at };
  }

  function insuredValueOf(insured: boolean, info: InsuranceInformation | null | undefined): number | undefined {
    return insured && info ? info.package_value : undefined;
  }

  function withInsuranceCost(info: InsuranceInformation | null, price: ShipmentPrice): InsuranceInformation | null {
    return info ? { ...info, cost: insuranceCostOf(price) } : null;
  }

  /**
   * The answer of an earlier call with the same key: its shipments as they are now. Undefined when
   * any of them was deleted since ('Anterior' on the summary): that purchase is over, and the same
   * call buys again.
   */
  async function replay(ids: readonly string[]): Promise<CreationResult | undefined> {
    const rows = await repo.findShipments(db, ids);
    if (rows.length !== ids.length) return undefined;
    return { replayed: true, answer: { _id: ids[0]!, shipments: rows.map(toShipmentDto) } };
  }

  /** Prices one creation body and turns it into its shipments (one per guide). */
  async function planCreation(
    caller: Caller,
    body: CreateShipment,
    path: string,
    accounts: Map<string, Promise<AccountInfo>>,
  ): Promise<{ rows: repo.NewShipment[]; saved: NewSavedLocation[] }> {
    const ownerId = caller.rol === 'admin' && body.user ? body.user : caller.id;
    let pending = accounts.get(ownerId);
    if (!pending) accounts.set(ownerId, (pending = requireActiveAccount(ownerId, path ? `${path}.user` : 'user')));
    const account = await pending;
    const origin = toAddressColumn(body.origin_direction);
    const destination = toAddressColumn(body.destination_direction);
    const insurance = body.package_insurance ? (body.insurance_information ?? null) : null;
    const input: PricingInput = {
      origin,
      destination,
      shipmentType: body.shipment_type,
      parcels: body.parcels,
      guides: body.cantidadGuias,
      insuredValue: insuredValueOf(body.package_insurance, insurance),
    };
    const at = path ? `${path}.selected_service` : 'selected_service';
    const priced = await priceGuides(quoteRequestFor(input), quoteCaller(caller, ownerId), body.selected_service, at);
    const rows = priced.guides.map(({ parcel, price }) => ({
      userId: ownerId,
      ...customerColumns(account),
      origin,
      destination,
      ...destinationColumns(destination),
      ...pricedColumns(priced.option, price, priced.quotedAt),
      shipmentType: body.shipment_type,
      parcels: toParcelColumns([parcel]),
      description: body.description_of_the_content,
      packageInsurance: insurance !== null,
      insuranceInformation: withInsuranceCost(insurance, price),
      ecommerceOrderId: body.shipment_ecommerce?.order_id ?? null,
      ecommerceType: body.shipment_ecommerce?.ecommerce_type ?? null,
      localPickup: body.local_pickup,
    }));
    const saved: NewSavedLocation[] = [];
    const keep = (a: AddressColumn) =>
      saved.push({
        userId: ownerId,
        name: a.full_name,
        email: a.email,
        phone: a.phone,
        street: a.address,
        number: a.number,
        intNumber: a.intNumber,
        reference: a.reference_of_origin,
        colony: a.colony,
        postalCode: a.postal_code,
        city: a.city,
        stateCode: a.state_code,
        countryCode: a.country_code,
      });
    if (body.save_origin) keep(origin);
    if (body.save_destination) keep(destination);
    return { rows, saved };
  }

  // Answers of a user's lists and statistics, valid while that user's list version stands (every
  // process reads the version from the database, so a write anywhere invalidates them everywhere).
  const answers = new Map<string, { version: number | string; value: unknown }>();
  const local = deps.listen ? createLocalListVersions() : undefined;
  const localStates = new Map<string, { version: string; state: repo.ListState }>();
  const LOCAL_STATES_MAX = 10_000;
  // Whether the notices flow; if listening failed, every call reads the version as on PostgreSQL.
  const listening: Promise<boolean> =
    local && deps.listen
      ? deps.listen('shipment_list', (payload) => local.onNotice(payload)).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);

  async function perVersion<T>(userId: string, key: string, compute: (state: repo.ListState, version: string) => Promise<T>): Promise<T> {
    const cacheKey = `${userId}|${key}`;
    if (local && (await listening)) {
      // Taken before anything is read: a change meanwhile makes this answer's key stale at once.
      const version = local.of(userId);
      const hit = answers.get(cacheKey);
      if (hit && hit.version === version) {
        answers.delete(cacheKey);
        answers.set(cacheKey, hit);
        return hit.value as T;
      }
      // The counts change only with the version: read once per version.
      let known = localStates.get(userId);
      if (known?.version !== version) {
        const read = deps.rawQuery ? repo.findListStateRaw(deps.rawQuery, userId) : repo.findListState(db, userId);
        known = { version, state: (await read) ?? { version: 0, live: 0, paid: 0 } };
        localStates.delete(userId);
        if (localStates.size >= LOCAL_STATES_MAX) localStates.delete(localStates.keys().next().value!);
        localStates.set(userId, known);
      }
      const state = known.state;
      const value = await compute(state, `L${version}`);
      if (answers.size >= ANSWER_CACHE_MAX) answers.delete(answers.keys().next().value!);
      answers.set(cacheKey, { version, value });
      return value;
    }
    const read = deps.rawQuery ? repo.findListStateRaw(deps.rawQuery, userId) : repo.findListState(db, userId);
    const state = (await read) ?? { version: 0, live: 0, paid: 0 };
    const hit = answers.get(cacheKey);
    if (hit && hit.version === state.version) {
      // Recently used entries move to the end, so the oldest is the one evicted.
      answers.delete(cacheKey);
      answers.set(cacheKey, hit);
      return hit.value as T;
    }
    // Computed after reading the version: the answer is never older than the version it is kept under.
    const value = await compute(state, `P${state.version}`);
    if (answers.size >= ANSWER_CACHE_MAX) answers.delete(answers.keys().next().value!);
    answers.set(cacheKey, { version: state.version, value });
    return value;
  }

  // The ordered ids of a user's plain list (all, paid or unpaid) per version: any page is then a
  // slice plus one read of its ten rows, instead of an OFFSET walk through the index.
  const idLists = new Map<string, readonly string[]>();
  const ID_LISTS_MAX = 20;
  const ID_LIST_MAX_LENGTH = 50_000;

  // Up to ROW_LIST_MAX_LENGTH shipments, the plain list's rows themselves are kept per version
  // (at most ROW_LISTS_BUDGET rows in all): any page is then a slice, with no read at all. A write
  // changes the version, and the next read loads the rows again (one ordered select).
  const rowLists = new Map<string, readonly repo.ShipmentListRow[]>();
  const ROW_LIST_MAX_LENGTH = 20_000;
  const ROW_LISTS_BUDGET = 200_000;
  let keptRows = 0;

  async function plainPage(filter: repo.ListFilter, version: string, offset: number, limit: number, total: number): Promise<repo.ShipmentListRow[]> {
    const key = `${filter.userId}|${String(filter.paid)}|${version}`;
    if (total <= ROW_LIST_MAX_LENGTH) {
      let rows = rowLists.get(key);
      if (!rows) {
        rows = await repo.listAllShipmentRows(db, filter);
        // Older versions of the same list are dead: drop them first.
        const prefix = `${filter.userId}|${String(filter.paid)}|`;
        for (const [k, old] of rowLists) {
          if (k.startsWith(prefix)) {
            keptRows -= old.length;
            rowLists.delete(k);
          }
        }
        while (rowLists.size > 0 && keptRows + rows.length > ROW_LISTS_BUDGET) {
          const oldest = rowLists.keys().next().value!;
          keptRows -= rowLists.get(oldest)!.length;
          rowLists.delete(oldest);
        }
        rowLists.set(key, rows);
        keptRows += rows.length;
      }
      return rows.slice(offset, offset + limit);
    }
    let ids = idLists.get(key);
    if (!ids) {
      ids = await repo.listShipmentIds(db, filter);
      if (ids.length > ID_LIST_MAX_LENGTH) return repo.listShipmentPage(db, filter, { limit, offset });
      if (idLists.size >= ID_LISTS_MAX) idLists.delete(idLists.keys().next().value!);
      idLists.set(key, ids);
    }
    const pageIds = ids.slice(offset, offset + limit);
    return deps.rawQuery ? repo.listShipmentsByIdsRaw(deps.rawQuery, pageIds) : repo.listShipmentsByIds(db, pageIds);
  }

  /** The list and its variants: filters together, newest first, one page in SQL. */
  async function list(userId: string, query: ListQuery): Promise<ShipmentPage> {
    const { words, paid } = parseKeywords(query.keywords, query.keywordsField ?? 'keywords');
    const wanted = new Set([...paid, ...(query.paid === undefined ? [] : [query.paid])]);
    // 'true' and 'false' together (or against the status filter) match nothing.
    if (wanted.size > 1) return toPage([], 0, query.page, query.limit);
    const filter: repo.ListFilter = { userId, keywords: words, paid: [...wanted][0], serviceId: query.service, carrier: query.carrier };
    const key = JSON.stringify([words, filter.paid ?? null, query.service ?? null, query.carrier ?? null, query.page, query.limit]);
    return perVersion(userId, `list|${key}`, async (state, version) => {
      const offset = (query.page - 1) * query.limit;
      // Unfiltered or by paid state alone, the total is kept per user; otherwise it is counted.
      const kept = words.length === 0 && !query.service && !query.carrier;
      const keptTotal = filter.paid === undefined ? state.live : filter.paid ? state.paid : state.live - state.paid;
      if (kept && (keptTotal === 0 || offset >= keptTotal)) return toPage([], keptTotal, query.page, query.limit);
      const rows = kept ? await plainPage(filter, version, offset, query.limit, keptTotal) : await repo.listShipmentPage(db, filter, { limit: query.limit, offset });
      const total = kept ? keptTotal : offset === 0 && rows.length < query.limit ? rows.length : await repo.countShipments(db, filter);
      return toPage(rows.map(toRowDto), total, query.page, query.limit);
    });
  }

  /** Every carrier in filter order, zero when the user has none with it; sums in centavos. */
  async function computeStats(userId: string): Promise<ShipmentStats> {
    const groups = await repo.sumByCarrierAndPaid(db, userId);
    const catalogue = deps.carriers.snapshot();
    const codes: CarrierCode[] = [...CARRIER_CODES];
    for (const g of groups) if (!codes.includes(g.carrierCode)) codes.push(g.carrierCode);
    const sum = (pick: (g: (typeof groups)[number]) => boolean) => {
      const chosen = groups.filter(pick);
      return { guides: chosen.reduce((n, g) => n + g.guides, 0), centavos: chosen.reduce((n, g) => n + g.centavos, 0) };
    };
    const unpaid = sum((g) => !g.paid);
    const paid = sum((g) => g.paid);
    const all = sum(() => true);
    return {
      payment_status: {
        unpaid_guide: unpaid.guides,
        paid_guide: paid.guides,
        unpaid_amount: fromCentavos(unpaid.centavos),
        paid_amount: fromCentavos(paid.centavos),
      },
      per_carrier: codes.map((code) => {
        const s = sum((g) => g.carrierCode === code);
        return { carrier_code: code, carrier: catalogue.carrierByCode.get(code)?.name ?? CARRIER_NAMES[code], guides: s.guides, cost: fromCentavos(s.centavos) };
      }),
      totals: { guides: all.guides, cost: fromCentavos(all.centavos) },
    };
  }

  return {
    /**
     * `POST /shipments`, `/shipments/home` (one body) and `/shipments/home/all` (several): every
     * shipment of the call in one transaction. With an `Idempotency-Key`, a repeat of the same call
     * within 24 hours answers the shipments of the first one, even if prices changed since.
     */
    async create(caller: Caller, bodies: readonly CreateShipment[], opts: { idempotencyKey?: string | undefined; kind: 'one' | 'many' }): Promise<CreationResult> {
      const key = opts.idempotencyKey;
      const fingerprint = fingerprintOf(opts.kind, bodies);
      const since = new Date(clock.now().getTime() - DAY_MS);
      if (key) {
        const found = await repo.findIdempotencyKey(db, caller.id, key, since);
        if (found) {
          if (found.fingerprint !== fingerprint) throw shipmentErrors.idempotencyConflict();
          const replayed = await replay(found.shipmentIds);
          if (replayed) return replayed;
          await repo.releaseIdempotencyKey(db, caller.id, key, found.shipmentIds);
        }
      }
      const accounts = new Map<string, Promise<AccountInfo>>();
      const plans = await Promise.all(bodies.map((b, i) => planCreation(caller, b, opts.kind === 'many' ? `shipments.${i}` : '', accounts)));
      const now = clock.now();
      try {
        const created = await db.transaction(async (tx) => {
          const rows = await repo.insertShipments(tx, plans.flatMap((p) => p.rows), now);
          for (const location of plans.flatMap((p) => p.saved)) await keepLocationInBook(tx, location, now);
          if (key) {
            const claimed = await repo.claimIdempotencyKey(tx, { userId: caller.id, key, fingerprint, shipmentIds: rows.map((r) => r.id), now, since });
            if (!claimed) throw new KeyTaken();
          }
          return rows;
        });
        return { replayed: false, answer: { _id: created[0]!.id, shipments: created.map(toShipmentDto) } };
      } catch (error) {
        if (!(error instanceof KeyTaken) || !key) throw error;
        // A concurrent request with the same key won: answer what it created.
        const found = await repo.findIdempotencyKey(db, caller.id, key, since);
        if (found && found.fingerprint !== fingerprint) throw shipmentErrors.idempotencyConflict();
        const replayed = found && (await replay(found.shipmentIds));
        if (!replayed) throw shipmentErrors.idempotencyBusy();
        return replayed;
      }
    },

    async get(caller: Caller, id: string): Promise<Shipment> {
      return toShipmentDto(await requireOwned(caller, id));
    },

    /**
     * `PUT /shipments/{id}` (spec 02 §7): unpaid shipments only, except the admin's overweight.
     * A new place, parcels or package type needs the re-quote's service choice; with a service
     * the server re-quotes, checks the price and freezes a new snapshot. A changed insured value
     * alone is re-priced with the same service.
     */
    async update(caller: Caller, id: string, input: UpdateShipment): Promise<Shipment> {
      const before = await requireOwned(caller, id);
      const overweightGiven = input.overweight !== undefined || input.cost_overweight !== undefined;
      if (overweightGiven && caller.rol !== 'admin') throw shipmentErrors.overweightAdminOnly();
      const { overweight, cost_overweight, ...rest } = input;
      const editsShipment = Object.values(rest).some((v) => v !== undefined);
      if (editsShipment && before.paid) throw shipmentErrors.paidCannotEdit();

      const patch: repo.ShipmentPatch = {};
      if (overweight !== undefined && cost_overweight !== undefined) {
        patch.overweightKg = overweight;
        patch.overweightCentavos = toCentavos(cost_overweight);
      }
      if (editsShipment) {
        const origin = input.origin_direction ? toAddressColumn(input.origin_direction) : before.origin;
        const destination = input.destination_direction ? toAddressColumn(input.destination_direction) : before.destination;
        const parcels = input.parcels ? toParcelColumns(input.parcels) : before.parcels;
        const shipmentType = input.shipment_type ?? before.shipmentType;
        if (shipmentType === 'document' && parcels.length !== 1) throw shipmentErrors.invalid('parcels', 'Un sobre se envía como un solo paquete.');
        const insured =
          input.package_insurance ?? (input.insurance_information !== undefined ? input.insurance_information !== null : before.packageInsurance);
        let insurance = insured ? (input.insurance_information ?? before.insuranceInformation) : null;
        if (insured && !insurance) throw shipmentErrors.invalid('insurance_information', 'Los datos del seguro son obligatorios.');

        const moved = !samePlace(origin, before.origin) || !samePlace(destination, before.destination);
        const reshaped = !sameParcels(parcels, before.parcels) || shipmentType !== before.shipmentType;
        if ((moved || reshaped) && !input.selected_service) throw shipmentErrors.requoteRequired();
        const insuredValue = insuredValueOf(insured, insurance);
        const insuredBefore = insuredValueOf(before.packageInsurance, before.insuranceInformation);
        if (input.selected_service || insuredValue !== insuredBefore) {
          const serviceId = input.selected_service?.service_id ?? before.serviceId;
          const request = quoteRequestFor({ origin, destination, shipmentType, parcels, guides: parcels.length, insuredValue });
          const answer = await deps.quoting.quote(request, quoteCaller(caller, before.userId));
          const option = findOption(answer, serviceId, input.selected_service ? 'selected_service.service_id' : 'package_insurance');
          if (input.selected_service && !samePrice(input.selected_service.net_total_amount, option.net_total_amount)) {
            throw shipmentErrors.priceChanged('selected_service.net_total_amount');
          }
          const price = wholeOptionPrice(option);
          insurance = withInsuranceCost(insurance, price);
          Object.assign(patch, pricedColumns(option, price, answer.quoted_at) satisfies repo.ShipmentPatch);
        }
        Object.assign(patch, {
          origin,
          destination,
          ...destinationColumns(destination),
          parcels,
          shipmentType,
          description: input.description_of_the_content ?? before.description,
          packageInsurance: insured,
          insuranceInformation: insurance,
          // Local pickup exists only from Guadalajara; a new origin elsewhere drops it.
          localPickup: before.localPickup && offersLocalPickup(origin.city),
        } satisfies repo.ShipmentPatch);
      }
      const updated = await repo.updateShipment(db, id, patch, clock.now(), { unpaidOnly: editsShipment });
      if (updated) return toShipmentDto(updated);
      // Paid or deleted between the read and the write.
      const now = await repo.findShipment(db, id);
      if (now?.paid) throw shipmentErrors.paidCannotEdit();
      throw shipmentErrors.notFound();
    },

    /** `DELETE /shipments/{id}`: soft delete, unpaid only ('Anterior' on the summary uses it). */
    async remove(caller: Caller, id: string): Promise<void> {
      const found = await requireOwned(caller, id);
      if (found.paid) throw shipmentErrors.paidCannotDelete();
      const deleted = await repo.softDeleteUnpaid(db, [id], clock.now());
      if (deleted.length === 0) {
        const again = await repo.findShipment(db, id);
        if (again?.paid) throw shipmentErrors.paidCannotDelete();
        throw shipmentErrors.notFound();
      }
    },

    /** `POST /shipments/all/delete`: own unpaid shipments, all or none. */
    async removeMany(caller: Caller, ids: readonly string[]): Promise<BulkResult> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = new Map((await repo.lockShipments(tx, unique)).map((r) => [r.id, r]));
        ids.forEach((id, i) => {
          const row = rows.get(id);
          if (!row) throw shipmentErrors.notFoundAt(`list_id.${i}`);
          if (row.userId !== caller.id) throw commonErrors.forbidden();
        });
        ids.forEach((id, i) => {
          const row = rows.get(id)!;
          if (row.paid) throw shipmentErrors.paidInList(row.numberOfOrder, `list_id.${i}`);
        });
        const deleted = await repo.softDeleteUnpaid(tx, unique, clock.now());
        return { count: deleted.length, shipments: unique.filter((id) => deleted.includes(id)) };
      });
    },

    /**
     * `POST /shipments/all` (duplicate): each own shipment again at today's prices for the caller,
     * unpaid, without guide or reference, in the caller's name; all in one transaction.
     */
    async duplicate(caller: Caller, ids: readonly string[]): Promise<BulkResult> {
      const sources = new Map((await repo.findShipments(db, ids)).map((r) => [r.id, r]));
      const originals = ids.map((id, i) => {
        const found = sources.get(id);
        if (!found) throw shipmentErrors.notFoundAt(`shipments.${i}`);
        if (found.userId !== caller.id) throw commonErrors.forbidden();
        return found;
      });
      const account = await requireActiveAccount(caller.id, 'user');
      const rows = await Promise.all(
        originals.map(async (s, i): Promise<repo.NewShipment> => {
          const insuredValue = insuredValueOf(s.packageInsurance, s.insuranceInformation);
          const request = quoteRequestFor({ origin: s.origin, destination: s.destination, shipmentType: s.shipmentType, parcels: s.parcels, guides: s.parcels.length, insuredValue });
          const answer = await deps.quoting.quote(request, caller);
          const option = findOption(answer, s.serviceId, `shipments.${i}`);
          const price = wholeOptionPrice(option);
          return {
            userId: caller.id,
            ...customerColumns(account),
            origin: s.origin,
            destination: s.destination,
            ...destinationColumns(s.destination),
            ...pricedColumns(option, price, answer.quoted_at),
            shipmentType: s.shipmentType,
            parcels: s.parcels,
            description: s.description,
            packageInsurance: s.packageInsurance,
            insuranceInformation: withInsuranceCost(s.packageInsurance ? s.insuranceInformation : null, price),
            ecommerceOrderId: null,
            ecommerceType: null,
            localPickup: s.localPickup,
          };
        }),
      );
      const created = await db.transaction((tx) => repo.insertShipments(tx, rows, clock.now()));
      return { count: created.length, shipments: created.map((r) => r.id) };
    },

    list,

    /** 'Mis Estadisticas' last shipments: the newest rows, the search matching like keywords. */
    async last(userId: string, query: { search?: string | undefined; limit: number }): Promise<ShipmentRow[]> {
      const page = await list(userId, { page: 1, limit: query.limit, keywords: query.search, keywordsField: 'search' });
      return page.docs;
    },

    /** The services a user has shipments with, for the list's service filter. */
    async usedServices(userId: string): Promise<CarrierServiceOption[]> {
      const catalogue = deps.carriers.snapshot();
      return (await repo.listUsedServices(db, userId)).map((s) => {
        const carrier = catalogue.carrierByCode.get(s.carrierCode)?.name ?? CARRIER_NAMES[s.carrierCode];
        return { service_id: s.serviceId, carrier, carrier_code: s.carrierCode, carrier_service_name: s.serviceName, label: `${carrier} - ${s.serviceName}` };
      });
    },

    /** Every enabled service of the catalogue, in filter order. */
    allServices(): CarrierServiceOption[] {
      return deps.carriers.catalogue().carriers.flatMap((c) =>
        c.services.map((s) => ({ service_id: s._id, carrier: c.name, carrier_code: c.code, carrier_service_name: s.name, label: `${c.name} - ${s.name}` })),
      );
    },

    /** Spec 02 §3 summaries from one grouped query (never by loading the shipments). */
    stats(userId: string): Promise<ShipmentStats> {
      // Carrier names come from the catalogue: its version is part of the key.
      return perVersion(userId, `stats|${deps.carriers.snapshot().version}`, () => computeStats(userId));
    },

    /** Overweight of paid shipments not paid yet; its sum goes once into the next purchase. */
    async overweightOwed(userId: string): Promise<OverweightOwed> {
      const rows = await repo.listOverweightOwed(db, userId);
      return {
        docs: rows.map((r) => ({
          _id: r.id,
          numberOfOrder: r.numberOfOrder,
          number_guide: r.numberGuide,
          overweight: r.overweightKg ?? 0,
          cost_overweight: fromCentavos(r.overweightCentavos),
        })),
        total_cost_overweight: fromCentavos(rows.reduce((n, r) => n + r.overweightCentavos, 0)),
      };
    },

    async guideStatus(caller: Caller, id: string): Promise<GuideStatus> {
      const s = await requireOwned(caller, id);
      return { number_guide: s.numberGuide, messge: s.numberGuide ? (s.trackingStatus ?? 'Guía generada') : shipmentMessages.noGuideStats };
    },

    async parcels(caller: Caller, id: string) {
      const s = toShipmentDto(await requireOwned(caller, id));
      return { _id: s._id, shipment_type: s.shipment_type, parcels: s.parcels };
    },
  };
}
