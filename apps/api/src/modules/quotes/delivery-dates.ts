import { BoundedCache } from '../../shared/bounded-cache.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';

export { mexicoCityTime, type LocalDateTime } from '../../shared/mexico-city-time.js';

/**
 * Ship and delivery dates in working days, America/Mexico_City. Working days are Monday to
 * Friday except the statutory rest days of the Ley Federal del Trabajo (art. 74): 1 January,
 * first Monday of February, third Monday of March, 1 May, 16 September, 1 October every six
 * years from 2024 (change of federal government), third Monday of November, 25 December.
 * A parcel handed over on a working day before the 18:00 cut-off (when our service hours end)
 * ships that day; otherwise it ships the next working day.
 */
export const SHIP_CUTOFF_HOUR = 18;
/** A planned ship time handed to a carrier API is at least this far ahead of now. */
const SHIP_LEAD_MINUTES = 15;

function toUtc(ymd: string): Date {
  return new Date(`${ymd}T00:00:00Z`);
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The n-th given weekday (0 Sunday … 6 Saturday) of a month (1–12), as YYYY-MM-DD. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return fromUtc(new Date(Date.UTC(year, month - 1, 1 + offset + (n - 1) * 7)));
}

const holidayCache = new Map<number, ReadonlySet<string>>();

export function mexicanHolidays(year: number): ReadonlySet<string> {
  let found = holidayCache.get(year);
  if (!found) {
    const y = String(year);
    const days = [`${y}-01-01`, nthWeekday(year, 2, 1, 1), nthWeekday(year, 3, 1, 3), `${y}-05-01`, `${y}-09-16`, nthWeekday(year, 11, 1, 3), `${y}-12-25`];
    if (year >= 2024 && (year - 2024) % 6 === 0) days.push(`${y}-10-01`);
    found = new Set(days);
    holidayCache.set(year, found);
  }
  return found;
}

export function isWorkingDay(ymd: string): boolean {
  const day = toUtc(ymd).getUTCDay();
  return day !== 0 && day !== 6 && !mexicanHolidays(Number(ymd.slice(0, 4))).has(ymd);
}

export function nextWorkingDay(ymd: string): string {
  const d = toUtc(ymd);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (!isWorkingDay(fromUtc(d)));
  return fromUtc(d);
}

const deliveryCache = new BoundedCache<string, string>({ maxEntries: 1_000, ttlMs: Infinity });

/** `days` working days after `ymd` (0: the same day). Memoised: every quote asks the same few. */
export function addWorkingDays(ymd: string, days: number): string {
  const key = `${ymd}|${days}`;
  let found = deliveryCache.get(key, 0);
  if (found === undefined) {
    found = ymd;
    for (let i = 0; i < days; i++) found = nextWorkingDay(found);
    deliveryCache.set(key, found, { nowMs: 0 });
  }
  return found;
}

export interface ShipPlan {
  /** YYYY-MM-DD. */
  shipDate: string;
  /** `YYYY-MM-DDTHH:MM:SS`, local time, never in the past (carrier APIs refuse past ship times). */
  shipDateTimeLocal: string;
}

let lastPlan: { second: number; plan: ShipPlan } | undefined;

/** The ship plan at `now` (memoised for the current second: quotes arrive many per second). */
export function planShipment(now: Date): ShipPlan {
  const second = Math.floor(now.getTime() / 1000);
  if (lastPlan?.second !== second) lastPlan = { second, plan: computePlan(now) };
  return lastPlan.plan;
}

function computePlan(now: Date): ShipPlan {
  const local = mexicoCityTime(now);
  if (isWorkingDay(local.date) && local.hour < SHIP_CUTOFF_HOUR) {
    const soon = mexicoCityTime(new Date(now.getTime() + SHIP_LEAD_MINUTES * 60_000));
    return { shipDate: local.date, shipDateTimeLocal: `${soon.date}T${soon.time}` };
  }
  const date = nextWorkingDay(local.date);
  return { shipDate: date, shipDateTimeLocal: `${date}T10:00:00` };
}
