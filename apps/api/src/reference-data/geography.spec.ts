import { City as CityData, State as StateData } from 'country-state-city';
import { cityIdOf, countryIdOf, findCity, findCountry, findState, listCities, listCountries, listStates, stateIdOf } from './geography';

const isSortedByName = (places: readonly { name: string }[]) =>
  places.every((place, i) => i === 0 || places[i - 1].name.localeCompare(place.name, 'en', { sensitivity: 'base', numeric: true }) <= 0);

describe('geography', () => {
  it('derives ids that never drift: a changed id would orphan every stored profile location', () => {
    expect(countryIdOf('US')).toBe(264411620956341);
    expect(stateIdOf('US', 'CA')).toBe(119407516838146);
    expect(cityIdOf('US', 'CA', 'Los Angeles')).toBe(189821721048392);
  });

  it('walks country -> states -> cities', () => {
    const us = listCountries().find((country) => country.isoCode === 'US');
    expect(us).toEqual({ id: 264411620956341, name: 'United States', isoCode: 'US' });

    const california = listStates(us!.id).find((state) => state.name === 'California');
    expect(california).toEqual({ id: 119407516838146, name: 'California', isoCode: 'CA', countryId: us!.id });

    const losAngeles = listCities(california!.id).find((city) => city.name === 'Los Angeles');
    expect(losAngeles).toEqual({ id: 189821721048392, name: 'Los Angeles', stateId: california!.id, countryId: us!.id });

    expect(findCountry(us!.id)).toEqual(us);
    expect(findState(california!.id)).toEqual(california);
    expect(findCity(losAngeles!.id)).toEqual(losAngeles);
  });

  it('sorts every list by name', () => {
    const countries = listCountries();
    expect(countries.length).toBeGreaterThan(200);
    expect(isSortedByName(countries)).toBe(true);
    const us = countryIdOf('US');
    expect(isSortedByName(listStates(us))).toBe(true);
    expect(isSortedByName(listCities(stateIdOf('US', 'CA')))).toBe(true);
  });

  it('gives every country, state and city a unique safe id', () => {
    const countryIds = listCountries().map((c) => c.id);
    expect(new Set(countryIds).size).toBe(countryIds.length);
    const states = StateData.getAllStates();
    expect(new Set(states.map((s) => stateIdOf(s.countryCode, s.isoCode))).size).toBe(states.length);
    const cities = CityData.getAllCities();
    const cityIds = cities.map((c) => cityIdOf(c.countryCode, c.stateCode, c.name));
    expect(new Set(cityIds).size).toBe(cities.length);
    expect(cityIds.every((id) => Number.isSafeInteger(id) && id >= 0 && id < 2 ** 48)).toBe(true);
  });

  it('answers unknown ids with empty lists and undefined', () => {
    expect(listStates(1)).toEqual([]);
    expect(listCities(1)).toEqual([]);
    expect(findCountry(1)).toBeUndefined();
    expect(findState(1)).toBeUndefined();
    expect(findCity(1)).toBeUndefined();
  });

  it('gives a country without states an empty state list', () => {
    expect(findCountry(countryIdOf('VA'))?.name).toBe('Vatican City State (Holy See)');
    expect(listStates(countryIdOf('VA'))).toEqual([]);
  });
});
