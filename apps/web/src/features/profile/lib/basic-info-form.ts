import type { UserProfile } from '@app/contracts';

const TEXT_FIELDS = [
  'title',
  'contactEmail',
  'about',
  'phone',
  'dateOfBirth',
  'websiteUrl',
  'linkedInUrl',
  'gitHubUrl',
  'resumeUrl',
] as const;
const ID_FIELDS = ['genderId', 'countryId', 'stateId', 'cityId'] as const;

/**
 * The basic-info edit form's values: text as typed, ids 0 when none is chosen. The contract schema
 * (basicInfoUpdateRequestSchema) turns them into the request: blank text and 0 ids become null.
 */
export type BasicInfoFormValues = Pick<UserProfile, 'name' | 'showDOB' | 'showEmail' | 'showPhone'> &
  Record<(typeof TEXT_FIELDS)[number], string> &
  Record<(typeof ID_FIELDS)[number], number>;

/** The form as the owner's profile fills it (the owner reads every private field): a null text is blank, a null id 0. */
export function basicInfoFormOf(profile: UserProfile): BasicInfoFormValues {
  const { name, showDOB, showEmail, showPhone } = profile;
  // Filled field by field from the two lists just below.
  const values = { name, showDOB, showEmail, showPhone } as BasicInfoFormValues;
  for (const field of TEXT_FIELDS) values[field] = profile[field] ?? '';
  for (const field of ID_FIELDS) values[field] = profile[field] ?? 0;
  return values;
}
