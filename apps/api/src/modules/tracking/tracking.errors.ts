import { trackingErrorCodes, trackingMessages } from '@envios/contracts/tracking';
import { AppError } from '../../shared/errors.js';

export const trackingErrors = {
  /** A guide we do not know (or not of the route's carrier). */
  notFound: (guide: string) => new AppError(404, trackingErrorCodes.notFound, trackingMessages.notFound(guide)),
};
