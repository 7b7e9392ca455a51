import { destinationAddressSchema, HOUSE_NUMBER_MAX, STREET_MAX, ADDRESS_TEXT_MAX, stateAndCity } from '@envios/contracts/addresses';
import type { PostalSuggestion } from '@envios/contracts/geography';
import type { OrderDestination, OrderProblem } from '@envios/contracts/integrations';
import { DESCRIPTION_MAX } from '@envios/contracts/shipments';
import type { StoreOrderItem } from './integrations.table.js';

/*
 * A store order as we keep it, whatever the platform: the shipping address mapped to our
 * destination rules (postal code looked up in the catalogue, which gives state and city; colony
 * matched among the code's settlements; street, exterior and interior number read from the
 * address lines), and whatever cannot be mapped flagged as a problem instead of dropped. Each
 * platform turns its own order into a StoreOrderInput first (platforms/<name>/…-mapping.ts).
 */

/** An address as a platform gives it, in its own words. */
export interface StoreAddressInput {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  /** The colony when the platform has a field for it (Tiendanube's `locality`). */
  colony?: string;
  city?: string;
  /** The state as the store wrote it (shown in messages). */
  state?: string;
  /** The state in our short codes when the platform's code is known (checked against the postal code). */
  state_short?: string;
  postcode?: string;
  country?: string;
  phone?: string;
  email?: string;
}

/** One line of an order; weight and sizes when the order itself carries them. */
export interface StoreItemInput {
  name: string;
  productId: number;
  quantity: number;
  sku: string;
  weightKg?: number | null;
  dimensionsCm?: { length: number; width: number; height: number } | null;
}

/**
 * A platform's order in neutral words. `status` uses our vocabulary: processing (paid, to ship),
 * pending (not paid), on-hold, completed (shipped), cancelled, refunded, failed.
 */
export interface StoreOrderInput {
  id: number;
  number: string;
  status: string;
  currency: string;
  createdAt: Date | null;
  modifiedAt: Date | null;
  /** Decimal text, as stores send money. */
  total: string;
  customerNote: string;
  billing: StoreAddressInput | null;
  shipping: StoreAddressInput | null;
  items: StoreItemInput[];
  shippingMethod: string;
}

export interface MappedOrder {
  externalId: number;
  number: string;
  status: string;
  currency: string;
  createdAt: Date;
  modifiedAt: Date;
  customerName: string;
  searchName: string;
  destination: OrderDestination;
  problems: OrderProblem[];
  rawAddress: Record<string, string>;
  items: StoreOrderItem[];
  totalCentavos: number;
  shippingMethod: string;
  customerNote: string;
  /** Weight and box from the order's own items, when every item carries its weight. */
  weightKg: number | null;
  parcelCm: { length: number; width: number; height: number } | null;
}

/** Answers the settlements of a postal code, `invalid` for a malformed one, `unknown_country`. */
export type PostalLookup = (country: string, postalCode: string) => PostalSuggestion[] | 'invalid' | 'unknown_country';

const controlChars = /\p{Cc}/gu;

/** Trimmed, single-spaced, without control characters. */
export function cleanText(value: string): string {
  return value.replace(controlChars, ' ').replace(/\s+/g, ' ').trim();
}

/** Lower case without accents: how names and colonies are compared and searched. */
export function foldText(value: string): string {
  return cleanText(value)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function cut(value: string, max: number): string {
  return value.length <= max ? value : value.slice(0, max).trimEnd();
}

/** Digits only; a Mexican number written with its country code (+52, 52 1) keeps its 10 digits. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('52')) return digits.slice(2);
  if (digits.length === 13 && digits.startsWith('521')) return digits.slice(3);
  return digits;
}

const STREET_WORDS: [RegExp, string][] = [
  [/^avenida\b/i, 'Av.'],
  [/^calzada\b/i, 'Calz.'],
  [/^boulevard\b|^bulevar\b/i, 'Blvd.'],
  [/^prolongaci[oó]n\b/i, 'Prol.'],
  [/^privada\b/i, 'Priv.'],
  [/^carretera\b/i, 'Carr.'],
  [/^andador\b/i, 'And.'],
];

/** Common street words in their usual short form, so more streets fit the label's 25 characters. */
export function abbreviateStreet(street: string): string {
  let out = street;
  for (const [pattern, short] of STREET_WORDS) out = out.replace(pattern, short);
  return out;
}

const INTERIOR = /(?:^|[\s,]+)(?:int(?:erior)?\.?|depto\.?|dpto\.?|departamento|apto\.?|local|piso)\s*#?\s*([\w-]{1,10})\s*$/i;
const INTERIOR_LINE = /^(?:int(?:erior)?\b|depto\b|dpto\b|departamento\b|apto\b|local\b|piso\b)/i;
const NUMBER_TAIL = /^(.*?)[\s,]*(?:#|n[oú]m?\.?|n[°º]|numero|número)?\s*((?:\d+[a-z]?(?:[-/]\d*[a-z]?)?)|s\/?n)\s*$/i;

/**
 * 'Av. Juárez #123 Int. 4' → street 'Av. Juárez', number '123', interior '4'. A line without a
 * number keeps it all as the street (the missing number becomes a problem).
 */
export function splitStreetLine(line: string): { street: string; number: string; interior: string } {
  let rest = cleanText(line);
  let interior = '';
  const int = INTERIOR.exec(rest);
  if (int) {
    interior = int[1]!;
    rest = rest.slice(0, int.index).trim();
  }
  const tail = NUMBER_TAIL.exec(rest);
  if (tail && tail[1]!.trim()) {
    const number = /^s\/?n$/i.test(tail[2]!) ? 'S/N' : tail[2]!.toUpperCase();
    return { street: tail[1]!.replace(/[\s,#]+$/, '').trim(), number, interior };
  }
  return { street: rest, number: '', interior };
}

/** The settlement of `places` written in the address lines (accents and case ignored), if exactly one is. */
function findColony(places: readonly PostalSuggestion[], lines: string[]): string | undefined {
  const names = [...new Set(places.map((p) => p.place_name).filter(Boolean))];
  if (names.length === 1) return names[0];
  const haystack = lines.map(foldText).join(' | ');
  const found = names.filter((n) => {
    const folded = foldText(n);
    return folded.length > 0 && haystack.includes(folded);
  });
  return found.length === 1 ? found[0] : undefined;
}

function toCentavos(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : 0;
}

/** '2 × Taza de talavera, Playera bordada' within the content description's length. */
export function describeItems(items: readonly StoreOrderItem[]): string {
  const text = items
    .filter((i) => i.quantity > 0)
    .map((i) => (i.quantity > 1 ? `${i.quantity} × ${cleanText(i.name)}` : cleanText(i.name)))
    .join(', ');
  if (!text) return 'Mercancía';
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  full_name: 'nombre',
  email: 'correo',
  phone: 'teléfono',
  address: 'calle',
  number: 'número exterior',
  intNumber: 'número interior',
  colony: 'colonia',
  postal_code: 'código postal',
  city: 'ciudad',
};

/** Maps one order; never throws on odd data (what does not fit becomes a problem). */
export function mapOrder(order: StoreOrderInput, lookup: PostalLookup, receivedAt: Date): MappedOrder {
  const problems: OrderProblem[] = [];
  const flag = (field: string, message: string, blocking = true) => {
    if (!problems.some((p) => p.field === field && p.blocking && blocking)) problems.push({ field, message, blocking });
  };
  const billing = order.billing ?? {};
  const shipping = order.shipping ?? {};
  // Stores without a separate shipping address leave it empty: the billing address is then the destination.
  const hasShipping = Boolean(cleanText(shipping.address_1 ?? '') || cleanText(shipping.postcode ?? ''));
  const a = hasShipping ? shipping : billing;
  const line1 = cleanText(a.address_1 ?? '');
  const line2 = cleanText(a.address_2 ?? '');

  const person =
    cleanText(`${a.first_name ?? ''} ${a.last_name ?? ''}`) ||
    cleanText(a.company ?? '') ||
    cleanText(`${billing.first_name ?? ''} ${billing.last_name ?? ''}`);
  let fullName = person;
  if (fullName.length > ADDRESS_TEXT_MAX) {
    fullName = cut(fullName, ADDRESS_TEXT_MAX);
    flag('full_name', `El nombre se recortó a ${ADDRESS_TEXT_MAX} caracteres: revísalo.`, false);
  }

  const email = cleanText(billing.email ?? a.email ?? '').toLowerCase();
  const phone = normalizePhone(a.phone || billing.phone || shipping.phone || '');

  const split = splitStreetLine(line1);
  let street = abbreviateStreet(split.street);
  if (street.length > STREET_MAX) {
    street = cut(street, STREET_MAX);
    flag('address', `La calle se recortó a ${STREET_MAX} caracteres: revísala («${split.street}»).`, false);
  }
  let number = split.number;
  let interior = split.interior;
  let line2Used = false;
  if (!number && line2) {
    // Some checkouts put the number on the second line.
    const second = splitStreetLine(`x ${line2}`);
    if (second.number) {
      number = second.number;
      interior ||= second.interior;
      line2Used = true;
    }
  }
  if (!number) flag('number', 'Falta el número exterior en la dirección de la tienda.');
  else if (number.length > HOUSE_NUMBER_MAX) {
    flag('number', `El número exterior «${number}» tiene más de ${HOUSE_NUMBER_MAX} caracteres.`);
  }
  if (line2 && INTERIOR_LINE.test(line2)) {
    interior ||= (INTERIOR.exec(line2)?.[1] ?? '').slice(0, HOUSE_NUMBER_MAX);
    line2Used = true;
  }

  const country = (cleanText(a.country ?? '') || 'MX').toUpperCase();
  const postalCode = cleanText(a.postcode ?? '').replace(/\s+/g, '');
  let city = '';
  let colony = '';
  let stateShort = '';
  if (!postalCode) {
    flag('postal_code', 'Falta el código postal en la dirección de la tienda.');
  } else {
    const places = lookup(country, postalCode);
    if (places === 'unknown_country') {
      flag('country_code', `No enviamos al país «${country}» de este pedido.`);
    } else if (places === 'invalid') {
      flag('postal_code', `El código postal «${postalCode}» no tiene el formato de ${country === 'MX' ? 'México (5 dígitos)' : country}.`);
    } else if (places.length === 0) {
      flag('postal_code', `El código postal ${postalCode} no existe en el catálogo: corrígelo en el asistente.`);
    } else {
      const first = places[0]!;
      if (first.state || first.city) {
        city = stateAndCity(first);
        stateShort = first.state_short;
        const storeState = a.state_short;
        if (country === 'MX' && storeState && stateShort && storeState !== stateShort) {
          flag('city', `El estado de la tienda (${cleanText(a.state ?? '')}) no corresponde al código postal ${postalCode}; usamos ${first.state}.`, false);
        }
        const found = findColony(places, [cleanText(a.colony ?? ''), line2, line1, cleanText(a.city ?? '')]);
        if (found) colony = found;
        else flag('colony', `Elige la colonia del código postal ${postalCode}: la dirección no dice cuál.`);
      } else {
        // A country without our catalogue: the store's own city and state.
        city = cleanText([a.state, a.city].filter(Boolean).join(', '));
        colony = cleanText(a.colony ?? '') || line2 || cleanText(a.city ?? '');
        flag('country_code', `Envío internacional (${country}): revisa la dirección antes de pagar.`, false);
      }
    }
  }

  // The second line, unless it held the number, the interior or the colony, is kept as the reference.
  const reference = cut(!line2Used && line2 && !foldText(line2).includes(foldText(colony) || '\u0000') ? line2 : '', ADDRESS_TEXT_MAX);
  const destination: OrderDestination = {
    full_name: fullName,
    email,
    phone,
    address: street,
    number: number.slice(0, HOUSE_NUMBER_MAX),
    intNumber: interior.slice(0, HOUSE_NUMBER_MAX),
    reference_of_origin: reference.length >= 2 ? reference : '',
    colony: cut(colony, ADDRESS_TEXT_MAX),
    postal_code: postalCode,
    city,
    state_code: stateShort,
    state_short: stateShort,
    country_code: country,
  };

  // Our own rules have the last word: whatever still fails them is a blocking problem, named.
  const checked = destinationAddressSchema.safeParse(destination);
  if (!checked.success) {
    // Colony and city come from the postal code: with the code wrong, asking for them too says nothing new.
    const codeWrong = problems.some((p) => p.blocking && (p.field === 'postal_code' || p.field === 'country_code'));
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'destination');
      if (problems.some((p) => p.field === field && p.blocking)) continue;
      if (codeWrong && (field === 'colony' || field === 'city')) continue;
      const message =
        field in FIELD_LABELS && /obligatori/.test(issue.message)
          ? `Falta ${field === 'colony' || field === 'city' ? 'la' : 'el'} ${FIELD_LABELS[field]} en la dirección de la tienda.`
          : issue.message;
      flag(field, message);
    }
  }

  const items: StoreOrderItem[] = order.items.map((l) => ({
    name: cut(cleanText(l.name), 200),
    productId: l.productId > 0 ? l.productId : 0,
    quantity: l.quantity > 0 ? l.quantity : 1,
    sku: cut(cleanText(l.sku), 100),
  }));
  // Platforms that put the weight in the order (Shopify, Tiendanube) need no product lookup.
  const carried = order.items.length > 0 && order.items.every((l) => typeof l.weightKg === 'number' && l.weightKg > 0);
  const facts = new Map<number, ProductFacts>(order.items.map((l, i) => [i + 1, { weightKg: l.weightKg ?? null, dimensionsCm: l.dimensionsCm ?? null }]));
  const weighed = carried
    ? orderWeightAndBox(
        items.map((item, i) => ({ ...item, productId: i + 1 })),
        facts,
      )
    : { weightKg: null, box: null };

  const createdAt = order.createdAt ?? receivedAt;
  return {
    externalId: order.id,
    number: cut(cleanText(order.number) || String(order.id), 40),
    status: order.status,
    currency: (cleanText(order.currency) || 'MXN').toUpperCase().slice(0, 3),
    createdAt,
    modifiedAt: order.modifiedAt ?? createdAt,
    customerName: cut(person || 'Sin nombre', 200),
    searchName: foldText(person),
    destination,
    problems,
    rawAddress: {
      name: person,
      address_1: line1,
      address_2: line2,
      city: cleanText(a.city ?? ''),
      state: cleanText(a.state ?? ''),
      postcode: cleanText(a.postcode ?? ''),
      country: cleanText(a.country ?? ''),
      phone: cleanText(a.phone || billing.phone || ''),
      email,
    },
    items,
    totalCentavos: toCentavos(order.total),
    shippingMethod: cut(cleanText(order.shippingMethod), 120),
    customerNote: cut(cleanText(order.customerNote), 500),
    weightKg: weighed.weightKg,
    parcelCm: weighed.box,
  };
}

// ---------------------------------------------------------------- weights and the parcel

const UNIT_TO_KG: Readonly<Record<string, number>> = { kg: 1, g: 0.001, lbs: 0.45359237, lb: 0.45359237, oz: 0.028349523125 };
const UNIT_TO_CM: Readonly<Record<string, number>> = { cm: 1, m: 100, mm: 0.1, in: 2.54, yd: 91.44 };

/** A product's weight in kg from the store's text and unit; null when the store has none. */
/** Beyond these a product's weight or side is not believed (nothing we ship comes close). */
const MAX_PRODUCT_KG = 1_000;
const MAX_PRODUCT_CM = 1_000;

export function productWeightKg(weight: string, unit: string): number | null {
  const n = Number(String(weight).replace(',', '.'));
  const factor = UNIT_TO_KG[unit.toLowerCase()] ?? 1;
  const kg = Math.round(n * factor * 1000) / 1000;
  // An absurd weight (1e308, a typo of tons) is no weight: the order says it is unknown.
  return weight !== '' && Number.isFinite(kg) && kg > 0 && kg <= MAX_PRODUCT_KG ? kg : null;
}

export function productDimensionsCm(
  d: { length: string; width: string; height: string } | undefined,
  unit = 'cm',
): { length: number; width: number; height: number } | null {
  if (!d) return null;
  const factor = UNIT_TO_CM[unit.toLowerCase()] ?? 1;
  const values = [d.length, d.width, d.height].map((v) => Number(String(v).replace(',', '.')) * factor);
  if (values.some((v) => !Number.isFinite(v) || v <= 0 || v > MAX_PRODUCT_CM)) return null;
  return { length: values[0]!, width: values[1]!, height: values[2]! };
}

export interface ProductFacts {
  weightKg: number | null;
  dimensionsCm: { length: number; width: number; height: number } | null;
}

/**
 * The order's weight (sum of quantity × product weight) when every product has one, and a box
 * that holds it: the longest and middle sides of the largest products, their shortest sides
 * stacked.
 */
export function orderWeightAndBox(
  items: readonly StoreOrderItem[],
  products: ReadonlyMap<number, ProductFacts>,
): { weightKg: number | null; box: { length: number; width: number; height: number } | null } {
  if (items.length === 0) return { weightKg: null, box: null };
  let grams = 0;
  let weightKnown = true;
  let boxKnown = true;
  let longest = 0;
  let middle = 0;
  let stacked = 0;
  for (const item of items) {
    const facts = products.get(item.productId);
    if (facts?.weightKg) grams += Math.round(facts.weightKg * 1000) * item.quantity;
    else weightKnown = false;
    if (facts?.dimensionsCm) {
      const sides = [facts.dimensionsCm.length, facts.dimensionsCm.width, facts.dimensionsCm.height].sort((x, y) => y - x);
      longest = Math.max(longest, sides[0]!);
      middle = Math.max(middle, sides[1]!);
      stacked += sides[2]! * item.quantity;
    } else boxKnown = false;
  }
  const cap = (v: number) => Math.min(300, Math.max(1, Math.ceil(v)));
  return {
    // Past the column's range the weight is unknown rather than a write that fails for the whole store.
    weightKg: weightKnown && grams / 1000 <= 100_000 ? grams / 1000 : null,
    box: boxKnown ? { length: cap(longest), width: cap(middle), height: cap(stacked) } : null,
  };
}

/** When the store does not say: a medium box and one kilo, flagged for the seller to check. */
export const DEFAULT_PARCEL = { width: 20, depth: 20, height: 15, weight: 1 } as const;

/** The wizard's parcel (width = Largo, depth = Ancho), weight rounded up to 0.1 kg. */
export function parcelFor(weightKg: number | null, box: { length: number; width: number; height: number } | null) {
  const weight = weightKg && weightKg > 0 ? Math.max(0.1, Math.ceil(weightKg * 10 - 1e-9) / 10) : DEFAULT_PARCEL.weight;
  return box ? { width: box.length, depth: box.width, height: box.height, weight } : { ...DEFAULT_PARCEL, weight };
}
