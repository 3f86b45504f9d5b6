import type { UserProfile } from '@app/contracts';

/**
 * The basic-info edit form's values: text as typed, ids 0 when none is chosen. The contract schema
 * (basicInfoUpdateRequestSchema) turns them into the request: blank text and 0 ids become null.
 */
export interface BasicInfoFormValues {
  name: string;
  title: string;
  contactEmail: string;
  about: string;
  phone: string;
  dateOfBirth: string;
  genderId: number;
  countryId: number;
  stateId: number;
  cityId: number;
  websiteUrl: string;
  linkedInUrl: string;
  gitHubUrl: string;
  resumeUrl: string;
  showDOB: boolean;
  showEmail: boolean;
  showPhone: boolean;
}

/** The form as the owner's profile fills it (the owner reads every private field). */
export function basicInfoFormOf(profile: UserProfile): BasicInfoFormValues {
  return {
    name: profile.name,
    title: profile.title ?? '',
    contactEmail: profile.contactEmail ?? '',
    about: profile.about ?? '',
    phone: profile.phone ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    genderId: profile.genderId ?? 0,
    countryId: profile.countryId ?? 0,
    stateId: profile.stateId ?? 0,
    cityId: profile.cityId ?? 0,
    websiteUrl: profile.websiteUrl ?? '',
    linkedInUrl: profile.linkedInUrl ?? '',
    gitHubUrl: profile.gitHubUrl ?? '',
    resumeUrl: profile.resumeUrl ?? '',
    showDOB: profile.showDOB,
    showEmail: profile.showEmail,
    showPhone: profile.showPhone,
  };
}
