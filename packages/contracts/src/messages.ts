import { z } from 'zod';

/**
 * Spanish validation messages. The spec's own texts are kept word for word; the rest follow the
 * same voice. Each message names the field so a person knows what to fix.
 */
export const specMessages = {
  invalidEmail: 'Debes introducir un correo electrónico válido',
  passwordLength: 'La contraseña debe tener una longitud de entre 4 y 12 caracteres',
  passwordsDontMatch: 'Las contraseñas no coinciden',
  invalidPhone: 'Debes introducir un número de teléfono válido',
  invalidUrl: 'URL inválida',
} as const;

export const msg = {
  required: (field: string) => `${field} es obligatorio.`,
  tooShort: (field: string, min: number) => `${field} debe tener al menos ${min} caracteres.`,
  tooLong: (field: string, max: number) => `${field} debe tener como máximo ${max} caracteres.`,
  between: (field: string, min: number, max: number) => `${field} debe tener entre ${min} y ${max} caracteres.`,
  min: (field: string, min: number) => `${field} debe ser mayor o igual a ${min}.`,
  max: (field: string, max: number) => `${field} debe ser menor o igual a ${max}.`,
  integer: (field: string) => `${field} debe ser un número entero.`,
  number: (field: string) => `${field} debe ser un número.`,
  oneOf: (field: string) => `${field} no es una opción válida.`,
} as const;

/** Zod's fallback messages in Spanish, for any rule that has no message of its own. */
export function applySpanishValidationMessages(): void {
  z.config(z.locales.es());
}

/**
 * Browsers: parse without zod's compiled fast path. Our CSP forbids eval, and zod probes for it
 * with `new Function`, which the browser reports as a CSP violation; without the probe nothing
 * is reported and parsing works the same.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
