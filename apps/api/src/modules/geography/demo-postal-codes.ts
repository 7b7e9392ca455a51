import { STATE_SHORT_BY_CODE } from '@envios/contracts/geography';
import type { PostalCodeRecord } from './geography.repository.js';

/**
 * A small demo catalogue, seeded at first start so quoting works before an operator imports the
 * official one (whose licence forbids shipping it). Real postal codes of the main cities, one or
 * more in each of the 32 states, written by hand: it is not an extract of the SEPOMEX file.
 */

const STATE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Aguascalientes',
  '02': 'Baja California',
  '03': 'Baja California Sur',
  '04': 'Campeche',
  '05': 'Coahuila de Zaragoza',
  '06': 'Colima',
  '07': 'Chiapas',
  '08': 'Chihuahua',
  '09': 'Ciudad de México',
  '10': 'Durango',
  '11': 'Guanajuato',
  '12': 'Guerrero',
  '13': 'Hidalgo',
  '14': 'Jalisco',
  '15': 'México',
  '16': 'Michoacán de Ocampo',
  '17': 'Morelos',
  '18': 'Nayarit',
  '19': 'Nuevo León',
  '20': 'Oaxaca',
  '21': 'Puebla',
  '22': 'Querétaro',
  '23': 'Quintana Roo',
  '24': 'San Luis Potosí',
  '25': 'Sinaloa',
  '26': 'Sonora',
  '27': 'Tabasco',
  '28': 'Tamaulipas',
  '29': 'Tlaxcala',
  '30': 'Veracruz de Ignacio de la Llave',
  '31': 'Yucatán',
  '32': 'Zacatecas',
};

interface DemoPostalCode {
  code: string;
  state: string;
  municipality: string;
  city: string;
  /** Settlement names; the type is Colonia unless given after a '|'. */
  settlements: string[];
}

const gdl = { state: '14', municipality: 'Guadalajara', city: 'Guadalajara' };
const cdmx = (municipality: string) => ({ state: '09', municipality, city: 'Ciudad de México' });
const mty = { state: '19', municipality: 'Monterrey', city: 'Monterrey' };

export const DEMO_POSTAL_CODES: readonly DemoPostalCode[] = [
  // Jalisco: several 441xx codes, so typing "441" already suggests Guadalajara.
  { code: '44100', ...gdl, settlements: ['Guadalajara Centro'] },
  { code: '44130', ...gdl, settlements: ['Arcos Vallarta'] },
  { code: '44150', ...gdl, settlements: ['Lafayette'] },
  { code: '44160', ...gdl, settlements: ['Americana'] },
  { code: '44190', ...gdl, settlements: ['Moderna'] },
  { code: '44600', ...gdl, settlements: ['Ladrón de Guevara|Fraccionamiento', 'Santa Teresita|Barrio'] },
  { code: '44630', ...gdl, settlements: ['Providencia|Fraccionamiento'] },
  { code: '45100', state: '14', municipality: 'Zapopan', city: 'Zapopan', settlements: ['Zapopan Centro'] },
  { code: '45500', state: '14', municipality: 'San Pedro Tlaquepaque', city: 'Tlaquepaque', settlements: ['Tlaquepaque Centro'] },
  { code: '48300', state: '14', municipality: 'Puerto Vallarta', city: 'Puerto Vallarta', settlements: ['Puerto Vallarta Centro'] },
  // Ciudad de México
  { code: '06000', ...cdmx('Cuauhtémoc'), settlements: ['Centro (Área 1)'] },
  { code: '06100', ...cdmx('Cuauhtémoc'), settlements: ['Hipódromo'] },
  { code: '06140', ...cdmx('Cuauhtémoc'), settlements: ['Condesa'] },
  { code: '06600', ...cdmx('Cuauhtémoc'), settlements: ['Juárez'] },
  { code: '06700', ...cdmx('Cuauhtémoc'), settlements: ['Roma Norte'] },
  { code: '06760', ...cdmx('Cuauhtémoc'), settlements: ['Roma Sur'] },
  { code: '03100', ...cdmx('Benito Juárez'), settlements: ['Del Valle Centro'] },
  { code: '11560', ...cdmx('Miguel Hidalgo'), settlements: ['Polanco V Sección'] },
  { code: '04000', ...cdmx('Coyoacán'), settlements: ['Villa Coyoacán'] },
  { code: '01000', ...cdmx('Álvaro Obregón'), settlements: ['San Ángel'] },
  // Nuevo León
  { code: '64000', ...mty, settlements: ['Monterrey Centro'] },
  { code: '64060', ...mty, settlements: ['Obispado'] },
  { code: '64700', ...mty, settlements: ['Tecnológico'] },
  { code: '66220', state: '19', municipality: 'San Pedro Garza García', city: 'San Pedro Garza García', settlements: ['Del Valle'] },
  // The other states, by capital and main cities.
  { code: '20000', state: '01', municipality: 'Aguascalientes', city: 'Aguascalientes', settlements: ['Aguascalientes Centro'] },
  { code: '22000', state: '02', municipality: 'Tijuana', city: 'Tijuana', settlements: ['Zona Centro'] },
  { code: '23000', state: '03', municipality: 'La Paz', city: 'La Paz', settlements: ['Zona Central'] },
  { code: '24000', state: '04', municipality: 'Campeche', city: 'San Francisco de Campeche', settlements: ['San Francisco de Campeche Centro'] },
  { code: '25000', state: '05', municipality: 'Saltillo', city: 'Saltillo', settlements: ['Saltillo Centro'] },
  { code: '27000', state: '05', municipality: 'Torreón', city: 'Torreón', settlements: ['Torreón Centro'] },
  { code: '28000', state: '06', municipality: 'Colima', city: 'Colima', settlements: ['Colima Centro'] },
  { code: '29000', state: '07', municipality: 'Tuxtla Gutiérrez', city: 'Tuxtla Gutiérrez', settlements: ['Tuxtla Gutiérrez Centro'] },
  { code: '31000', state: '08', municipality: 'Chihuahua', city: 'Chihuahua', settlements: ['Chihuahua Centro'] },
  { code: '32000', state: '08', municipality: 'Juárez', city: 'Juárez', settlements: ['Centro'] },
  { code: '34000', state: '10', municipality: 'Durango', city: 'Victoria de Durango', settlements: ['Victoria de Durango Centro'] },
  { code: '36000', state: '11', municipality: 'Guanajuato', city: 'Guanajuato', settlements: ['Guanajuato Centro'] },
  { code: '37000', state: '11', municipality: 'León', city: 'León de los Aldama', settlements: ['Centro'] },
  {
    code: '39000',
    state: '12',
    municipality: 'Chilpancingo de los Bravo',
    city: 'Chilpancingo de los Bravo',
    settlements: ['Chilpancingo de los Bravos Centro'],
  },
  { code: '39300', state: '12', municipality: 'Acapulco de Juárez', city: 'Acapulco de Juárez', settlements: ['Acapulco de Juárez Centro'] },
  { code: '42000', state: '13', municipality: 'Pachuca de Soto', city: 'Pachuca de Soto', settlements: ['Centro'] },
  { code: '50000', state: '15', municipality: 'Toluca', city: 'Toluca de Lerdo', settlements: ['Toluca de Lerdo Centro'] },
  { code: '53100', state: '15', municipality: 'Naucalpan de Juárez', city: 'Naucalpan de Juárez', settlements: ['Ciudad Satélite|Fraccionamiento'] },
  { code: '58000', state: '16', municipality: 'Morelia', city: 'Morelia', settlements: ['Centro Histórico'] },
  { code: '62000', state: '17', municipality: 'Cuernavaca', city: 'Cuernavaca', settlements: ['Cuernavaca Centro'] },
  { code: '63000', state: '18', municipality: 'Tepic', city: 'Tepic', settlements: ['Tepic Centro'] },
  { code: '68000', state: '20', municipality: 'Oaxaca de Juárez', city: 'Oaxaca de Juárez', settlements: ['Oaxaca Centro'] },
  { code: '72000', state: '21', municipality: 'Puebla', city: 'Heroica Puebla de Zaragoza', settlements: ['Puebla Centro'] },
  { code: '76000', state: '22', municipality: 'Querétaro', city: 'Santiago de Querétaro', settlements: ['Centro'] },
  { code: '77000', state: '23', municipality: 'Othón P. Blanco', city: 'Chetumal', settlements: ['Chetumal Centro'] },
  { code: '77500', state: '23', municipality: 'Benito Juárez', city: 'Cancún', settlements: ['Cancún Centro'] },
  { code: '78000', state: '24', municipality: 'San Luis Potosí', city: 'San Luis Potosí', settlements: ['San Luis Potosí Centro'] },
  { code: '80000', state: '25', municipality: 'Culiacán', city: 'Culiacán Rosales', settlements: ['Centro'] },
  { code: '82000', state: '25', municipality: 'Mazatlán', city: 'Mazatlán', settlements: ['Mazatlán Centro'] },
  { code: '83000', state: '26', municipality: 'Hermosillo', city: 'Hermosillo', settlements: ['Hermosillo Centro'] },
  { code: '86000', state: '27', municipality: 'Centro', city: 'Villahermosa', settlements: ['Villahermosa Centro'] },
  { code: '87000', state: '28', municipality: 'Victoria', city: 'Ciudad Victoria', settlements: ['Ciudad Victoria Centro'] },
  { code: '88000', state: '28', municipality: 'Nuevo Laredo', city: 'Nuevo Laredo', settlements: ['Nuevo Laredo Centro'] },
  { code: '90000', state: '29', municipality: 'Tlaxcala', city: 'Tlaxcala de Xicohténcatl', settlements: ['Tlaxcala Centro'] },
  { code: '91000', state: '30', municipality: 'Xalapa', city: 'Xalapa-Enríquez', settlements: ['Xalapa Enríquez Centro'] },
  { code: '91700', state: '30', municipality: 'Veracruz', city: 'Veracruz', settlements: ['Veracruz Centro'] },
  { code: '97000', state: '31', municipality: 'Mérida', city: 'Mérida', settlements: ['Mérida Centro'] },
  { code: '98000', state: '32', municipality: 'Zacatecas', city: 'Zacatecas', settlements: ['Zacatecas Centro'] },
];

/** The demo set as rows to store; settlement ids are ours (D01, D02, …), not SEPOMEX's. */
export function demoPostalCodeRecords(): PostalCodeRecord[] {
  return DEMO_POSTAL_CODES.flatMap((entry) =>
    entry.settlements.map((spec, i) => {
      const [settlement = spec, settlementType = 'Colonia'] = spec.split('|');
      return {
        countryCode: 'MX',
        postalCode: entry.code,
        settlementId: `D${String(i + 1).padStart(2, '0')}`,
        settlement,
        settlementType,
        municipality: entry.municipality,
        state: STATE_NAMES[entry.state]!,
        stateCode: entry.state,
        stateShort: STATE_SHORT_BY_CODE[entry.state]!,
        city: entry.city,
        zone: 'Urbano',
      };
    }),
  );
}
