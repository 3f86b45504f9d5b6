import { PROFILE_MESSAGES } from '@app/contracts';
import type { SealedPersonalData } from '../account/sealed-personal-data';
import { fold } from '../shared/decider';
import { deciderSpec } from '@app/testing';
import type { ProfileCommand, UserActor } from './commands';
import { profileDecider } from './decider';
import * as errors from './errors';
import type { BasicInfoFacts, CompanyFacts, EducationFacts, ProfileEvent, ProjectFacts } from './events';
import { accountIdOfProfileStream, profileStreamName } from './events';

const spec = deciderSpec(profileDecider);

const accountId = 'acc-7f3a';
const owner: UserActor = { accountId };
const otherUser: UserActor = { accountId: 'acc-9b21' };
const now = new Date('2025-03-02T12:30:00.000Z');
const at = now.toISOString();
const earlier = '2025-03-01T10:00:00.000Z';
const sealed: SealedPersonalData = { v: 1, iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };

// Places arrive resolved (the handler checks them against the geography: location.spec.ts).
const [us, california, losAngeles] = [1, 10, 100];
const [india, karnataka, bengaluru] = [2, 20, 200];

const basicFacts: BasicInfoFacts = {
  genderId: 2,
  countryId: us,
  stateId: california,
  cityId: losAngeles,
  showDOB: true,
  showEmail: false,
  showPhone: false,
};
const company: CompanyFacts = {
  countryId: india,
  stateId: karnataka,
  cityId: bengaluru,
  startDate: '2019-06-01',
  endDate: '2023-01-31',
  isCurrentCompany: false,
};
const education: EducationFacts = {
  countryId: us,
  stateId: california,
  cityId: losAngeles,
  startDate: '2014-09-01',
  endDate: '2018-06-30',
};
const project: ProjectFacts = { startDate: '2020-01-01', endDate: null };

const base = { accountId, actor: owner, now };
const changeBasicInfo = (
  facts: Partial<BasicInfoFacts> = {},
  dateOfBirth: string | null = '1990-05-17',
  actor = owner,
): ProfileCommand => ({
  type: 'ChangeBasicInfo',
  ...base,
  actor,
  facts: { ...basicFacts, ...facts },
  dateOfBirth,
  sealed,
});
const setSkills = (tagIds: number[], actor = owner): ProfileCommand => ({ type: 'SetSkills', ...base, actor, tagIds });
const addCompany = (facts: Partial<CompanyFacts> = {}, id = 11, actor = owner): ProfileCommand => ({
  type: 'AddCompany',
  ...base,
  actor,
  id,
  company: { ...company, ...facts },
  sealed,
});
const editCompany = (facts: Partial<CompanyFacts> = {}, id = 11): ProfileCommand => ({
  type: 'EditCompany',
  ...base,
  id,
  company: { ...company, ...facts },
  sealed,
});
const removeCompany = (id = 11, actor = owner): ProfileCommand => ({ type: 'RemoveCompany', ...base, actor, id });
const addEducation = (facts: Partial<EducationFacts> = {}, id = 21): ProfileCommand => ({
  type: 'AddEducation',
  ...base,
  id,
  education: { ...education, ...facts },
  sealed,
});
const editEducation = (facts: Partial<EducationFacts> = {}, id = 21, actor = owner): ProfileCommand => ({
  type: 'EditEducation',
  ...base,
  actor,
  id,
  education: { ...education, ...facts },
  sealed,
});
const removeEducation = (id = 21): ProfileCommand => ({ type: 'RemoveEducation', ...base, id });
const addProject = (facts: Partial<ProjectFacts> = {}, id = 31): ProfileCommand => ({
  type: 'AddProject',
  ...base,
  id,
  project: { ...project, ...facts },
  sealed,
});
const editProject = (facts: Partial<ProjectFacts> = {}, id = 31, actor = owner): ProfileCommand => ({
  type: 'EditProject',
  ...base,
  actor,
  id,
  project: { ...project, ...facts },
  sealed,
});
const removeProject = (id = 31, actor = owner): ProfileCommand => ({ type: 'RemoveProject', ...base, actor, id });
const erase = (actor: UserActor | 'operator' = owner): ProfileCommand => ({ type: 'EraseProfile', accountId, actor, now });

const companyAdded: ProfileEvent = { type: 'ProfileCompanyAdded', data: { id: 11, ...company, sealed, at: earlier } };
const companyRemoved: ProfileEvent = { type: 'ProfileCompanyRemoved', data: { id: 11, at: earlier } };
const educationAdded: ProfileEvent = { type: 'ProfileEducationAdded', data: { id: 21, ...education, sealed, at: earlier } };
const educationRemoved: ProfileEvent = { type: 'ProfileEducationRemoved', data: { id: 21, at: earlier } };
const projectAdded: ProfileEvent = { type: 'ProfileProjectAdded', data: { id: 31, ...project, sealed, at: earlier } };
const projectRemoved: ProfileEvent = { type: 'ProfileProjectRemoved', data: { id: 31, at: earlier } };
const skillsSet: ProfileEvent = { type: 'ProfileSkillsSet', data: { tagIds: [8, 9], at: earlier } };
const erased: ProfileEvent = { type: 'ProfileErased', data: { at: earlier } };

describe('profile stream', () => {
  it('is named by the opaque account id, and gives it back', () => {
    expect(profileStreamName(accountId)).toBe('profile-acc-7f3a');
    expect(accountIdOfProfileStream('profile-acc-7f3a')).toBe(accountId);
    expect(accountIdOfProfileStream('account-acc-7f3a')).toBeNull();
    expect(accountIdOfProfileStream('profile-')).toBeNull();
  });
});

describe('profileDecider', () => {
  describe('ChangeBasicInfo', () => {
    it('records the public facts in clear and the personal data sealed, the clear date of birth nowhere', () => {
      spec
        .given([])
        .when(changeBasicInfo())
        .then([{ type: 'ProfileBasicInfoChanged', data: { ...basicFacts, sealed, at } }]);
    });

    it('records every save, even one that looks the same (sealed data cannot be compared)', () => {
      const changed: ProfileEvent = { type: 'ProfileBasicInfoChanged', data: { ...basicFacts, sealed, at } };
      spec.given([changed]).when(changeBasicInfo()).then([changed]);
    });

    it('keeps a place as resolved, and no place at all', () => {
      spec
        .given([])
        .when(changeBasicInfo({ countryId: india, stateId: null, cityId: null }))
        .then([{ type: 'ProfileBasicInfoChanged', data: { ...basicFacts, countryId: india, stateId: null, cityId: null, sealed, at } }]);
      spec
        .given([])
        .when(changeBasicInfo({ genderId: null, countryId: null, stateId: null, cityId: null }, null))
        .then([
          {
            type: 'ProfileBasicInfoChanged',
            data: { ...basicFacts, genderId: null, countryId: null, stateId: null, cityId: null, sealed, at },
          },
        ]);
    });

    it.each([['a gender not in the master data', { genderId: 99 }, errors.GENDER_INVALID]])('refuses %s', (_case, facts, message) => {
      spec.given([]).when(changeBasicInfo(facts)).thenThrows('validation', message);
    });

    it('accepts a date of birth of today and refuses one after today', () => {
      spec
        .given([])
        .when(changeBasicInfo({}, '2025-03-02'))
        .then([{ type: 'ProfileBasicInfoChanged', data: { ...basicFacts, sealed, at } }]);
      spec.given([]).when(changeBasicInfo({}, '2025-03-04')).thenThrows('validation', PROFILE_MESSAGES.dateOfBirthAfterToday);
    });

    it('refuses a date of birth that is no calendar date', () => {
      spec.given([]).when(changeBasicInfo({}, '1990-02-30')).thenThrows('validation', PROFILE_MESSAGES.dateOfBirthInvalid);
    });

    it('refuses another user', () => {
      spec
        .given([])
        .when(changeBasicInfo({}, null, otherUser))
        .thenThrows('forbidden');
    });

    it('refuses an erased profile', () => {
      spec.given([erased]).when(changeBasicInfo()).thenThrows('not_found', errors.PROFILE_ERASED);
    });
  });

  describe('SetSkills', () => {
    it('records master-data tag ids in the given order, once each', () => {
      spec
        .given([])
        .when(setSkills([9, 8, 9]))
        .then([{ type: 'ProfileSkillsSet', data: { tagIds: [9, 8], at } }]);
    });

    it('clears the skills with an empty list', () => {
      spec
        .given([skillsSet])
        .when(setSkills([]))
        .then([{ type: 'ProfileSkillsSet', data: { tagIds: [], at } }]);
    });

    it('records nothing when the list is unchanged', () => {
      spec
        .given([skillsSet])
        .when(setSkills([8, 9]))
        .then([]);
      spec.given([]).when(setSkills([])).then([]);
    });

    it('refuses a tag id outside the master data', () => {
      spec
        .given([])
        .when(setSkills([8, 100000]))
        .thenThrows('validation', errors.TAG_INVALID);
    });

    it('refuses another user and an erased profile', () => {
      spec
        .given([])
        .when(setSkills([8], otherUser))
        .thenThrows('forbidden');
      spec
        .given([erased])
        .when(setSkills([8]))
        .thenThrows('not_found', errors.PROFILE_ERASED);
    });
  });

  describe('work history', () => {
    it('adds a company with its place and dates in clear and its names sealed', () => {
      spec
        .given([])
        .when(addCompany())
        .then([{ type: 'ProfileCompanyAdded', data: { id: 11, ...company, sealed, at } }]);
    });

    it('clears the end date of the current company', () => {
      spec
        .given([])
        .when(addCompany({ isCurrentCompany: true, endDate: '2030-01-01' }))
        .then([{ type: 'ProfileCompanyAdded', data: { id: 11, ...company, endDate: null, isCurrentCompany: true, sealed, at } }]);
    });

    it('accepts dates of today and an end on the start date', () => {
      spec
        .given([])
        .when(addCompany({ startDate: '2025-03-02', endDate: '2025-03-02' }))
        .then([{ type: 'ProfileCompanyAdded', data: { id: 11, ...company, startDate: '2025-03-02', endDate: '2025-03-02', sealed, at } }]);
    });

    it.each([
      ['a start after today', { startDate: '2025-03-04', endDate: null }, PROFILE_MESSAGES.startDateAfterToday],
      ['an end after today', { endDate: '2025-03-04' }, PROFILE_MESSAGES.endDateAfterToday],
      ['an end before the start', { startDate: '2020-01-02', endDate: '2020-01-01' }, PROFILE_MESSAGES.endDateBeforeStartDate],
      ['a start that is no date', { startDate: '2020-13-01' }, PROFILE_MESSAGES.startDateInvalid],
      ['an end that is no date', { endDate: '31/01/2023' }, PROFILE_MESSAGES.endDateInvalid],
    ])('refuses %s', (_case, facts, message) => {
      spec.given([]).when(addCompany(facts)).thenThrows('validation', message);
    });

    it('refuses an id already in the history, and an id that is not one', () => {
      spec.given([companyAdded]).when(addCompany()).thenThrows('conflict', errors.HISTORY_ID_TAKEN);
      spec.given([]).when(addCompany({}, 0)).thenThrows('validation', PROFILE_MESSAGES.idInvalid);
    });

    it('edits a company, under the same rules', () => {
      spec
        .given([companyAdded])
        .when(editCompany({ isCurrentCompany: true }))
        .then([{ type: 'ProfileCompanyEdited', data: { id: 11, ...company, endDate: null, isCurrentCompany: true, sealed, at } }]);
      spec
        .given([companyAdded])
        .when(editCompany({ endDate: '2019-05-31' }))
        .thenThrows('validation', PROFILE_MESSAGES.endDateBeforeStartDate);
    });

    it('removes a company', () => {
      spec
        .given([companyAdded])
        .when(removeCompany())
        .then([{ type: 'ProfileCompanyRemoved', data: { id: 11, at } }]);
    });

    it('refuses to edit or remove an unknown or removed company', () => {
      spec.given([]).when(editCompany()).thenThrows('not_found', errors.COMPANY_NOT_FOUND);
      spec.given([companyAdded, companyRemoved]).when(editCompany()).thenThrows('not_found', errors.COMPANY_NOT_FOUND);
      spec.given([companyAdded]).when(removeCompany(12)).thenThrows('not_found', errors.COMPANY_NOT_FOUND);
      spec.given([companyAdded, companyRemoved]).when(removeCompany()).thenThrows('not_found', errors.COMPANY_NOT_FOUND);
    });

    it('refuses another user', () => {
      spec
        .given([])
        .when(addCompany({}, 11, otherUser))
        .thenThrows('forbidden');
      spec.given([companyAdded]).when(removeCompany(11, otherUser)).thenThrows('forbidden');
    });
  });

  describe('education history', () => {
    it('adds, edits and removes an education', () => {
      spec
        .given([])
        .when(addEducation())
        .then([{ type: 'ProfileEducationAdded', data: { id: 21, ...education, sealed, at } }]);
      spec
        .given([educationAdded])
        .when(editEducation({ endDate: null }))
        .then([{ type: 'ProfileEducationEdited', data: { id: 21, ...education, endDate: null, sealed, at } }]);
      spec
        .given([educationAdded])
        .when(removeEducation())
        .then([{ type: 'ProfileEducationRemoved', data: { id: 21, at } }]);
    });

    it.each([
      ['a start after today', { startDate: '2026-01-01', endDate: null }, PROFILE_MESSAGES.startDateAfterToday],
      ['an end after today', { endDate: '2026-01-01' }, PROFILE_MESSAGES.endDateAfterToday],
      ['an end before the start', { endDate: '2014-08-31' }, PROFILE_MESSAGES.endDateBeforeStartDate],
    ])('refuses %s', (_case, facts, message) => {
      spec.given([]).when(addEducation(facts)).thenThrows('validation', message);
    });

    it('refuses an unknown or removed education, a taken id and another user', () => {
      spec.given([]).when(editEducation()).thenThrows('not_found', errors.EDUCATION_NOT_FOUND);
      spec.given([educationAdded, educationRemoved]).when(removeEducation()).thenThrows('not_found', errors.EDUCATION_NOT_FOUND);
      spec.given([educationAdded]).when(addEducation()).thenThrows('conflict', errors.HISTORY_ID_TAKEN);
      spec
        .given([educationAdded])
        .when(editEducation({}, 21, otherUser))
        .thenThrows('forbidden');
    });
  });

  describe('project history', () => {
    it('adds, edits and removes a project', () => {
      spec
        .given([])
        .when(addProject())
        .then([{ type: 'ProfileProjectAdded', data: { id: 31, ...project, sealed, at } }]);
      spec
        .given([projectAdded])
        .when(editProject({ endDate: '2021-01-01' }))
        .then([{ type: 'ProfileProjectEdited', data: { id: 31, startDate: '2020-01-01', endDate: '2021-01-01', sealed, at } }]);
      spec
        .given([projectAdded])
        .when(removeProject())
        .then([{ type: 'ProfileProjectRemoved', data: { id: 31, at } }]);
    });

    it('takes a project without dates', () => {
      spec
        .given([])
        .when(addProject({ startDate: null, endDate: null }))
        .then([{ type: 'ProfileProjectAdded', data: { id: 31, startDate: null, endDate: null, sealed, at } }]);
    });

    it.each([
      ['a start after today', { startDate: '2025-03-04' }, PROFILE_MESSAGES.startDateAfterToday],
      ['an end after today', { endDate: '2025-03-04' }, PROFILE_MESSAGES.endDateAfterToday],
      ['an end before the start', { endDate: '2019-12-31' }, PROFILE_MESSAGES.endDateBeforeStartDate],
    ])('refuses %s', (_case, facts, message) => {
      spec.given([]).when(addProject(facts)).thenThrows('validation', message);
    });

    it('refuses an unknown or removed project, a taken id and another user', () => {
      spec.given([]).when(editProject()).thenThrows('not_found', errors.PROJECT_NOT_FOUND);
      spec.given([projectAdded, projectRemoved]).when(editProject()).thenThrows('not_found', errors.PROJECT_NOT_FOUND);
      spec.given([projectAdded]).when(addProject()).thenThrows('conflict', errors.HISTORY_ID_TAKEN);
      spec.given([projectAdded]).when(removeProject(31, otherUser)).thenThrows('forbidden');
    });
  });

  describe('EraseProfile', () => {
    it.each([
      ['the owner', owner],
      ['the operator', 'operator' as const],
    ])('lets %s erase, even a profile never saved', (_who, actor) => {
      spec
        .given([])
        .when(erase(actor))
        .then([{ type: 'ProfileErased', data: { at } }]);
      spec
        .given([skillsSet, companyAdded])
        .when(erase(actor))
        .then([{ type: 'ProfileErased', data: { at } }]);
    });

    it('records nothing the second time', () => {
      spec.given([erased]).when(erase('operator')).then([]);
    });

    it('refuses another user', () => {
      spec.given([]).when(erase(otherUser)).thenThrows('forbidden');
    });

    it('refuses every later change', () => {
      for (const command of [addCompany(), addEducation(), addProject(), removeCompany(), editProject()])
        spec.given([companyAdded, projectAdded, erased]).when(command).thenThrows('not_found', errors.PROFILE_ERASED);
    });
  });

  describe('evolve', () => {
    it('folds the history into the state', () => {
      const history: ProfileEvent[] = [
        { type: 'ProfileBasicInfoChanged', data: { ...basicFacts, sealed, at: earlier } },
        skillsSet,
        companyAdded,
        { type: 'ProfileCompanyAdded', data: { id: 12, ...company, sealed, at: earlier } },
        companyRemoved,
        educationAdded,
        projectAdded,
        projectRemoved,
      ];
      expect(fold(profileDecider, history)).toEqual({
        status: 'live',
        profile: { skills: [8, 9], companyIds: [12], educationIds: [21], projectIds: [] },
      });
      expect(fold(profileDecider, [...history, erased])).toEqual({ status: 'erased' });
    });
  });
});
