import { contactErrorCodes } from '@envios/contracts/contact';
import { AppError } from '../../shared/errors.js';

export const contactErrors = {
  notFound: () => new AppError(404, contactErrorCodes.notFound, 'El mensaje no existe.'),
  /** A closed message is answered only after opening it again (so nobody answers twice by mistake). */
  closed: () =>
    new AppError(409, contactErrorCodes.closed, 'El mensaje está cerrado: ábrelo de nuevo para responderlo.', [
      { path: 'status', message: 'El mensaje está cerrado: ábrelo de nuevo para responderlo.' },
    ]),
};
