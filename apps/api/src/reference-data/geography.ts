import { createHash } from 'node:crypto';
import type * as CountryStateCity from 'country-state-city';

/** SPEC §3 master data: countries, states by country, cities by state, each with a numeric id. */
export interface Country {
  id: number;
  name: string;
  isoCode: string;
}

export interface State {
  id: number;
  name: string;
  isoCode: string;
  countryId: number;
}

export interface City {
  id: number;
  name: string;
  stateId: number;
  countryId: number;
}

/**
 * The package identifies places by ISO codes only, while profiles store numeric ids. An id is the
 * first 6 bytes of SHA-256 over the place's codes: the same on every machine and across package
 * upgrades as long as the codes stay, and a safe integer (< 2^48) for JSON and the SPA.
 */
function placeId(key: string): number {
  return createHash('sha256').update(key).digest().readUIntBE(0, 6);
}

export const countryIdOf = (countryCode: string) => placeId(`country:${countryCode}`);
export const stateIdOf = (countryCode: string, stateCode: string) => placeId(`state:${countryCode}-${stateCode}`);
export const cityIdOf = (countryCode: string, stateCode: string, name: string) => placeId(`city:${countryCode}-${stateCode}-${name}`);

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sortByName = <T extends { name: string }>(places: T[]): T[] => places.sort((a, b) => byName.compare(a.name, b.name));

function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * The package parses its whole data set when loaded (about 0.3 s): it is loaded on the first lookup,
 * not when the site or the operator CLI starts.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const places = once(() => require('country-state-city') as typeof CountryStateCity);

interface RegionIndex {
  countries: readonly Country[];
  countryById: Map<number, Country>;
  statesByCountryId: Map<number, readonly State[]>;
  stateById: Map<number, State>;
}

const regionIndex = once((): RegionIndex => {
  const countries = sortByName(
    places()
      .Country.getAllCountries()
      .map(({ name, isoCode }) => Object.freeze({ id: countryIdOf(isoCode), name, isoCode })),
  );
  const stateById = new Map<number, State>();
  const statesByCountryId = new Map<number, State[]>();
  for (const { name, isoCode, countryCode } of places().State.getAllStates()) {
    const state = Object.freeze({ id: stateIdOf(countryCode, isoCode), name, isoCode, countryId: countryIdOf(countryCode) });
    stateById.set(state.id, state);
    push(statesByCountryId, state.countryId, state);
  }
  statesByCountryId.forEach(sortByName);
  return { countries: Object.freeze(countries), countryById: new Map(countries.map((c) => [c.id, c])), statesByCountryId, stateById };
});

const toCity = ({ name, countryCode, stateCode }: { name: string; countryCode: string; stateCode: string }): City =>
  Object.freeze({
    id: cityIdOf(countryCode, stateCode, name),
    name,
    stateId: stateIdOf(countryCode, stateCode),
    countryId: countryIdOf(countryCode),
  });

// About 150,000 cities: a state's list is built when first asked for, and the id index behind
// findCity only when a city is first looked up by id, never at start-up.
const citiesByStateId = new Map<number, readonly City[]>();

const cityById = once((): Map<number, City> => {
  const index = new Map<number, City>();
  for (const city of places().City.getAllCities()) {
    const entry = toCity(city);
    index.set(entry.id, entry);
  }
  return index;
});

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** All countries, by name. */
export function listCountries(): readonly Country[] {
  return regionIndex().countries;
}

/** The states of a country, by name; empty for an unknown country or one without states. */
export function listStates(countryId: number): readonly State[] {
  return regionIndex().statesByCountryId.get(countryId) ?? [];
}

/** The cities of a state, by name; empty for an unknown state. */
export function listCities(stateId: number): readonly City[] {
  const cached = citiesByStateId.get(stateId);
  if (cached) return cached;
  const state = findState(stateId);
  if (!state) return [];
  const country = findCountry(state.countryId);
  if (!country) return [];
  const cities = Object.freeze(sortByName(places().City.getCitiesOfState(country.isoCode, state.isoCode).map(toCity)));
  citiesByStateId.set(stateId, cities);
  return cities;
}

export function findCountry(id: number): Country | undefined {
  return regionIndex().countryById.get(id);
}

export function findState(id: number): State | undefined {
  return regionIndex().stateById.get(id);
}

export function findCity(id: number): City | undefined {
  return cityById().get(id);
}
