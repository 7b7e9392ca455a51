/**
 * Wall-clock date and time in Mexico City (America/Mexico_City), the time every date of the product
 * speaks: the time zone database's answer, slow to ask, so only asked once per UTC hour below.
 */
export const MEXICO_CITY_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Mexico_City',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface LocalDateTime {
  date: string;
  hour: number;
  time: string;
}

/**
 * The wall-clock date and time in Mexico City at `instant`. Read from the UTC fields of the
 * instant moved by Mexico City's offset (known per UTC hour, below): asking Intl for the parts
 * costs several microseconds, and every quote and report page asks for today.
 */
export function mexicoCityTime(instant: Date): LocalDateTime {
  const wall = mexicoCityWallClock(instant);
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), hour: wall.getUTCHours(), time: iso.slice(11, 19) };
}

const HOUR_MS = 3_600_000;
/** Mexico City's offset from UTC per UTC hour (it changed with daylight saving until 2022): a handful of entries. */
const offsetByHour = new Map<number, number>();

/** Minutes Mexico City is ahead of UTC at `instant` (−360 today). */
export function mexicoCityOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts = Object.fromEntries(MEXICO_CITY_PARTS.formatToParts(new Date(hour * HOUR_MS)).map((p) => [p.type, Number(p.value)]));
    const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
    offset = Math.round((asUtc - hour * HOUR_MS) / 60_000);
    if (offsetByHour.size > 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * A Date whose UTC fields read Mexico City's wall clock at `instant`: what a spreadsheet cell
 * (which has no time zone) must hold to show the time a person in Mexico saw.
 */
export function mexicoCityWallClock(instant: Date): Date {
  return new Date(instant.getTime() + mexicoCityOffsetMinutes(instant) * 60_000);
}

/** `YYYY-MM-DD HH:mm:ss`, Mexico City time (CSV exports). */
export function formatMexicoCityDateTime(instant: Date): string {
  return mexicoCityWallClock(instant).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant a Mexico City calendar day (`YYYY-MM-DD`) starts. */
export function mexicoCityDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // The offset at that day's noon (never a daylight-saving edge), applied to its midnight.
  const offset = mexicoCityOffsetMinutes(new Date(midnightUtc + 12 * HOUR_MS));
  return new Date(midnightUtc - offset * 60_000);
}

/** The next calendar day, `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
