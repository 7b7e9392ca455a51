import { reportErrorCodes, reportMessages } from '@envios/contracts/reports';
import { AppError } from './errors.js';
import { mexicoCityDayStart, mexicoCityTime, nextDay } from './mexico-city-time.js';

/**
 * A report's period from its two date pickers (Mexico City calendar days, both inclusive) as
 * instants: from the start of the first day to the start of the day after the last. A first day
 * after today or a last day before the first answers 400 naming the field. A last day after today
 * is accepted and the period simply ends now: a client whose calendar runs ahead of Mexico City's
 * (one in UTC after 18:00 here) sends tomorrow's date for "today", and nothing exists after now.
 */
export function resolvePeriod(query: { date_ini?: string | undefined; date_fin?: string | undefined }, now: Date): { from?: Date; to?: Date } {
  const today = mexicoCityTime(now).date;
  if (query.date_ini && query.date_ini > today) {
    throw new AppError(400, reportErrorCodes.periodInFuture, reportMessages.iniInFuture, [{ path: 'date_ini', message: reportMessages.iniInFuture }]);
  }
  if (query.date_ini && query.date_fin && query.date_fin < query.date_ini) {
    throw new AppError(400, reportErrorCodes.periodReversed, reportMessages.reversed, [{ path: 'date_fin', message: reportMessages.reversed }]);
  }
  // Ending at the end of today (not at this instant) keeps one period per day: the report's
  // answers are kept per filter, and a bound that moved every millisecond would never repeat.
  const last = query.date_fin && query.date_fin > today ? today : query.date_fin;
  return {
    ...(query.date_ini ? { from: mexicoCityDayStart(query.date_ini) } : {}),
    ...(last ? { to: mexicoCityDayStart(nextDay(last)) } : {}),
  };
}
