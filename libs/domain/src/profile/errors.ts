/** Domain messages for rules only the server can judge (master data, history ids, erasure). */
export const PROFILE_ERASED = 'This profile has been erased.';
export const COMPANY_NOT_FOUND = 'Company not found.';
export const EDUCATION_NOT_FOUND = 'Education not found.';
export const PROJECT_NOT_FOUND = 'Project not found.';
export const HISTORY_ID_TAKEN = 'An item with this id already exists.';
export const TAG_INVALID = 'Tag is invalid.';
export const GENDER_INVALID = 'Gender is invalid.';
export const COUNTRY_INVALID = 'Country is invalid.';
export const STATE_INVALID = 'State is invalid.';
export const CITY_INVALID = 'City is invalid.';
export const STATE_NOT_IN_COUNTRY = 'The state is not in the given country.';
export const CITY_NOT_IN_STATE = 'The city is not in the given state.';
export const CITY_NOT_IN_COUNTRY = 'The city is not in the given country.';
