/**
 * Calendar dates (date of birth, history start and end) travel as 'YYYY-MM-DD': a day, not an
 * instant, so no time zone can move it to the day before.
 */
export const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'YYYY-MM-DD' naming a day that exists (no 2025-02-30, no year 0). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** The easternmost time zone (UTC+14): at any instant, no one on Earth has a later date than this. */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * 'Today' for the rule 'cannot exceed today' (SPEC §5): the latest date anywhere on Earth at
 * `now`, so a user east of UTC is never refused their own today, and the browser and the server
 * agree whatever their time zones.
 */
export const latestToday = (now: Date): string => new Date(now.getTime() + LATEST_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** Calendar dates compare as strings. */
export const isNotAfterToday = (date: string, now: Date): boolean => date <= latestToday(now);
