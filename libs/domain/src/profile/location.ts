import { validationError } from '../shared/errors';
import { CITY_INVALID, CITY_NOT_IN_COUNTRY, CITY_NOT_IN_STATE, COUNTRY_INVALID, STATE_INVALID, STATE_NOT_IN_COUNTRY } from './errors';
import type { ProfileLocation } from './events';

/**
 * What resolving a place needs of the geography. The reference data (a large package of countries,
 * states and cities) stays in the API, which resolves a place before deciding: the domain stays pure.
 */
export interface PlaceLookup {
  findCountry: (id: number) => { id: number } | undefined;
  findState: (id: number) => { id: number; countryId: number } | undefined;
  findCity: (id: number) => { id: number; stateId: number; countryId: number } | undefined;
}

/**
 * Checks a place against the geography and completes it from its most precise part: a city alone
 * gives its state and country (SPEC §7 sends 'cityId only for location'); a state or country given
 * beside it must be the city's own. Refuses unknown ids.
 */
export function resolveLocation(
  { countryId, stateId, cityId }: ProfileLocation,
  { findCity, findState, findCountry }: PlaceLookup,
): ProfileLocation {
  if (cityId !== null) {
    const city = findCity(cityId);
    if (!city) throw validationError(CITY_INVALID);
    if (stateId !== null && stateId !== city.stateId) throw validationError(CITY_NOT_IN_STATE);
    if (countryId !== null && countryId !== city.countryId) throw validationError(CITY_NOT_IN_COUNTRY);
    return { countryId: city.countryId, stateId: city.stateId, cityId: city.id };
  }
  if (stateId !== null) {
    const state = findState(stateId);
    if (!state) throw validationError(STATE_INVALID);
    if (countryId !== null && countryId !== state.countryId) throw validationError(STATE_NOT_IN_COUNTRY);
    return { countryId: state.countryId, stateId: state.id, cityId: null };
  }
  if (countryId !== null && !findCountry(countryId)) throw validationError(COUNTRY_INVALID);
  return { countryId, stateId: null, cityId: null };
}
