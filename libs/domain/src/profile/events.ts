import type { SealedPersonalData } from '../account/sealed-personal-data';
import type { DomainEvent } from '../shared/decider';

/**
 * What a profile event seals. Everything a person types about themselves is sealed with their key:
 * not only the name, phone, date of birth and contact e-mail, but also the title, the about text
 * and the URLs (a LinkedIn or GitHub URL usually spells the real name or the user name), and the
 * free text of the histories. In clear stay only ids, dates and flags, which say nothing once the
 * key is shredded. Fields left empty are null.
 */
export interface ProfilePersonalData {
  name: string;
  title: string | null;
  about: string | null;
  contactEmail: string | null;
  phone: string | null;
  /** 'YYYY-MM-DD'. */
  dateOfBirth: string | null;
  websiteUrl: string | null;
  linkedInUrl: string | null;
  gitHubUrl: string | null;
  resumeUrl: string | null;
}

export interface CompanyPersonalData {
  companyName: string;
  designation: string;
}

export interface EducationPersonalData {
  universityName: string;
}

export interface ProjectPersonalData {
  projectName: string;
  projectDescription: string;
  companyName: string | null;
}

/** A place as a profile keeps it: ids of the reference-data geography, each consistent with the next. */
export interface ProfileLocation {
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
}

/** The public part of the basic information (SPEC §3), everything else is in `sealed`. */
export interface BasicInfoFacts extends ProfileLocation {
  genderId: number | null;
  showDOB: boolean;
  showEmail: boolean;
  showPhone: boolean;
}

/** Dates are 'YYYY-MM-DD'; `endDate` is null while the item is current ('Present'). */
export interface CompanyFacts {
  countryId: number;
  stateId: number;
  cityId: number;
  startDate: string;
  endDate: string | null;
  isCurrentCompany: boolean;
}

export interface EducationFacts {
  countryId: number;
  stateId: number;
  cityId: number;
  startDate: string;
  endDate: string | null;
}

export interface ProjectFacts {
  startDate: string | null;
  endDate: string | null;
}

/** Carries the whole basic information, not only what changed. `sealed` holds ProfilePersonalData. `at` is an ISO-8601 instant. */
export type ProfileBasicInfoChanged = DomainEvent<'ProfileBasicInfoChanged', BasicInfoFacts & { sealed: SealedPersonalData; at: string }>;
/** The whole skill list: master-data tag ids, in the user's order, no duplicates. */
export type ProfileSkillsSet = DomainEvent<'ProfileSkillsSet', { tagIds: number[]; at: string }>;
/** `sealed` holds CompanyPersonalData. */
export type ProfileCompanyAdded = DomainEvent<'ProfileCompanyAdded', CompanyFacts & { id: number; sealed: SealedPersonalData; at: string }>;
export type ProfileCompanyEdited = DomainEvent<
  'ProfileCompanyEdited',
  CompanyFacts & { id: number; sealed: SealedPersonalData; at: string }
>;
export type ProfileCompanyRemoved = DomainEvent<'ProfileCompanyRemoved', { id: number; at: string }>;
/** `sealed` holds EducationPersonalData. */
export type ProfileEducationAdded = DomainEvent<
  'ProfileEducationAdded',
  EducationFacts & { id: number; sealed: SealedPersonalData; at: string }
>;
export type ProfileEducationEdited = DomainEvent<
  'ProfileEducationEdited',
  EducationFacts & { id: number; sealed: SealedPersonalData; at: string }
>;
export type ProfileEducationRemoved = DomainEvent<'ProfileEducationRemoved', { id: number; at: string }>;
/** `sealed` holds ProjectPersonalData. */
export type ProfileProjectAdded = DomainEvent<'ProfileProjectAdded', ProjectFacts & { id: number; sealed: SealedPersonalData; at: string }>;
export type ProfileProjectEdited = DomainEvent<
  'ProfileProjectEdited',
  ProjectFacts & { id: number; sealed: SealedPersonalData; at: string }
>;
export type ProfileProjectRemoved = DomainEvent<'ProfileProjectRemoved', { id: number; at: string }>;
/**
 * The owner (or the operator) erased the account; the handler deletes the user's key. Read models
 * drop the profile; the stream refuses every later command, so nothing is ever sealed under a
 * fresh key for an erased account.
 */
export type ProfileErased = DomainEvent<'ProfileErased', { at: string }>;

export type ProfileEvent =
  | ProfileBasicInfoChanged
  | ProfileSkillsSet
  | ProfileCompanyAdded
  | ProfileCompanyEdited
  | ProfileCompanyRemoved
  | ProfileEducationAdded
  | ProfileEducationEdited
  | ProfileEducationRemoved
  | ProfileProjectAdded
  | ProfileProjectEdited
  | ProfileProjectRemoved
  | ProfileErased;
export type ProfileEventType = ProfileEvent['type'];

const PROFILE_STREAM_PREFIX = 'profile-';

/** `profile-<accountId>`: the opaque account id, never the user name. */
export const profileStreamName = (accountId: string) => `${PROFILE_STREAM_PREFIX}${accountId}`;

/** The account id of a profile stream, or null for any other stream. */
export const accountIdOfProfileStream = (streamName: string): string | null =>
  streamName.startsWith(PROFILE_STREAM_PREFIX) && streamName.length > PROFILE_STREAM_PREFIX.length
    ? streamName.slice(PROFILE_STREAM_PREFIX.length)
    : null;
