import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';
import { fromCentavos } from '@envios/contracts/money';
import { KEYWORD_MAX, splitKeywords, type CarrierServiceOption, type ShipmentPage, type ShipmentRow, type ShipmentStats } from '@envios/contracts/shipments';
import { toPage } from '../../shared/pagination.js';
import { toRowDto } from './shipments.dto.js';
import { shipmentErrors } from './shipments.errors.js';
import * as repo from './shipments.repository.js';
import type { ShipmentsDeps } from './shipments.usecases.js';

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

/**
 * The list and its variants, the service filters and the statistics. Every call reads only what
 * it answers: one page through the index that matches its filters, and the total from the counts
 * the triggers keep per user (or, for keyword, service and carrier filters, counted only when the
 * page alone cannot tell it). Nothing is kept between calls, so a write anywhere shows at once.
 */
export function createShipmentLists(deps: ShipmentsDeps) {
  const { db } = deps;

  /** The list and its variants: filters together, newest first, one page in SQL. */
  async function list(userId: string, query: ListQuery): Promise<ShipmentPage> {
    const { words, paid } = parseKeywords(query.keywords, query.keywordsField ?? 'keywords');
    const wanted = new Set([...paid, ...(query.paid === undefined ? [] : [query.paid])]);
    // 'true' and 'false' together (or against the status filter) match nothing.
    if (wanted.size > 1) return toPage([], 0, query.page, query.limit);
    const filter: repo.ListFilter = { userId, keywords: words, paid: [...wanted][0], serviceId: query.service, carrier: query.carrier };
    const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
    if (words.length === 0 && !query.service && !query.carrier) {
      // Unfiltered or by paid state alone: the page and the kept totals in one statement.
      const kept = await repo.listKeptPage(db, filter, page);
      const total = filter.paid === undefined ? kept.live : filter.paid ? kept.paid : kept.live - kept.paid;
      return toPage(kept.rows.map(toRowDto), total, query.page, query.limit);
    }
    const rows = await repo.listShipmentPage(db, filter, page);
    // A page that is neither empty nor full is the last one: it tells the total by itself.
    const known = rows.length > 0 && rows.length < query.limit ? page.offset + rows.length : page.offset === 0 && rows.length === 0 ? 0 : undefined;
    const total = known ?? (await repo.countShipments(db, filter));
    return toPage(rows.map(toRowDto), total, query.page, query.limit);
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

    /** The user's summaries from one grouped query (never by loading the shipments). */
    stats(userId: string): Promise<ShipmentStats> {
      return computeStats(userId);
    },
  };
}
