import { errorCodes } from '@envios/contracts/errors';
import { AppError } from '../../shared/errors.js';

export const geographyErrors = {
  unknownCountry: (country: string, field = 'country') => {
    const message = `El país «${country}» no existe: usa un código ISO de dos letras, por ejemplo MX.`;
    return new AppError(400, errorCodes.geographyUnknownCountry, message, [{ path: field, message }]);
  },
  invalidPostalCode: (field: string, postalCode: string, countryName: string, example: string) => {
    const message = `El código postal «${postalCode}» no es válido para ${countryName}; por ejemplo: ${example}.`;
    return new AppError(400, errorCodes.geographyInvalidPostalCode, message, [{ path: field, message }]);
  },
  noPostalCodes: (field: string, countryName: string) => {
    const message = `${countryName} no usa códigos postales: deja el código postal vacío.`;
    return new AppError(400, errorCodes.geographyInvalidPostalCode, message, [{ path: field, message }]);
  },
};

/** Why an import stopped (the CLI prints the message; nothing was replaced). */
export class CatalogueImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueImportError';
  }
}
