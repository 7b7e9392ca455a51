import { z } from 'zod';

/** The one error shape every API answer uses. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Stable, machine-readable codes shared by the API and the web app. */
export const errorCodes = {
  validation: 'request.invalid',
  invalidCharacters: 'request.invalid_characters',
  notFound: 'request.not_found',
  routeNotFound: 'route.not_found',
  unauthenticated: 'auth.unauthenticated',
  forbidden: 'auth.forbidden',
  rateLimited: 'request.rate_limited',
  internal: 'server.internal',
  unavailable: 'server.unavailable',
  geographyUnknownCountry: 'geography.unknown_country',
  geographyInvalidPostalCode: 'geography.invalid_postal_code',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
