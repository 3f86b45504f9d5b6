/** SPEC §3 master data 'genders'. Profiles store the id: never renumber or reuse one. */
export interface Gender {
  id: number;
  name: string;
}

export const GENDERS: readonly Gender[] = Object.freeze(
  [
    { id: 1, name: 'Male' },
    { id: 2, name: 'Female' },
    { id: 3, name: 'Non-binary' },
    { id: 4, name: 'Prefer not to say' },
  ].map((gender) => Object.freeze(gender)),
);

const GENDER_BY_ID = new Map(GENDERS.map((gender) => [gender.id, gender]));

/** In id order: the drop-down shows them as listed, not alphabetically. */
export function listGenders(): Gender[] {
  return [...GENDERS];
}

export function findGender(id: number): Gender | undefined {
  return GENDER_BY_ID.get(id);
}
