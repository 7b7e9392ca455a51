import { AppError } from '../../shared/errors.js';

export const metricsErrors = {
  tokenRequired: () =>
    new AppError(401, 'metrics.unauthorized', 'Las métricas requieren el token de METRICS_TOKEN en el encabezado Authorization: Bearer.', undefined, {
      'www-authenticate': 'Bearer realm="metrics"',
    }),
};
