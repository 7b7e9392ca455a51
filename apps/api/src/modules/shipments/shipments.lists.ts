import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import { KEYWORD_MAX, splitKeywords, type CarrierServiceOption, type ShipmentPage, type ShipmentRow, type ShipmentStats } from '@envios/contracts/shipments';
import { toPage } from '../../shared/pagination.js';
import { toRowDto } from './shipments.dto.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import type { ShipmentsDeps } from './shipments.usecases.js';

/** Cached list and statistics answers kept per process (least recently used leave first). */
const ANSWER_CACHE_MAX = 500;

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

/** The list and its variants, the service filters and the statistics, cached per list version. */
export function createShipmentLists(deps: ShipmentsDeps) {
  const { db } = deps;

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
  };
}
