import { z } from 'zod';
import { countryCodeSchema } from './geography.js';

/**
 * Addresses: the origin and destination of a shipment and the
 * saved addresses of `/api/v1/locations-user`. A shipment side keeps the street, the
 * exterior number and the interior number apart (`address`, `number`, `intNumber`) and
 * `address_line` joins them with commas. A saved address follows the spec's table: `address` is
 * the joined line, and `street`, `number`, `intNumber` are answered beside it.
 */

export const ADDRESS_TEXT_MAX = 35;
export const STREET_MAX = 25;
export const HOUSE_NUMBER_MAX = 5;
export const PHONE_MIN = 3;
export const PHONE_MAX = 25;
export const POSTAL_CODE_MAX = 12;

export type AddressSide = 'origin' | 'destination';

// Control characters never belong in an address; they would also break labels and mail headers.
const noControlChars = /^[^\p{Cc}]*$/u;

function requiredText(label: string, min: number, max: number) {
  const between = min > 1 ? `entre ${min} y ${max} caracteres` : `como máximo ${max} caracteres`;
  const required = `${label} es ${label.startsWith('La ') ? 'obligatoria' : 'obligatorio'}.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .min(min, { error: `${label} debe tener ${between}.` })
    .max(max, { error: `${label} debe tener ${between}.` })
    .regex(noControlChars, { error: `${label} contiene caracteres no válidos.` });
}

function optionalText(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label} debe tener entre ${min} y ${max} caracteres.` })
    .regex(noControlChars, { error: `${label} contiene caracteres no válidos.` })
    .refine((v) => v.length === 0 || v.length >= min, { error: `${label} debe tener entre ${min} y ${max} caracteres.` })
    .default('');
}

export const addressPhoneSchema = z
  .string({ error: 'El teléfono es obligatorio.' })
  .trim()
  .min(1, { error: 'El teléfono es obligatorio.' })
  .regex(/^\d+$/, { error: 'El teléfono solo debe contener dígitos.' })
  .min(PHONE_MIN, { error: `El teléfono debe tener entre ${PHONE_MIN} y ${PHONE_MAX} dígitos.` })
  .max(PHONE_MAX, { error: `El teléfono debe tener entre ${PHONE_MIN} y ${PHONE_MAX} dígitos.` });

export const addressEmailSchema = z
  .string({ error: 'El correo electrónico es obligatorio.' })
  .trim()
  .min(1, { error: 'El correo electrónico es obligatorio.' })
  .max(254, { error: 'El correo electrónico es demasiado largo.' })
  .pipe(z.email({ error: 'Debes introducir un correo electrónico válido' }));

export const addressPostalCodeSchema = z
  .string({ error: 'El código postal es obligatorio.' })
  .trim()
  .min(1, { error: 'El código postal es obligatorio.' })
  .regex(/^\d+$/, { error: 'El código postal solo debe contener dígitos.' })
  .max(POSTAL_CODE_MAX, { error: `El código postal debe tener como máximo ${POSTAL_CODE_MAX} dígitos.` });

/**
 * The address form of a shipment side, with its origin/destination differences:
 * exterior number min 1 (origin) or 2 (destination); colony and city min 5 at the
 * destination. City is filled, read-only, from the postal-code pick ('Estado, Ciudad').
 */
export function shipmentAddressSchema(side: AddressSide) {
  const destination = side === 'destination';
  return z.object({
    full_name: requiredText('El nombre completo', 2, ADDRESS_TEXT_MAX),
    email: addressEmailSchema,
    phone: addressPhoneSchema,
    /** The street alone; `address_line` joins street, number and interior number. */
    address: requiredText('La calle', 2, STREET_MAX),
    number: requiredText('El número exterior', destination ? 2 : 1, HOUSE_NUMBER_MAX),
    intNumber: z
      .string()
      .trim()
      .max(HOUSE_NUMBER_MAX, { error: `El número interior debe tener como máximo ${HOUSE_NUMBER_MAX} caracteres.` })
      .regex(noControlChars, { error: 'El número interior contiene caracteres no válidos.' })
      .default(''),
    reference_of_origin: optionalText('La referencia', 2, ADDRESS_TEXT_MAX),
    colony: requiredText('La colonia', destination ? 5 : 1, ADDRESS_TEXT_MAX),
    postal_code: addressPostalCodeSchema,
    /** 'Estado, Ciudad' as the postal-code pick fills it (the city reads 'state, city'). */
    city: requiredText('La ciudad', destination ? 5 : 2, ADDRESS_TEXT_MAX + 45),
    state_code: z.string().trim().max(10, { error: 'El estado debe tener como máximo 10 caracteres.' }).default(''),
    country_code: countryCodeSchema.default('MX'),
    ...(destination ? { state_short: z.string().trim().max(10, { error: 'El estado debe tener como máximo 10 caracteres.' }).default('') } : {}),
  });
}

export const originAddressSchema = shipmentAddressSchema('origin');
export const destinationAddressSchema = shipmentAddressSchema('destination');
export type ShipmentAddressInput = z.input<typeof originAddressSchema> & { state_short?: string };
export type ShipmentAddress = z.output<typeof originAddressSchema> & { state_short?: string };

/** What the API answers for a stored side: the input plus the joined line. */
export const shipmentAddressResponseSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  number: z.string(),
  intNumber: z.string(),
  reference_of_origin: z.string(),
  colony: z.string(),
  postal_code: z.string(),
  city: z.string(),
  state_code: z.string(),
  country_code: z.string(),
  state_short: z.string().optional(),
  /** 'Calle, Número, Interior' (street, number and interior joined by commas). */
  address_line: z.string(),
});
export type ShipmentAddressResponse = z.infer<typeof shipmentAddressResponseSchema>;

/** 'Av. Juárez, 123, 4B' — street, exterior and (when present) interior number joined by commas. */
export function formatAddressLine(a: { address: string; number?: string; intNumber?: string }): string {
  return [a.address, a.number ?? '', a.intNumber ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

/** 'Jalisco, Guadalajara': a city as the spec stores it, 'Estado, Ciudad', from a postal-code pick. */
export function stateAndCity(pick: { state: string; city: string; municipality?: string }): string {
  return [pick.state, pick.city || pick.municipality || '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

/** The city part of 'Estado, Ciudad' (what the quote sends). */
export function cityOnly(city: string): string {
  const parts = city.split(',');
  return (parts[parts.length - 1] ?? '').trim();
}

// ---------------------------------------------------------------- saved addresses (/locations-user)

const intNumberSchema = z
  .string()
  .trim()
  .max(HOUSE_NUMBER_MAX, { error: `El número interior debe tener como máximo ${HOUSE_NUMBER_MAX} caracteres.` })
  .regex(noControlChars, { error: 'El número interior contiene caracteres no válidos.' })
  .default('');

const savedLocationCommon = {
  name: requiredText('El nombre', 2, ADDRESS_TEXT_MAX),
  email: addressEmailSchema,
  phone: addressPhoneSchema,
  reference_of_origin: optionalText('La referencia', 2, ADDRESS_TEXT_MAX),
  colony: requiredText('La colonia', 1, ADDRESS_TEXT_MAX),
  postal_code: addressPostalCodeSchema,
  city: requiredText('La ciudad', 2, ADDRESS_TEXT_MAX + 45),
  state_code: z.string().trim().max(10).default(''),
  country_code: countryCodeSchema.default('MX'),
};

/**
 * The 'Direcciones' form: name, phone, e-mail, street and exterior number required;
 * interior and reference optional; colony, city and country read-only from the postal pick.
 * The street, exterior and interior number are typed apart (`address` is the street here).
 */
export const savedLocationFormSchema = z.object({
  ...savedLocationCommon,
  address: requiredText('La calle', 2, STREET_MAX),
  number: requiredText('El número exterior', 1, HOUSE_NUMBER_MAX),
  intNumber: intNumberSchema,
});
export type SavedLocationForm = z.input<typeof savedLocationFormSchema>;

/** The longest joined line: street, exterior and interior number and their two separators. */
export const JOINED_ADDRESS_MAX = STREET_MAX + 2 * HOUSE_NUMBER_MAX + 4;

/** 'Av. Juárez, 123, 4B' → its parts; the last two parts are the numbers when there are three or more. */
export function splitAddressLine(line: string): { street: string; number: string; intNumber: string } {
  const parts = line.split(',').map((p) => p.trim());
  if (parts.length < 2) return { street: parts[0] ?? '', number: '', intNumber: '' };
  if (parts.length === 2) return { street: parts[0]!, number: parts[1]!, intNumber: '' };
  return { street: parts.slice(0, -2).join(', '), number: parts.at(-2)!, intNumber: parts.at(-1)! };
}

const streetPart = requiredText('La calle', 2, STREET_MAX);
const numberPart = requiredText('El número exterior', 1, HOUSE_NUMBER_MAX);

/**
 * The body of `POST`/`PUT /api/v1/locations-user`, in either form:
 * - the spec's: `address` holds the street, the exterior number and the optional interior joined
 *   by commas ('Av. Juárez, 123, 4B'), with no `number`;
 * - ours: `street` (or `address` as the street alone) with `number` and optional `intNumber`.
 * An `address` that ends with the given numbers (a record read and sent back) counts once. The
 * answer carries both forms. `user` is ignored for regular users (the caller owns what they
 * save); an admin may save for a user.
 */
export const savedLocationInputSchema = z
  .object({
    ...savedLocationCommon,
    address: z
      .string({ error: 'La dirección es obligatoria.' })
      .trim()
      .max(JOINED_ADDRESS_MAX, { error: `La dirección debe tener como máximo ${JOINED_ADDRESS_MAX} caracteres.` })
      .regex(noControlChars, { error: 'La dirección contiene caracteres no válidos.' })
      .optional(),
    street: z.string().trim().regex(noControlChars, { error: 'La calle contiene caracteres no válidos.' }).optional(),
    number: z.string().trim().regex(noControlChars, { error: 'El número exterior contiene caracteres no válidos.' }).optional(),
    intNumber: intNumberSchema.optional(),
    user: z.uuid({ error: 'El usuario no es válido.' }).optional(),
  })
  .transform((input, ctx) => {
    const { address, street, number, intNumber, ...rest } = input;
    let parts: { street: string; number: string; intNumber: string };
    // Where a wrong part is reported: the joined line when the parts came from it.
    let from: 'address' | 'parts';
    if (number !== undefined) {
      let base = street ?? address ?? '';
      if (street === undefined && address && number) {
        const tail = [number, intNumber ?? ''].filter(Boolean).join(', ');
        if (address.endsWith(`, ${tail}`)) base = address.slice(0, -(tail.length + 2)).trim();
      }
      parts = { street: base, number, intNumber: intNumber ?? '' };
      from = street === undefined ? 'address' : 'parts';
    } else if (street !== undefined) {
      parts = { street, number: '', intNumber: intNumber ?? '' };
      from = 'parts';
    } else if (address) {
      parts = splitAddressLine(address);
      if (!parts.intNumber && intNumber) parts.intNumber = intNumber;
      from = 'address';
    } else {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'La dirección es obligatoria.' });
      return z.NEVER;
    }
    const checks: [string, z.ZodType, string][] = [
      [from === 'address' ? 'address' : 'street', streetPart, parts.street],
      [from === 'address' && number === undefined ? 'address' : 'number', numberPart, parts.number],
      [from === 'address' && intNumber === undefined ? 'address' : 'intNumber', intNumberSchema, parts.intNumber],
    ];
    let failed = false;
    for (const [path, schema, value] of checks) {
      const checked = schema.safeParse(value);
      if (checked.success) continue;
      failed = true;
      const message =
        path === 'address' && number === undefined && parts.number === ''
          ? 'La dirección debe llevar la calle y el número exterior separados por comas, por ejemplo «Av. Juárez, 123, 4B».'
          : (checked.error.issues[0]?.message ?? 'La dirección no es válida.');
      ctx.addIssue({ code: 'custom', path: [path], message });
      if (path === 'address') break;
    }
    if (failed) return z.NEVER;
    return { ...rest, street: parts.street, number: parts.number, intNumber: parts.intNumber };
  });
export type SavedLocationInput = z.input<typeof savedLocationInputSchema>;
export type SavedLocationData = z.output<typeof savedLocationInputSchema>;

/** A saved address as the API answers it: the spec's joined `address` and our separate parts. */
export const savedLocationSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** 'Calle, Número, Interior': the spec's form. */
  address: z.string(),
  street: z.string(),
  number: z.string(),
  intNumber: z.string(),
  /** The same line as `address` (kept for clients that read it). */
  address_line: z.string(),
  reference_of_origin: z.string(),
  colony: z.string(),
  postal_code: z.string(),
  city: z.string(),
  state_code: z.string(),
  country_code: z.string(),
  user: z.uuid(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type SavedLocation = z.infer<typeof savedLocationSchema>;

/** `GET /api/v1/locations-user?user=` answers the caller's list, newest first (at most this many). */
export const SAVED_LOCATIONS_MAX = 500;
export const savedLocationListSchema = z.array(savedLocationSchema);

export const savedLocationQuerySchema = z.object({
  user: z.uuid({ error: 'El usuario no es válido.' }).optional(),
  /** Name, street, colony or postal code contains this (3 to 35 characters). */
  search: z.string().trim().max(ADDRESS_TEXT_MAX).optional(),
});

export const addressErrorCodes = {
  notFound: 'addresses.not_found',
  tooMany: 'addresses.too_many',
} as const;

/** The delete confirmation. */
export const deleteConfirmation = {
  title: 'Está seguro?',
  message: 'Está seguro de eliminar este registro?',
  confirm: 'Sí',
  cancel: 'Cancelar',
} as const;
