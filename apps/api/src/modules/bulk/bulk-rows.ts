import { createHash } from 'node:crypto';
import { stateAndCity, type SavedLocation } from '@envios/contracts/addresses';
import {
  BULK_COLUMN_KEYS,
  columnHeader,
  SERVICE_CHEAPEST,
  SERVICE_FASTEST,
  type BulkColumnKey,
  type BulkFieldError,
  type BulkQuote,
  type BulkRowValues,
} from '@envios/contracts/bulk';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { templateNameKey, type ParcelTemplate } from '@envios/contracts/parcels';
import type { PackageType, ShippingOption } from '@envios/contracts/quotes';
import { createShipmentSchema, type CreateShipment, type CreateShipmentInput } from '@envios/contracts/shipments';

/*
 * One bulk row checked with the wizard's rules: the cells become the wizard's create-shipment
 * body (origin from a saved address or the fields, the package from a saved package or the
 * fields, colony and city from the postal-code catalogue), the body goes through the very schema
 * the wizard and `POST /shipments` use, and each problem is reported on the column the seller
 * typed it in, with the schema's Spanish message.
 */

/** What a row needs to know about the account and the catalogue. */
export interface RowContext {
  /** Saved addresses by folded name. */
  addresses: ReadonlyMap<string, SavedLocation>;
  /** Saved packages by `templateNameKey`. */
  templates: ReadonlyMap<string, ParcelTemplate>;
  /** The settlements of a Mexican postal code; `invalid` for a malformed one. */
  lookupPostalCode(code: string): readonly PostalSuggestion[] | 'invalid';
}

export type ServiceChoice = { kind: 'cheapest' } | { kind: 'fastest' } | { kind: 'named'; name: string };

export interface BuiltRow {
  errors: BulkFieldError[];
  /** The wizard's body without its service (set once the row is quoted), when the row is valid. */
  body?: CreateShipment;
  service: ServiceChoice;
}

/** Lower case, no accents, single spaces: how names, colonies and service names are compared. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const SIDE_COLUMNS = {
  origin: {
    full_name: 'origen_nombre',
    email: 'origen_correo',
    phone: 'origen_telefono',
    address: 'origen_calle',
    number: 'origen_numero',
    intNumber: 'origen_interior',
    reference_of_origin: 'origen_referencia',
    colony: 'origen_colonia',
    postal_code: 'origen_cp',
    city: 'origen_cp',
    state_code: 'origen_cp',
    country_code: 'origen_cp',
  },
  destination: {
    full_name: 'destino_nombre',
    email: 'destino_correo',
    phone: 'destino_telefono',
    address: 'destino_calle',
    number: 'destino_numero',
    intNumber: 'destino_interior',
    reference_of_origin: 'destino_referencia',
    colony: 'destino_colonia',
    postal_code: 'destino_cp',
    city: 'destino_cp',
    state_code: 'destino_cp',
    state_short: 'destino_cp',
    country_code: 'destino_cp',
  },
} as const satisfies Record<'origin' | 'destination', Record<string, BulkColumnKey>>;

const PARCEL_COLUMNS: Record<string, BulkColumnKey> = { width: 'largo_cm', depth: 'ancho_cm', height: 'alto_cm', weight: 'peso_kg' };

const PACKAGE_WORDS: Record<string, PackageType> = {
  sobre: 'document',
  documento: 'document',
  paquete: 'box',
  caja: 'box',
  tarima: 'pallet',
  palet: 'pallet',
  pallet: 'pallet',
};

export function fieldError(field: BulkColumnKey | 'fila', message: string): BulkFieldError {
  return { field, column: columnHeader(field), message };
}

/** '44100', '6600' (a code that lost its zero in a spreadsheet) → '06600'. */
function postalCodeOf(text: string): string {
  const code = text.replace(/\s+/g, '');
  return /^\d{4}$/.test(code) ? `0${code}` : code;
}

/** '2.5', '2,5', '1,500.00', '$1,500' → a number; what is not a number stays text (the schema says so in Spanish). */
export function numberOf(text: string): number | string | undefined {
  const t = text.trim().replace(/^(MX\$|\$)\s*/i, '');
  if (t === '') return undefined;
  let normal = t;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) normal = t.replace(/,/g, '');
  else if (/^\d+,\d+$/.test(t)) normal = t.replace(',', '.');
  const n = Number(normal);
  return /^-?\d+(\.\d+)?$/.test(normal) && Number.isFinite(n) ? n : t;
}

export function serviceChoiceOf(text: string): ServiceChoice {
  const f = fold(text);
  if (f === '' || f === fold(SERVICE_CHEAPEST) || f === 'mas barata' || f === 'barato') return { kind: 'cheapest' };
  if (f === fold(SERVICE_FASTEST) || f === 'mas rapida' || f === 'rapido') return { kind: 'fastest' };
  return { kind: 'named', name: text.trim() };
}

interface SideResult {
  address: Record<string, string>;
  /** Errors already known (the saved address or the catalogue); the schema adds its own. */
  errors: BulkFieldError[];
  /** Set when the side came from a saved address: its errors belong to that column. */
  saved?: string;
}

function placeFromCatalogue(
  side: 'origin' | 'destination',
  postal: string,
  colony: string,
  ctx: RowContext,
): { errors: BulkFieldError[]; fields: Record<string, string> } {
  const cols = SIDE_COLUMNS[side];
  const word = side === 'origin' ? 'origen' : 'destino';
  if (postal === '') return { errors: [], fields: { postal_code: '', colony } };
  const found = ctx.lookupPostalCode(postal);
  if (found === 'invalid')
    return {
      errors: [fieldError(cols.postal_code, `El código postal de ${word} «${postal}» no es válido: deben ser 5 dígitos, por ejemplo 44100.`)],
      fields: { postal_code: postal, colony },
    };
  const places = found.filter((p) => p.state_short !== '');
  if (places.length === 0)
    return {
      errors: [fieldError(cols.postal_code, `El código postal de ${word} «${postal}» no existe en nuestro catálogo de México.`)],
      fields: { postal_code: postal, colony },
    };
  const names = [...new Set(places.map((p) => p.place_name))];
  let place: PostalSuggestion | undefined;
  if (colony.trim() === '' && names.length === 1) place = places[0];
  else place = places.find((p) => fold(p.place_name) === fold(colony));
  const base = places[0]!;
  const fields = {
    postal_code: postal,
    city: stateAndCity(base),
    state_code: base.state_short,
    ...(side === 'destination' ? { state_short: base.state_short } : {}),
  };
  if (!place) {
    if (colony.trim() === '') return { errors: [], fields: { ...fields, colony: '' } };
    const options = names.slice(0, 6).join(', ') + (names.length > 6 ? ` y ${names.length - 6} más` : '');
    return {
      errors: [fieldError(cols.colony, `La colonia «${colony.trim()}» no pertenece al código postal ${postal}. Colonias de ese código: ${options}.`)],
      fields: { ...fields, colony },
    };
  }
  return { errors: [], fields: { ...fields, city: stateAndCity(place), colony: place.place_name } };
}

function sideFromCells(side: 'origin' | 'destination', v: BulkRowValues, ctx: RowContext): SideResult {
  const p = side === 'origin' ? 'origen' : 'destino';
  const cell = (k: string) => (v[`${p}_${k}` as BulkColumnKey] ?? '').trim();
  const place = placeFromCatalogue(side, postalCodeOf(cell('cp')), cell('colonia'), ctx);
  return {
    address: {
      full_name: cell('nombre'),
      email: cell('correo'),
      phone: cell('telefono').replace(/[\s()-]/g, ''),
      address: cell('calle'),
      number: cell('numero'),
      intNumber: cell('interior'),
      reference_of_origin: cell('referencia'),
      country_code: 'MX',
      city: '',
      state_code: '',
      ...place.fields,
    },
    errors: place.errors,
  };
}

function originOf(v: BulkRowValues, ctx: RowContext): SideResult {
  const savedName = (v.origen ?? '').trim();
  if (savedName === '') return sideFromCells('origin', v, ctx);
  const saved = ctx.addresses.get(fold(savedName));
  if (!saved)
    return {
      address: {},
      errors: [
        fieldError('origen', `No tienes una dirección guardada llamada «${savedName}». Revisa el nombre en Direcciones o escribe los datos del origen.`),
      ],
      saved: savedName,
    };
  return {
    address: {
      full_name: saved.name,
      email: saved.email,
      phone: saved.phone,
      address: saved.street,
      number: saved.number,
      intNumber: saved.intNumber,
      reference_of_origin: saved.reference_of_origin,
      colony: saved.colony,
      postal_code: saved.postal_code,
      city: saved.city,
      state_code: saved.state_code,
      country_code: saved.country_code,
    },
    errors: [],
    saved: savedName,
  };
}

/** The column an issue of the wizard's schema belongs to. */
function columnOf(path: readonly PropertyKey[], savedOrigin: boolean): BulkColumnKey | 'fila' {
  const [first, second, third] = path.map(String);
  if (first === 'origin_direction') return savedOrigin ? 'origen' : (SIDE_COLUMNS.origin[second as keyof typeof SIDE_COLUMNS.origin] ?? 'origen_cp');
  if (first === 'destination_direction') return SIDE_COLUMNS.destination[second as keyof typeof SIDE_COLUMNS.destination] ?? 'destino_cp';
  if (first === 'parcels') return third ? (PARCEL_COLUMNS[third] ?? 'peso_kg') : 'tipo';
  if (first === 'shipment_type') return 'tipo';
  if (first === 'description_of_the_content') return 'contenido';
  if (first === 'insurance_information') {
    if (second === 'package_value') return 'valor_asegurado';
    return second === 'mail_responsible' ? (savedOrigin ? 'origen' : 'origen_correo') : savedOrigin ? 'origen' : 'origen_nombre';
  }
  if (first === 'package_insurance') return 'valor_asegurado';
  return 'fila';
}

/** A placeholder service the schema accepts; the real one is chosen after quoting. */
const NO_SERVICE = { service_id: '00000000-0000-4000-8000-000000000000', net_total_amount: 0 };

/** Checks one row and builds its body; never throws on the seller's data. */
export function buildRow(values: BulkRowValues, ctx: RowContext): BuiltRow {
  const service = serviceChoiceOf(values.servicio ?? '');
  const origin = originOf(values, ctx);
  const destination = sideFromCells('destination', values, ctx);
  const errors: BulkFieldError[] = [...origin.errors, ...destination.errors];

  const templateName = (values.paquete ?? '').trim();
  const template = templateName ? ctx.templates.get(templateNameKey(templateName)) : undefined;
  if (templateName && !template)
    errors.push(
      fieldError('paquete', `No tienes un paquete guardado llamado «${templateName}». Revisa el nombre en Paquetes o escribe el tipo, las medidas y el peso.`),
    );

  const typeText = fold(values.tipo ?? '');
  let shipmentType: string = template?.shipment_type ?? 'box';
  if (typeText !== '') shipmentType = PACKAGE_WORDS[typeText] ?? typeText;
  if (typeText !== '' && !PACKAGE_WORDS[typeText])
    errors.push(fieldError('tipo', `El tipo «${(values.tipo ?? '').trim()}» no existe: escribe sobre, paquete o tarima.`));
  const measure = (key: BulkColumnKey, fallback: number | undefined) => numberOf(values[key] ?? '') ?? fallback;
  const parcel: Record<string, number | string | undefined> = {
    width: measure('largo_cm', template?.width),
    depth: measure('ancho_cm', template?.depth),
    height: measure('alto_cm', template?.height),
    weight: measure('peso_kg', template?.weight),
  };
  if (shipmentType === 'document' && !template) {
    // A sobre travels with the preset measures; what the row says of them is not asked.
    delete parcel.width;
    delete parcel.depth;
    delete parcel.height;
  }
  const description = (values.contenido ?? '').trim() || template?.description || '';
  const insuredText = values.valor_asegurado ?? '';
  const insured = insuredText.trim() === '' ? (template?.insured_value ?? undefined) : numberOf(insuredText);

  const body = {
    selected_service: NO_SERVICE,
    shipment_type: shipmentType,
    parcels: [Object.fromEntries(Object.entries(parcel).filter(([, v]) => v !== undefined))],
    cantidadGuias: 1,
    origin_direction: origin.address,
    destination_direction: destination.address,
    description_of_the_content: description,
    package_insurance: insured !== undefined,
    ...(insured === undefined
      ? {}
      : {
          insurance_information: {
            package_value: insured,
            responsible_for_the_package: origin.address.full_name ?? '',
            mail_responsible: origin.address.email ?? '',
          },
        }),
  } as unknown as CreateShipmentInput;
  const checked = createShipmentSchema.safeParse(body);
  if (!checked.success) {
    const savedOrigin = origin.saved !== undefined;
    for (const issue of checked.error.issues) {
      const field = columnOf(issue.path, savedOrigin);
      // The catalogue already explained a bad postal code or colony; a type error already told the seller.
      if (errors.some((e) => e.field === field)) continue;
      const message = field === 'origen' && savedOrigin ? `La dirección guardada «${origin.saved}» no sirve para enviar: ${issue.message}` : issue.message;
      errors.push(fieldError(field, message));
    }
  }
  if (errors.length > 0 || !checked.success) return { errors, service };
  return { errors, body: checked.data, service };
}

/**
 * The guides a service has left for this row: a number for a service sold from the prepaid
 * inventory (what is available minus what the file's other rows already take), `undefined` for
 * one whose guides the carrier issues.
 */
export type GuidesLeft = (serviceId: string) => number | undefined;

const UNLIMITED: GuidesLeft = () => undefined;

/**
 * The option the row's service column asks for among the quote's options (sorted by price).
 * «Más barato» and «más rápido» choose among the services that still have guides for the row; a
 * service named by the seller that has none left is explained on the row.
 */
export function chooseOption(
  options: readonly ShippingOption[],
  choice: ServiceChoice,
  guidesLeft: GuidesLeft = UNLIMITED,
): { option?: ShippingOption; error?: BulkFieldError } {
  if (options.length === 0)
    return { error: fieldError('servicio', 'Ningún servicio llega a este destino con este paquete. Revisa el código postal, el peso y las medidas.') };
  const inStock = (o: ShippingOption) => (guidesLeft(o.service_id) ?? 1) > 0;
  if (choice.kind === 'cheapest' || choice.kind === 'fastest') {
    const stocked = options.filter(inStock);
    if (stocked.length === 0)
      return {
        error: fieldError(
          'servicio',
          'Por ahora no quedan guías de los servicios que llegan a este destino (las que hay ya cubren otras filas de este archivo). Inténtalo más tarde o escríbenos.',
        ),
      };
    if (choice.kind === 'cheapest') return { option: stocked.reduce((best, o) => (o.net_total_amount < best.net_total_amount ? o : best)) };
    return {
      option: stocked.reduce((best, o) =>
        o.total_transit_days < best.total_transit_days || (o.total_transit_days === best.total_transit_days && o.net_total_amount < best.net_total_amount)
          ? o
          : best,
      ),
    };
  }
  const wanted = fold(choice.name);
  const option = options.find((o) => fold(`${o.carrier} ${o.carrier_service_name}`) === wanted || fold(o.carrier_service_name) === wanted);
  if (option && !inStock(option)) {
    return {
      error: fieldError(
        'servicio',
        `No quedan guías de «${option.carrier} ${option.carrier_service_name}» para esta fila: las que hay ya cubren otras filas de este archivo o se agotaron. Escribe «${SERVICE_CHEAPEST}», «${SERVICE_FASTEST}» u otro servicio.`,
      ),
    };
  }
  if (option) return { option };
  const names = options.map((o) => `${o.carrier} ${o.carrier_service_name}`);
  return {
    error: fieldError(
      'servicio',
      `El servicio «${choice.name}» no está disponible para este envío. Escribe «${SERVICE_CHEAPEST}», «${SERVICE_FASTEST}» o uno de: ${names.slice(0, 8).join(', ')}.`,
    ),
  };
}

export function quoteOf(option: ShippingOption): BulkQuote {
  return {
    service_id: option.service_id,
    carrier: option.carrier,
    carrier_service_name: option.carrier_service_name,
    net_total_amount: option.net_total_amount,
    total_transit_days: option.total_transit_days,
    estimated_delivery: option.estimated_delivery,
  };
}

/**
 * What makes a row the same row: every column as the seller wrote it, spaces, case and accents
 * aside. Per account (the user id is part of it), so the same file uploaded again is recognised.
 */
export function rowFingerprint(userId: string, values: BulkRowValues): string {
  const canonical = BULK_COLUMN_KEYS.map((k) => `${k}=${fold(values[k] ?? '')}`).join('\n');
  return createHash('sha256').update(userId).update('\n').update(canonical).digest('base64url');
}
