import { errorCodes } from '@envios/contracts/errors';
import { AppError } from '../../shared/errors.js';

export const metricsErrors = {
  /** Metrics switched off (production without METRICS_TOKEN), or asked from outside this machine: as if the route did not exist. */
  off: () => new AppError(404, errorCodes.routeNotFound, 'La ruta GET /metrics no existe.'),
  tokenRequired: () =>
    new AppError(401, 'metrics.unauthorized', 'Las métricas requieren el token de METRICS_TOKEN en el encabezado Authorization: Bearer.', undefined, {
      'www-authenticate': 'Bearer realm="metrics"',
    }),
};
