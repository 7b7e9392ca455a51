import { AppError } from '../../shared/errors.js';

export const idempotencyErrorCodes = {
  keyReused: 'idempotency.key_reused',
  unknownOutcome: 'idempotency.unknown_outcome',
  inProgress: 'idempotency.in_progress',
} as const;

const HEADER = 'Idempotency-Key';

export const idempotencyErrors = {
  keyReused: () =>
    new AppError(
      422,
      idempotencyErrorCodes.keyReused,
      'Esta Idempotency-Key ya se usó en las últimas 24 horas con otra solicitud (otra ruta u otro cuerpo): usa una clave nueva para cada operación.',
      [{ path: HEADER, message: 'La clave ya se usó con otra solicitud.' }],
    ),
  /** A request with this key was under way when its process stopped: whether it took effect is unknown. */
  unknownOutcome: () =>
    new AppError(
      409,
      idempotencyErrorCodes.unknownOutcome,
      'La primera solicitud con esta Idempotency-Key se interrumpió y no sabemos si se completó: revisa tus envíos y pagos antes de repetirla con una clave nueva.',
      [{ path: HEADER, message: 'Resultado desconocido.' }],
    ),
  inProgress: () =>
    new AppError(409, idempotencyErrorCodes.inProgress, 'Otra solicitud con esta Idempotency-Key sigue en curso: espera su respuesta y vuelve a intentarlo.', [
      { path: HEADER, message: 'Solicitud en curso.' },
    ]),
};
