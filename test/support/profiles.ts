import { listCities, listCountries, listStates } from '@app/api/reference-data/geography';

/** A real place from the master data, and a city of another state of the same country. */
export const country = listCountries().find((item) => listStates(item.id).length > 1)!;
export const [state, otherState] = listStates(country.id).filter((item) => listCities(item.id).length > 0);
export const city = listCities(state.id)[0];
export const otherCity = listCities(otherState.id)[0];

/** `POST /api/User/Companies`: a valid past job in the master data's places. */
export const company = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Analytical Engines',
  designation: 'Programmer',
  countryId: country.id,
  stateId: state.id,
  cityId: city.id,
  startDate: '2020-01-01',
  endDate: '2021-06-30',
  isCurrentCompany: false,
  ...overrides,
});

/** `POST /api/User/Educations`: a valid degree in the master data's places. */
export const education = {
  universityName: 'Cambridge',
  countryId: country.id,
  stateId: state.id,
  cityId: city.id,
  startDate: '2010-10-01',
  endDate: '2013-06-30',
};

/** `PUT /api/User/` as the profile's basic-info form sends it: valid, with every field set. */
export const basicInfo = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  title: 'Analyst',
  contactEmail: 'ada@example.org',
  about: 'Engines and notes.',
  phone: '+44 1234',
  dateOfBirth: '1990-12-10',
  genderId: 2,
  countryId: country.id,
  stateId: state.id,
  cityId: city.id,
  websiteUrl: 'https://ada.example.org',
  linkedInUrl: null,
  gitHubUrl: 'https://github.com/ada',
  resumeUrl: null,
  showDOB: false,
  showEmail: false,
  showPhone: false,
  ...overrides,
});
