import { isCalendarDate, isNotAfterToday, PROFILE_MESSAGES } from '@app/contracts';
import type { Decider } from '../shared/decider';
import { conflict, forbidden, notFound, validationError } from '../shared/errors';
import { findGender } from '../reference-data/genders';
import { findTag } from '../reference-data/tags';
import {
  OPERATOR_ACTOR,
  type AddCompany,
  type AddEducation,
  type AddProject,
  type ChangeBasicInfo,
  type EditCompany,
  type EditEducation,
  type EditProject,
  type EraseProfile,
  type ProfileCommand,
  type RemoveCompany,
  type RemoveEducation,
  type RemoveProject,
  type SetSkills,
  type UserActor,
} from './commands';
import {
  COMPANY_NOT_FOUND,
  EDUCATION_NOT_FOUND,
  GENDER_INVALID,
  HISTORY_ID_TAKEN,
  PROFILE_ERASED,
  PROJECT_NOT_FOUND,
  TAG_INVALID,
} from './errors';
import type { CompanyFacts, EducationFacts, ProfileEvent, ProjectFacts } from './events';

/** What the decider keeps of a live profile: the ids its commands address. */
export interface ProfileRecord {
  /** Skill tag ids, in the user's order. */
  skills: readonly number[];
  /** Live history ids, in the order added. */
  companyIds: readonly number[];
  educationIds: readonly number[];
  projectIds: readonly number[];
}

/** A profile needs no creation (its stream starts with the owner's first save); an erased one keeps nothing and refuses every save. */
export type ProfileState = { status: 'live'; profile: ProfileRecord } | { status: 'erased' };

export const initialProfileState: ProfileState = {
  status: 'live',
  profile: { skills: [], companyIds: [], educationIds: [], projectIds: [] },
};

type History = 'company' | 'education' | 'project';

const HISTORY_IDS: Record<History, 'companyIds' | 'educationIds' | 'projectIds'> = {
  company: 'companyIds',
  education: 'educationIds',
  project: 'projectIds',
};
const HISTORY_NOT_FOUND: Record<History, string> = {
  company: COMPANY_NOT_FOUND,
  education: EDUCATION_NOT_FOUND,
  project: PROJECT_NOT_FOUND,
};

function requireLiveProfile(state: ProfileState): ProfileRecord {
  if (state.status === 'erased') throw notFound(PROFILE_ERASED);
  return state.profile;
}

/** SPEC §6: a profile is edited by its owner only, not even by an admin. */
function requireOwner(command: { accountId: string; actor: UserActor }): void {
  if (command.actor.accountId !== command.accountId) throw forbidden();
}

function requireOwnerOfLiveProfile(command: { accountId: string; actor: UserActor }, state: ProfileState): ProfileRecord {
  const profile = requireLiveProfile(state);
  requireOwner(command);
  return profile;
}

function requireNewHistoryId(profile: ProfileRecord, history: History, id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) throw validationError(PROFILE_MESSAGES.idInvalid);
  if (profile[HISTORY_IDS[history]].includes(id)) throw conflict(HISTORY_ID_TAKEN);
}

function requireHistoryId(profile: ProfileRecord, history: History, id: number): void {
  if (!profile[HISTORY_IDS[history]].includes(id)) throw notFound(HISTORY_NOT_FOUND[history]);
}

function requireDateNotAfterToday(date: string, now: Date, messages: { invalid: string; afterToday: string }): void {
  if (!isCalendarDate(date)) throw validationError(messages.invalid);
  if (!isNotAfterToday(date, now)) throw validationError(messages.afterToday);
}

/** SPEC §5: history dates cannot exceed today, and an end is not before its start. */
function checkHistoryDates({ startDate, endDate }: { startDate: string | null; endDate: string | null }, now: Date): void {
  if (startDate !== null)
    requireDateNotAfterToday(startDate, now, {
      invalid: PROFILE_MESSAGES.startDateInvalid,
      afterToday: PROFILE_MESSAGES.startDateAfterToday,
    });
  if (endDate !== null)
    requireDateNotAfterToday(endDate, now, { invalid: PROFILE_MESSAGES.endDateInvalid, afterToday: PROFILE_MESSAGES.endDateAfterToday });
  if (startDate !== null && endDate !== null && endDate < startDate) throw validationError(PROFILE_MESSAGES.endDateBeforeStartDate);
}

/** 'Currently Working Here' clears the end date (SPEC §4). The place arrives resolved (see `resolveLocation`). */
function checkCompany(company: CompanyFacts, now: Date): CompanyFacts {
  const endDate = company.isCurrentCompany ? null : company.endDate;
  checkHistoryDates({ startDate: company.startDate, endDate }, now);
  const { countryId, stateId, cityId } = company;
  return {
    countryId,
    stateId,
    cityId,
    startDate: company.startDate,
    endDate,
    isCurrentCompany: company.isCurrentCompany,
  };
}

function checkEducation(education: EducationFacts, now: Date): EducationFacts {
  checkHistoryDates(education, now);
  const { countryId, stateId, cityId } = education;
  return { countryId, stateId, cityId, startDate: education.startDate, endDate: education.endDate };
}

function checkProject(project: ProjectFacts, now: Date): ProjectFacts {
  checkHistoryDates(project, now);
  return { startDate: project.startDate, endDate: project.endDate };
}

function changeBasicInfo(command: ChangeBasicInfo, state: ProfileState): ProfileEvent[] {
  requireOwnerOfLiveProfile(command, state);
  const { facts } = command;
  if (facts.genderId !== null && !findGender(facts.genderId)) throw validationError(GENDER_INVALID);
  if (command.dateOfBirth !== null)
    requireDateNotAfterToday(command.dateOfBirth, command.now, {
      invalid: PROFILE_MESSAGES.dateOfBirthInvalid,
      afterToday: PROFILE_MESSAGES.dateOfBirthAfterToday,
    });
  // Sealed data has a fresh iv each time, so an unchanged save cannot be told apart: every save is recorded.
  return [
    {
      type: 'ProfileBasicInfoChanged',
      data: {
        genderId: facts.genderId,
        countryId: facts.countryId,
        stateId: facts.stateId,
        cityId: facts.cityId,
        showDOB: facts.showDOB,
        showEmail: facts.showEmail,
        showPhone: facts.showPhone,
        sealed: command.sealed,
        at: command.now.toISOString(),
      },
    },
  ];
}

function setSkills(command: SetSkills, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  for (const id of command.tagIds) if (!findTag(id)) throw validationError(TAG_INVALID);
  const tagIds = [...new Set(command.tagIds)];
  if (tagIds.length === profile.skills.length && tagIds.every((id, index) => id === profile.skills[index])) return [];
  return [{ type: 'ProfileSkillsSet', data: { tagIds, at: command.now.toISOString() } }];
}

function addCompany(command: AddCompany, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireNewHistoryId(profile, 'company', command.id);
  const company = checkCompany(command.company, command.now);
  return [{ type: 'ProfileCompanyAdded', data: { id: command.id, ...company, sealed: command.sealed, at: command.now.toISOString() } }];
}

function editCompany(command: EditCompany, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireHistoryId(profile, 'company', command.id);
  const company = checkCompany(command.company, command.now);
  return [{ type: 'ProfileCompanyEdited', data: { id: command.id, ...company, sealed: command.sealed, at: command.now.toISOString() } }];
}

function removeCompany(command: RemoveCompany, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireHistoryId(profile, 'company', command.id);
  return [{ type: 'ProfileCompanyRemoved', data: { id: command.id, at: command.now.toISOString() } }];
}

function addEducation(command: AddEducation, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireNewHistoryId(profile, 'education', command.id);
  const education = checkEducation(command.education, command.now);
  return [{ type: 'ProfileEducationAdded', data: { id: command.id, ...education, sealed: command.sealed, at: command.now.toISOString() } }];
}

function editEducation(command: EditEducation, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireHistoryId(profile, 'education', command.id);
  const education = checkEducation(command.education, command.now);
  return [
    { type: 'ProfileEducationEdited', data: { id: command.id, ...education, sealed: command.sealed, at: command.now.toISOString() } },
  ];
}

function removeEducation(command: RemoveEducation, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireHistoryId(profile, 'education', command.id);
  return [{ type: 'ProfileEducationRemoved', data: { id: command.id, at: command.now.toISOString() } }];
}

function addProject(command: AddProject, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireNewHistoryId(profile, 'project', command.id);
  const project = checkProject(command.project, command.now);
  return [{ type: 'ProfileProjectAdded', data: { id: command.id, ...project, sealed: command.sealed, at: command.now.toISOString() } }];
}

function editProject(command: EditProject, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireHistoryId(profile, 'project', command.id);
  const project = checkProject(command.project, command.now);
  return [{ type: 'ProfileProjectEdited', data: { id: command.id, ...project, sealed: command.sealed, at: command.now.toISOString() } }];
}

function removeProject(command: RemoveProject, state: ProfileState): ProfileEvent[] {
  const profile = requireOwnerOfLiveProfile(command, state);
  requireHistoryId(profile, 'project', command.id);
  return [{ type: 'ProfileProjectRemoved', data: { id: command.id, at: command.now.toISOString() } }];
}

/**
 * Erasing is recorded even on a profile never saved: the stream then refuses every later save,
 * which would otherwise seal new data under a fresh key. A second erase changes nothing.
 */
function erase(command: EraseProfile, state: ProfileState): ProfileEvent[] {
  if (command.actor !== OPERATOR_ACTOR && command.actor.accountId !== command.accountId) throw forbidden();
  if (state.status === 'erased') return [];
  return [{ type: 'ProfileErased', data: { at: command.now.toISOString() } }];
}

function decide(command: ProfileCommand, state: ProfileState): ProfileEvent[] {
  switch (command.type) {
    case 'ChangeBasicInfo':
      return changeBasicInfo(command, state);
    case 'SetSkills':
      return setSkills(command, state);
    case 'AddCompany':
      return addCompany(command, state);
    case 'EditCompany':
      return editCompany(command, state);
    case 'RemoveCompany':
      return removeCompany(command, state);
    case 'AddEducation':
      return addEducation(command, state);
    case 'EditEducation':
      return editEducation(command, state);
    case 'RemoveEducation':
      return removeEducation(command, state);
    case 'AddProject':
      return addProject(command, state);
    case 'EditProject':
      return editProject(command, state);
    case 'RemoveProject':
      return removeProject(command, state);
    case 'EraseProfile':
      return erase(command, state);
    default: {
      const _exhaustive: never = command;
      throw new Error(`Unknown profile command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

const without = (ids: readonly number[], id: number) => ids.filter((existing) => existing !== id);

function evolve(state: ProfileState, event: ProfileEvent): ProfileState {
  if (state.status === 'erased') return state;
  if (event.type === 'ProfileErased') return { status: 'erased' };
  return { status: 'live', profile: evolveProfile(state.profile, event) };
}

function evolveProfile(profile: ProfileRecord, event: Exclude<ProfileEvent, { type: 'ProfileErased' }>): ProfileRecord {
  switch (event.type) {
    case 'ProfileSkillsSet':
      return { ...profile, skills: event.data.tagIds };
    case 'ProfileCompanyAdded':
      return { ...profile, companyIds: [...profile.companyIds, event.data.id] };
    case 'ProfileCompanyRemoved':
      return { ...profile, companyIds: without(profile.companyIds, event.data.id) };
    case 'ProfileEducationAdded':
      return { ...profile, educationIds: [...profile.educationIds, event.data.id] };
    case 'ProfileEducationRemoved':
      return { ...profile, educationIds: without(profile.educationIds, event.data.id) };
    case 'ProfileProjectAdded':
      return { ...profile, projectIds: [...profile.projectIds, event.data.id] };
    case 'ProfileProjectRemoved':
      return { ...profile, projectIds: without(profile.projectIds, event.data.id) };
    case 'ProfileBasicInfoChanged':
    case 'ProfileCompanyEdited':
    case 'ProfileEducationEdited':
    case 'ProfileProjectEdited':
      return profile;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const profileDecider: Decider<ProfileState, ProfileCommand, ProfileEvent> = {
  initialState: initialProfileState,
  evolve,
  decide,
};
