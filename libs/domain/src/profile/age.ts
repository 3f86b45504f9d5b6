import { CALENDAR_DATE_PATTERN, isCalendarDate } from '@app/contracts';

/**
 * Full years from a 'YYYY-MM-DD' date of birth to the UTC date of `now`; null for no or an
 * invalid date. Someone born on 29 February turns a year older on 1 March in other years.
 */
export function ageInYears(dateOfBirth: string | null, now: Date): number | null {
  if (dateOfBirth === null || !isCalendarDate(dateOfBirth)) return null;
  const [, year, month, day] = CALENDAR_DATE_PATTERN.exec(dateOfBirth)!.map(Number);
  const todayMonth = now.getUTCMonth() + 1;
  const todayDay = now.getUTCDate();
  const birthdayPassed = todayMonth > month || (todayMonth === month && todayDay >= day);
  // A date of birth east of UTC may still be tomorrow in UTC: that is age 0, not -1.
  return Math.max(0, now.getUTCFullYear() - year - (birthdayPassed ? 0 : 1));
}

/** SPEC §2: the profile shows the age as 'N Years'. */
export function formatAge(dateOfBirth: string | null, now: Date): string | null {
  const years = ageInYears(dateOfBirth, now);
  return years === null ? null : `${years} Years`;
}
