import { dayjs, formatLongDate, formatLongDay, MX_TIMEZONE } from '@/lib/dates';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Lunes, 23 de noviembre de 2026": a day's title (weekday, day, month, year in Spanish). */
export function longDayTitle(isoDate: string): string {
  return capitalize(formatLongDay(isoDate));
}

/** "Lunes, 23 de noviembre de 2026, 14:05" (Mexico City) for a moment. */
export function longMoment(iso: string): string {
  return `${capitalize(formatLongDate(iso))}, ${dayjs(iso).tz(MX_TIMEZONE).format('HH:mm')}`;
}
