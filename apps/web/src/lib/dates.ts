import dayjs from 'dayjs';
import 'dayjs/locale/es-mx';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es-mx');

export const MX_TIMEZONE = 'America/Mexico_City';

/** "lunes, 23 de noviembre de 2026" (spec: weekday, day, month and year in Spanish). */
export function formatLongDate(value: string | Date): string {
  return dayjs(value).tz(MX_TIMEZONE).format('dddd, D [de] MMMM [de] YYYY');
}

/**
 * A calendar day the API sends as YYYY-MM-DD (already a Mexico City date), in the same long
 * Spanish form; read as a plain day so no time zone can move it to the day before.
 */
export function formatLongDay(isoDate: string): string {
  return dayjs(isoDate).format('dddd, D [de] MMMM [de] YYYY');
}

/** DD/MM/YYYY HH:mm:ss in Mexico City time, as lists show it. */
export function formatDateTime(value: string | Date): string {
  return dayjs(value).tz(MX_TIMEZONE).format('DD/MM/YYYY HH:mm:ss');
}

/** "2 de diciembre de 2026 a las 22:20" in Mexico City time (when a reference or an order expires). */
export function formatDeadline(value: string | Date): string {
  return dayjs(value).tz(MX_TIMEZONE).format('D [de] MMMM [de] YYYY [a las] HH:mm');
}

export { dayjs };
