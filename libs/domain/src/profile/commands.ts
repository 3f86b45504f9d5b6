import type { SealedPersonalData } from '../account/sealed-personal-data';
import type { BasicInfoFacts, CompanyFacts, EducationFacts, ProjectFacts } from './events';

/**
 * Profile commands. The handler validated the request against the contracts (lengths, required
 * fields, formats), sealed the personal data with the owner's key, and minted history ids with the
 * time-ordered id generator, and resolved each place against the geography (`resolveLocation`);
 * the decider judges what needs the small master data or the profile's own history. `accountId` names the profile (its stream); `actor` is who is signed in.
 */
export interface UserActor {
  accountId: string;
}

/** The operator CLI (`erase-user`) may erase any profile; nothing else. */
export const OPERATOR_ACTOR = 'operator';
export type ProfileActor = UserActor | typeof OPERATOR_ACTOR;

interface OwnerCommand {
  accountId: string;
  actor: UserActor;
  now: Date;
}

/**
 * PUT /api/User/. `sealed` holds ProfilePersonalData. `dateOfBirth` is the clear date of birth that
 * `sealed` holds, passed only so the rule 'not after today' can be judged: it never enters an event.
 */
export interface ChangeBasicInfo extends OwnerCommand {
  type: 'ChangeBasicInfo';
  facts: BasicInfoFacts;
  dateOfBirth: string | null;
  sealed: SealedPersonalData;
}

/** PUT /api/Tag/UpdateUserTags: the whole list, possibly empty. */
export interface SetSkills extends OwnerCommand {
  type: 'SetSkills';
  tagIds: number[];
}

/** `sealed` holds CompanyPersonalData. */
export interface AddCompany extends OwnerCommand {
  type: 'AddCompany';
  id: number;
  company: CompanyFacts;
  sealed: SealedPersonalData;
}
export interface EditCompany extends OwnerCommand {
  type: 'EditCompany';
  id: number;
  company: CompanyFacts;
  sealed: SealedPersonalData;
}
export interface RemoveCompany extends OwnerCommand {
  type: 'RemoveCompany';
  id: number;
}

/** `sealed` holds EducationPersonalData. */
export interface AddEducation extends OwnerCommand {
  type: 'AddEducation';
  id: number;
  education: EducationFacts;
  sealed: SealedPersonalData;
}
export interface EditEducation extends OwnerCommand {
  type: 'EditEducation';
  id: number;
  education: EducationFacts;
  sealed: SealedPersonalData;
}
export interface RemoveEducation extends OwnerCommand {
  type: 'RemoveEducation';
  id: number;
}

/** `sealed` holds ProjectPersonalData. */
export interface AddProject extends OwnerCommand {
  type: 'AddProject';
  id: number;
  project: ProjectFacts;
  sealed: SealedPersonalData;
}
export interface EditProject extends OwnerCommand {
  type: 'EditProject';
  id: number;
  project: ProjectFacts;
  sealed: SealedPersonalData;
}
export interface RemoveProject extends OwnerCommand {
  type: 'RemoveProject';
  id: number;
}

/** DELETE /api/User/ (the handler checked the password) or the operator's `erase-user`. */
export interface EraseProfile {
  type: 'EraseProfile';
  accountId: string;
  actor: ProfileActor;
  now: Date;
}

export type ProfileCommand =
  | ChangeBasicInfo
  | SetSkills
  | AddCompany
  | EditCompany
  | RemoveCompany
  | AddEducation
  | EditEducation
  | RemoveEducation
  | AddProject
  | EditProject
  | RemoveProject
  | EraseProfile;
