import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './pagination.js';

/**
 * The prepaid wallet ('Monedero', /prepaid): an append-only ledger of top-ups
 * ('abono'), shipment charges ('cargo') and overweight payments ('pago_sobrepeso'). Amounts are
 * integer centavos inside and decimal MXN with two decimals on the wire; the balance is the sum of
 * the paid entries.
 */

export const WALLET_ENTRY_TYPES = ['abono', 'cargo', 'pago_sobrepeso'] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];

/** Who settled an entry: an admin credit, a payment provider, or the wallet itself (charges). */
export const WALLET_PROVIDERS = ['admin', 'paypal', 'oxxo', 'wallet'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];

/** The largest top-up one request may ask for, MXN. */
export const TOP_UP_MAX_MXN = 100_000;

export const walletErrorCodes = {
  notFound: 'wallet.not_found',
  insufficientBalance: 'wallet.insufficient_balance',
  alreadyPaid: 'wallet.already_paid',
} as const;

export type WalletMovement = 'Abono' | 'Cargo' | 'Pago sobrepeso';
export type WalletStatusLabel = 'Pagado' | 'Pendiente' | 'Cancelado';

/** A top-up nobody paid (abandoned, or declined and not retried) is cancelled after this long without an open payment. */
export const TOP_UP_ABANDONED_AFTER_HOURS = 24;

/**
 * A wallet movement's own number, prefixed so it never reads like a shipment's folio (both count
 * up from 1000): 'MON-1000'. A charge also names the shipment folio it paid.
 */
export function walletFolio(numberOfOrder: number): string {
  return `MON-${numberOfOrder}`;
}

/** Movement column of the wallet table: overweight by type, otherwise by shipment. */
export function walletMovement(entry: { type: WalletEntryType; shipment: string | null }): WalletMovement {
  if (entry.type === 'pago_sobrepeso') return 'Pago sobrepeso';
  return entry.type === 'cargo' || entry.shipment ? 'Cargo' : 'Abono';
}

function hasAtMostTwoDecimals(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
}

/** An amount to put into a wallet, MXN: more than zero, at most TOP_UP_MAX_MXN, two decimals at most. */
export function topUpAmountSchema(label = 'El monto') {
  // 'El monto es obligatorio.' but 'La cantidad a abonar es obligatoria.'
  const required = /^la\s/i.test(label) ? 'obligatoria' : 'obligatorio';
  return z
    .number({ error: (iss) => (iss.input === undefined ? `${label} es ${required}.` : `${label} debe ser un número.`) })
    .positive({ error: `${label} debe ser mayor que cero.` })
    .max(TOP_UP_MAX_MXN, { error: () => `${label} debe ser como máximo ${TOP_UP_MAX_MXN.toLocaleString('es-MX')} pesos.` })
    .refine(hasAtMostTwoDecimals, { error: `${label} debe tener como máximo dos decimales.` });
}

const userIdSchema = z.uuid({ error: 'El identificador de usuario no es válido.' });

/** One row of the wallet table. `amount` is signed MXN: positive for a top-up, negative for a charge. */
export const walletEntrySchema = z.object({
  _id: z.string(),
  /** The movement's own sequence number; shown as `folio`. */
  numberOfOrder: z.number().int(),
  /** 'MON-1000': the movement's number as people read it, never mistaken for a shipment folio. */
  folio: z.string(),
  type: z.enum(WALLET_ENTRY_TYPES),
  movement: z.enum(['Abono', 'Cargo', 'Pago sobrepeso']),
  amount: z.number(),
  /** true = paid. */
  status: z.boolean(),
  status_label: z.enum(['Pagado', 'Pendiente', 'Cancelado']),
  /** A top-up left unpaid and cancelled (no longer payable). */
  cancelled: z.boolean(),
  shipment: z.string().nullable(),
  /** The folio (numberOfOrder) of the shipment a charge or overweight payment paid. */
  shipment_folio: z.number().int().nullable(),
  user: z.string(),
  provider: z.enum(WALLET_PROVIDERS).nullable(),
  /** Why the movement exists when its type alone does not say it (a refund of a payment that could not apply). */
  note: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletListQuerySchema = pageQuerySchema.extend({
  /** Whose wallet; the caller's when absent. Another user's only for an admin. */
  user: userIdSchema.optional(),
});
export const walletListSchema = pagedSchema(walletEntrySchema);
export type WalletList = z.infer<typeof walletListSchema>;

/** GET /prepaid/getTotalAmount/{userId}: the balance, MXN with two decimals. */
export const walletTotalSchema = z.object({ total_amount: z.number() });
export type WalletTotal = z.infer<typeof walletTotalSchema>;

/** POST /prepaid: a pending top-up ('Nuevo abono', step 1). `user` defaults to the caller. */
export const topUpInputSchema = z.object({
  user: userIdSchema.optional(),
  amount: topUpAmountSchema('El monto'),
});
export type TopUpInput = z.input<typeof topUpInputSchema>;

/** POST /prepaid/createPrepaid (admin 'Abonar' in Usuarios): a credit, paid at once. */
export const adminCreditInputSchema = z.object({
  cantidadAbonar: topUpAmountSchema('La cantidad a abonar'),
  userId: userIdSchema,
});
export type AdminCreditInput = z.input<typeof adminCreditInputSchema>;

export const walletEntryIdSchema = z.object({ id: z.string() });
