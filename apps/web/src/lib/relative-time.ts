import { differenceInDays, differenceInHours, differenceInMinutes, differenceInSeconds, isValid } from 'date-fns';

// en-GB writes dd/mm/yyyy; Intl rather than date-fns' format keeps its locale data off the first screen.
// Made on first use: building it loads ICU's locale data, about 25 ms of a first screen that shows no old post.
let dayMonthYear: Intl.DateTimeFormat | undefined;
const formatDayMonthYear = (time: Date) =>
  (dayMonthYear ??= new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' })).format(time);

const HAS_ZONE = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;

/** Server times without a zone designator are UTC (SPEC §9). */
export function parseServerTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  const text = value.trim();
  return new Date(HAS_ZONE.test(text) || !text.includes('T') ? text : `${text}Z`);
}

function about(count: number, unit: string): string {
  return `about ${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * 'about N seconds/minutes/hours/days ago' up to 29 days, then 'on dd/mm/yyyy' (SPEC §9).
 * A time that has not passed yet (clock skew) reads 'about a moment ago'. Invalid input gives ''.
 */
export function relativeTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '';
  const time = parseServerTime(value);
  if (!isValid(time)) return '';
  const seconds = differenceInSeconds(now, time);
  if (seconds < 1) return 'about a moment ago';
  if (seconds < 60) return about(seconds, 'second');
  const minutes = differenceInMinutes(now, time);
  if (minutes < 60) return about(minutes, 'minute');
  const hours = differenceInHours(now, time);
  if (hours < 24) return about(hours, 'hour');
  const days = differenceInDays(now, time);
  if (days <= 29) return about(days, 'day');
  return `on ${formatDayMonthYear(time)}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A time in full for a tooltip, 'dd/mm/yyyy, hh:mm' in the reader's time zone, like the site's
 * dates (SPEC §9). Written out rather than with toLocaleString, whose first call loads ICU's
 * locale data while the post's first screen is drawn.
 */
export function exactTime(value: string | Date): string {
  const time = parseServerTime(value);
  if (!isValid(time)) return '';
  const date = [time.getDate(), time.getMonth() + 1].map(twoDigits).join('/');
  return `${date}/${time.getFullYear()}, ${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
}
