import { trackingErrorCodes, trackingMessages } from '@envios/contracts/tracking';
import { AppError } from '../../shared/errors.js';

export const trackingErrors = {
  /** Spec 01 §8, word for word: a guide we do not know (or not of the route's carrier). */
  notFound: (guide: string) => new AppError(404, trackingErrorCodes.notFound, trackingMessages.notFound(guide)),
};
