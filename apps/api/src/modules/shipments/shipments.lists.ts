import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import { KEYWORD_MAX, splitKeywords, type CarrierServiceOption, type ShipmentPage, type ShipmentRow, type ShipmentStats } from '@envios/contracts/shipments';
import { BoundedCache } from '../../shared/bounded-cache.js';
import { RecentKeys } from '../../shared/recent-keys.js';
import { toPage } from '../../shared/pagination.js';
import { toRowDto } from './shipments.dto.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import type { ShipmentsDeps } from './shipments.deps.js';

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
  printed?: boolean | undefined;
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

/** A plain list longer than this is never kept in memory (its pages always come from SQL). */
const KEPT_LIST_MAX = 20_000;
/** Rows kept in memory across every user's plain lists. */
const KEPT_ROWS_BUDGET = 200_000;

/** Page answers kept across users and filters (each a few KB), while their list version stands. */
const PAGE_ANSWERS_MAX = 500;

interface KeptList {
  version: string;
  /** Read as rows; each becomes its frozen answer row the first time a page shows it. */
  rows: (repo.ShipmentListRow | ShipmentRow)[];
  total: number;
}

/** A list row as answered, frozen: kept rows and kept pages share it and nobody changes it. */
function frozenRow(row: repo.ShipmentListRow): ShipmentRow {
  return Object.freeze(toRowDto(row));
}

function isAnswerRow(row: repo.ShipmentListRow | ShipmentRow): row is ShipmentRow {
  return Object.isFrozen(row);
}

/** A page answer about to be kept, frozen whole (its rows already are): it is then written to JSON once. */
function frozenPage(answer: ShipmentPage): ShipmentPage {
  Object.freeze(answer.docs);
  return Object.freeze(answer);
}

/**
 * The list and its variants, the service filters and the statistics. A call reads only the page
 * it answers: ids through the index that matches its filters, then those rows, and the total from
 * the counts the triggers keep per user (or, with keyword, service or carrier filters, counted
 * when the page alone cannot tell it).
 *
 * Paging through a long plain list (all, paid or unpaid) one query per page costs far more than
 * the page itself (walking the index up to the offset; on the embedded database on the very
 * thread that serves HTTP). So after a first page is answered from SQL, the whole plain list of
 * that version is read once in the background and later pages are slices of it, for as long as
 * the user's list version stands: from the triggers' notices on the embedded database, or read
 * with the totals on every call on PostgreSQL (several processes, notices after the fact).
 */
export function createShipmentLists(deps: ShipmentsDeps) {
  const { db, listVersions } = deps;
  // Recently used lists last, so the first one is the one dropped when the budget is full.
  const keptLists = new Map<string, KeptList>();
  const loading = new Set<string>();
  let keptRows = 0;
  // Page answers on the embedded database, whose notices give each user's list version for free:
  // a page is kept with the version it was read under and served only while that version stands,
  // so any write to the user's shipments (which the triggers announce before it returns) makes it
  // stale at once.
  const pageAnswers = new BoundedCache<string, { version: string; page: ShipmentPage }>({ maxEntries: PAGE_ANSWERS_MAX, ttlMs: Infinity });
  // A page is kept from the second time it is asked: paging through a list reads each page once,
  // and keeping those made every read leave an entry behind for the garbage collector.
  const askedBefore = new RecentKeys({ slots: PAGE_ANSWERS_MAX * 2, ttlMs: Infinity });

  function forget(key: string): void {
    const old = keptLists.get(key);
    if (!old) return;
    keptRows -= old.rows.length;
    keptLists.delete(key);
  }

  /** The user's list version now (undefined while notices do not flow yet). */
  async function versionNow(userId: string): Promise<string | undefined> {
    if (listVersions) return listVersions.of(userId);
    return `P${(await repo.findListState(db, userId))?.version ?? 0}`;
  }

  async function keepList(key: string, filter: repo.ListFilter, version: string, total: number): Promise<void> {
    loading.add(key);
    try {
      const rows = await repo.listAllShipmentRows(db, filter);
      // A write during the read changed the version: these rows may be older than it, drop them.
      if ((await versionNow(filter.userId)) !== version || rows.length !== total) return;
      forget(key);
      while (keptLists.size > 0 && keptRows + rows.length > KEPT_ROWS_BUDGET) forget(keptLists.keys().next().value!);
      keptLists.set(key, { version, rows, total });
      keptRows += rows.length;
    } finally {
      loading.delete(key);
    }
  }

  /** A page of the plain list (all, paid or unpaid): from memory while its version stands, else SQL. */
  async function plainPage(filter: repo.ListFilter, page: { limit: number; offset: number }): Promise<{ rows: ShipmentRow[]; total: number }> {
    const pick = (state: { live: number; paid: number }) => (filter.paid === undefined ? state.live : filter.paid ? state.paid : state.live - state.paid);
    const key = `${filter.userId}|${String(filter.paid)}`;
    // Taken before anything is read: a write meanwhile makes this version stale at once. Without
    // notices (PostgreSQL, several processes) the version and totals are read on every call.
    let version: string | undefined;
    let state: repo.ListState | undefined;
    if (listVersions) version = listVersions.of(filter.userId);
    else {
      state = (await repo.findListState(db, filter.userId)) ?? { version: 0, live: 0, paid: 0 };
      version = `P${state.version}`;
    }
    const kept = version === undefined ? undefined : keptLists.get(key);
    if (kept && kept.version === version) {
      keptLists.delete(key);
      keptLists.set(key, kept);
      const end = Math.min(page.offset + page.limit, kept.rows.length);
      const rows: ShipmentRow[] = [];
      for (let i = page.offset; i < end; i++) {
        const row = kept.rows[i]!;
        if (isAnswerRow(row)) rows.push(row);
        else rows.push((kept.rows[i] = frozenRow(row)));
      }
      return { rows, total: kept.total };
    }
    let rows: readonly repo.ShipmentListRow[];
    let total: number;
    if (state) {
      total = pick(state);
      rows = page.offset < total ? await repo.listShipmentPage(db, filter, page) : [];
    } else {
      const answer = await repo.listKeptPage(db, filter, page);
      rows = answer.rows;
      total = pick(answer);
    }
    if (version !== undefined && total > page.limit && total <= KEPT_LIST_MAX && !loading.has(key)) {
      void keepList(key, filter, version, total).catch(() => undefined);
    }
    return { rows: rows.map(frozenRow), total };
  }

  /**
   * The list and its variants: filters together, newest first, one page in SQL (or a slice of the
   * kept plain list). On the embedded database a page asked again is kept (frozen) for the user's
   * list version and answered again while that version stands.
   */
  async function list(userId: string, query: ListQuery): Promise<ShipmentPage> {
    // Taken before anything is read: a write meanwhile changes it, and the answer read now is
    // then kept under a version that is already stale, so it is never served again.
    const version = listVersions?.of(userId);
    const memoKey =
      version === undefined ? undefined : JSON.stringify([userId, query.keywords ?? null, query.paid ?? null, query.service ?? null, query.carrier ?? null, query.printed ?? null, query.page, query.limit]);
    if (memoKey !== undefined) {
      const kept = pageAnswers.get(memoKey);
      if (kept && kept.version === version) return kept.page;
    }
    const answer = await readPage(userId, query);
    if (memoKey === undefined || !askedBefore.sawBefore(memoKey)) return answer;
    const page = frozenPage(answer);
    pageAnswers.set(memoKey, { version: version!, page });
    return page;
  }

  async function readPage(userId: string, query: ListQuery): Promise<ShipmentPage> {
    const { words, paid } = parseKeywords(query.keywords, query.keywordsField ?? 'keywords');
    const wanted = new Set([...paid, ...(query.paid === undefined ? [] : [query.paid])]);
    // 'true' and 'false' together (or against the status filter) match nothing.
    if (wanted.size > 1) return toPage([], 0, query.page, query.limit);
    const filter: repo.ListFilter = { userId, keywords: words, paid: [...wanted][0], serviceId: query.service, carrier: query.carrier, printed: query.printed };
    const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
    if (words.length === 0 && !query.service && !query.carrier && query.printed === undefined) {
      const plain = await plainPage(filter, page);
      return toPage(plain.rows, plain.total, query.page, query.limit);
    }
    const rows = await repo.listShipmentPage(db, filter, page);
    // A page that is neither empty nor full is the last one: it tells the total by itself.
    const known = rows.length > 0 && rows.length < query.limit ? page.offset + rows.length : page.offset === 0 && rows.length === 0 ? 0 : undefined;
    const total = known ?? (await repo.countShipments(db, filter));
    return toPage(rows.map(frozenRow), total, query.page, query.limit);
  }

  /**
   * Every carrier in filter order, zero when the user has none with it; sums in centavos. 'Envíos
   * por paquetería' counts guides, that is paid shipments: an unpaid one is only a quote kept.
   */
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
    return {
      payment_status: {
        unpaid_guide: unpaid.guides,
        paid_guide: paid.guides,
        unpaid_amount: fromCentavos(unpaid.centavos),
        paid_amount: fromCentavos(paid.centavos),
      },
      per_carrier: codes.map((code) => {
        const s = sum((g) => g.paid && g.carrierCode === code);
        return { carrier_code: code, carrier: catalogue.carrierByCode.get(code)?.name ?? CARRIER_NAMES[code], guides: s.guides, cost: fromCentavos(s.centavos) };
      }),
      totals: { guides: paid.guides, cost: fromCentavos(paid.centavos) },
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

    /** The user's summaries from one grouped query (never by loading the shipments). */
    stats(userId: string): Promise<ShipmentStats> {
      return computeStats(userId);
    },
  };
}
