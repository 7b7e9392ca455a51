/** Wall-clock date and time in Mexico City (America/Mexico_City), the time every date of the product speaks. */
const PARTS = new Intl.DateTimeFormat('en-CA', {
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

/** The wall-clock date and time in Mexico City at `instant`. */
export function mexicoCityTime(instant: Date): LocalDateTime {
  const parts = Object.fromEntries(PARTS.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), time: `${parts.hour}:${parts.minute}:${parts.second}` };
}
