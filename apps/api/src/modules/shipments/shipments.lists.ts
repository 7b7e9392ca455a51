import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import { KEYWORD_MAX, splitKeywords, type CarrierServiceOption, type ShipmentPage, type ShipmentRow, type ShipmentStats } from '@envios/contracts/shipments';
import { toPage } from '../../shared/pagination.js';
import { toRowDto } from './shipments.dto.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import type { ShipmentsDeps } from './shipments.deps.js';
import { SHIPMENT_LIST_CHANNEL } from './shipments.table.js';

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
  const { db } = deps;
  // Each user's list version from the change feed when it is exact (the embedded database: the
  // triggers' notices arrive before the write returns); otherwise read with the totals.
  const feed = deps.changes?.mode === 'exact' ? deps.changes : undefined;
  // Whole plain lists, weighed in rows: the least recently used makes room.
  const keptLists = deps.caching.create<KeptList>('shipments.lists', {
    budget: KEPT_ROWS_BUDGET,
    weigh: (l) => l.rows.length,
    keepFrom: 'first',
    sharedReads: true,
  });
  // Page answers, with the exact feed only: a page is kept with the version it was read under and
  // served only while that version stands, so any write to the user's shipments (which the
  // triggers announce before it returns) makes it stale at once. Kept from the second time it is
  // asked: paging through a list reads each page once.
  const pageAnswers = deps.caching.create<ShipmentPage>('shipments.pages', { budget: PAGE_ANSWERS_MAX, freeze: frozenPage });

  /** A page of the plain list (all, paid or unpaid): from memory while its version stands, else SQL. */
  async function plainPage(filter: repo.ListFilter, page: { limit: number; offset: number }): Promise<{ rows: ShipmentRow[]; total: number }> {
    const pick = (state: { live: number; paid: number }) => (filter.paid === undefined ? state.live : filter.paid ? state.paid : state.live - state.paid);
    const key = `${filter.userId}|${String(filter.paid)}`;
    // Taken before anything is read: a write meanwhile makes this version stale at once. Without
    // the exact feed (PostgreSQL, several processes) the version and totals are read on every call.
    let version: string | undefined;
    let state: repo.ListState | undefined;
    if (feed) version = feed.versionOf(SHIPMENT_LIST_CHANNEL, filter.userId);
    else {
      state = (await repo.findListState(db, filter.userId)) ?? { version: 0, live: 0, paid: 0 };
      version = `P${state.version}`;
    }
    const kept = keptLists.get(key, version);
    if (kept) {
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
    // A long list is then read whole once, in the background (a read under way is not started again);
    // rows read while a write changed the count are not kept.
    if (version !== undefined && keptLists.keeps && total > page.limit && total <= KEPT_LIST_MAX) {
      void keptLists
        .through(key, version, async () => ({ rows: await repo.listAllShipmentRows(db, filter), total }), { keep: (list) => list.rows.length === list.total })
        .catch(() => undefined);
    }
    return { rows: rows.map(frozenRow), total };
  }

  /**
   * The list and its variants: filters together, newest first, one page in SQL (or a slice of the
   * kept plain list); the seam where a page asked again is kept for the user's list version.
   */
  async function list(userId: string, query: ListQuery): Promise<ShipmentPage> {
    // Taken before anything is read: a write meanwhile changes it, and the answer read now is
    // then kept under a version that is already stale, so it is never served again.
    const version = feed?.versionOf(SHIPMENT_LIST_CHANNEL, userId);
    if (version === undefined) return readPage(userId, query);
    const key = JSON.stringify([
      userId,
      query.keywords ?? null,
      query.paid ?? null,
      query.service ?? null,
      query.carrier ?? null,
      query.printed ?? null,
      query.page,
      query.limit,
    ]);
    return pageAnswers.through(key, version, () => readPage(userId, query));
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
        return {
          carrier_code: code,
          carrier: catalogue.carrierByCode.get(code)?.name ?? CARRIER_NAMES[code],
          guides: s.guides,
          cost: fromCentavos(s.centavos),
        };
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
      return deps.carriers
        .catalogue()
        .carriers.flatMap((c) =>
          c.services.map((s) => ({ service_id: s._id, carrier: c.name, carrier_code: c.code, carrier_service_name: s.name, label: `${c.name} - ${s.name}` })),
        );
    },

    /** The user's summaries from one grouped query (never by loading the shipments). */
    stats(userId: string): Promise<ShipmentStats> {
      return computeStats(userId);
    },
  };
}
