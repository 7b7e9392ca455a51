import relativeTime from 'dayjs/plugin/relativeTime';
import { dayjs, formatDateTime } from '@/lib/dates';

dayjs.extend(relativeTime);

/** 'hace 3 minutos' (Spanish), or the word given when it never happened. */
export function timeAgo(iso: string | null, never = 'Aún no'): string {
  return iso ? dayjs(iso).fromNow() : never;
}

/** The exact moment, for a title or a screen reader: 'DD/MM/YYYY HH:mm:ss'. */
export function exactTime(iso: string | null): string | undefined {
  return iso ? formatDateTime(iso) : undefined;
}
