import { DomainError } from '../shared/errors';
import { CITY_INVALID, CITY_NOT_IN_COUNTRY, CITY_NOT_IN_STATE, COUNTRY_INVALID, STATE_INVALID, STATE_NOT_IN_COUNTRY } from './errors';
import type { ProfileLocation } from './events';
import { resolveLocation, type PlaceLookup } from './location';

// A small geography: the United States (California: Los Angeles) and India (Karnataka: Bengaluru).
const [us, california, losAngeles] = [1, 10, 100];
const [india, karnataka, bengaluru] = [2, 20, 200];
const countries = new Map([us, india].map((id) => [id, { id }]));
const states = new Map([
  [california, { id: california, countryId: us }],
  [karnataka, { id: karnataka, countryId: india }],
]);
const cities = new Map([
  [losAngeles, { id: losAngeles, stateId: california, countryId: us }],
  [bengaluru, { id: bengaluru, stateId: karnataka, countryId: india }],
]);
const places: PlaceLookup = {
  findCountry: (id) => countries.get(id),
  findState: (id) => states.get(id),
  findCity: (id) => cities.get(id),
};

const place = (countryId: number | null, stateId: number | null, cityId: number | null): ProfileLocation => ({
  countryId,
  stateId,
  cityId,
});

describe('resolveLocation', () => {
  it('completes the state and country from a city given alone (SPEC §7: cityId only)', () => {
    expect(resolveLocation(place(null, null, bengaluru), places)).toEqual(place(india, karnataka, bengaluru));
    expect(resolveLocation(place(india, karnataka, bengaluru), places)).toEqual(place(india, karnataka, bengaluru));
  });

  it('completes the country from a state, and keeps a country alone or no place at all', () => {
    expect(resolveLocation(place(null, karnataka, null), places)).toEqual(place(india, karnataka, null));
    expect(resolveLocation(place(india, null, null), places)).toEqual(place(india, null, null));
    expect(resolveLocation(place(null, null, null), places)).toEqual(place(null, null, null));
  });

  it.each([
    ['an unknown city', place(null, null, 1), CITY_INVALID],
    ['a city outside the given state', place(null, karnataka, losAngeles), CITY_NOT_IN_STATE],
    ['a city outside the given country', place(india, null, losAngeles), CITY_NOT_IN_COUNTRY],
    ['an unknown state', place(null, 1, null), STATE_INVALID],
    ['a state outside the given country', place(us, karnataka, null), STATE_NOT_IN_COUNTRY],
    ['an unknown country', place(9, null, null), COUNTRY_INVALID],
  ])('refuses %s', (_case, location, message) => {
    expect(() => resolveLocation(location, places)).toThrow(DomainError);
    expect(() => resolveLocation(location, places)).toThrow(message);
  });
});
