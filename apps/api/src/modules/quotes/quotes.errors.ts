import { quoteErrorCodes } from '@envios/contracts/quotes';
import { AppError } from '../../shared/errors.js';

const side = (field: 'origin_direction' | 'destination_direction') => (field === 'origin_direction' ? 'origen' : 'destino');

export const quoteErrors = {
  originNotMexico: () => {
    const message = 'Por ahora solo enviamos desde México: el país de origen debe ser MX.';
    return new AppError(400, quoteErrorCodes.unsupportedRoute, message, [{ path: 'origin_direction.country_code', message }]);
  },
  unknownCountry: (country: string) => {
    const message = `El país de destino «${country}» no existe: usa un código ISO de dos letras, por ejemplo US.`;
    return new AppError(400, quoteErrorCodes.unsupportedRoute, message, [{ path: 'destination_direction.country_code', message }]);
  },
  invalidPostalCode: (field: 'origin_direction' | 'destination_direction', value: string, countryName: string, example: string) => {
    const message = `El código postal de ${side(field)} «${value}» no es válido para ${countryName}; por ejemplo: ${example}.`;
    return new AppError(400, quoteErrorCodes.invalidPostalCode, message, [{ path: `${field}.postal_code`, message }]);
  },
  unknownPostalCode: (field: 'origin_direction' | 'destination_direction', value: string) => {
    const message = `El código postal de ${side(field)} «${value}» no existe en nuestro catálogo de México. Revísalo o elige uno de la lista.`;
    return new AppError(400, quoteErrorCodes.unknownPostalCode, message, [{ path: `${field}.postal_code`, message }]);
  },
  tooManyParcels: (parcels: number, guides: number) => {
    const message = `Cada guía lleva un paquete: enviaste ${parcels} paquetes y ${guides} ${guides === 1 ? 'guía' : 'guías'}. El número de guías debe ser al menos ${parcels}.`;
    return new AppError(400, quoteErrorCodes.tooManyParcels, message, [{ path: 'cantidadGuias', message }]);
  },
  tooHeavy: (index: number, billableKg: number, volumetric: boolean, maxKg: number) => {
    const why = volumetric ? `por sus medidas se cobra como ${billableKg} kg (peso volumétrico)` : `pesa ${billableKg} kg`;
    const message = `El paquete ${index + 1} ${why} y supera el máximo de ${maxKg} kg que aceptan nuestros servicios para este tipo de envío.`;
    return new AppError(400, quoteErrorCodes.tooHeavy, message, [{ path: volumetric ? `parcels.${index}` : `parcels.${index}.weight`, message }]);
  },
};
