import { NOT_AVAILABLE, PRESENT } from '@app/contracts';
import { format } from 'date-fns';

/** An empty value reads 'N/A' (SPEC §8). */
export const orNotAvailable = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? NOT_AVAILABLE : String(value);

/**
 * A calendar date ('YYYY-MM-DD') as 'MMM yyyy' (SPEC §2). Built from its parts, not parsed as an
 * instant, so no time zone moves it into the month before.
 */
export function monthYear(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return NOT_AVAILABLE;
  return format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), 'MMM yyyy');
}

/** A history item's time span: 'Jan 2020 - Jun 2021', or '... - Present' with no end date. */
export const period = (startDate: string | null | undefined, endDate: string | null | undefined): string =>
  `${monthYear(startDate)} - ${endDate ? monthYear(endDate) : PRESENT}`;

/** 'City, State, Country', leaving out the parts that are missing; 'N/A' when none is. */
export const placeText = (place: { cityName?: string | null; stateName?: string | null; countryName?: string | null }): string =>
  orNotAvailable([place.cityName, place.stateName, place.countryName].filter((part) => part && part.trim() !== '').join(', '));
