import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type {
  AddCompanyRequest,
  AddEducationRequest,
  AddProjectRequest,
  BasicInfoUpdateRequest,
  EditCompanyRequest,
  EditEducationRequest,
  EditProjectRequest,
} from '@app/contracts';
import {
  profileDecider,
  profileStreamName,
  type Actor,
  type CompanyPersonalData,
  type EducationPersonalData,
  type PostIdGenerator,
  type ProfileCommand,
  type ProfilePersonalData,
  type ProfileLocation,
  type ProjectPersonalData,
  resolveLocation,
} from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { EventSourcedCommands, type HandlerCommand } from '../infrastructure/event-sourced-commands';
import { POST_ID_GENERATOR } from '../shared/post-id.generator';
import * as geography from '../reference-data/geography';
import type { ReadModelName } from '@app/projections';

export type HistoryKind = 'Companies' | 'Educations' | 'Projects';

/** A company's or school's place, completed from its city (which their contracts require). */
function resolvedPlace(place: ProfileLocation): { countryId: number; stateId: number; cityId: number } {
  const { countryId, stateId, cityId } = resolveLocation(place, geography);
  return { countryId: countryId!, stateId: stateId!, cityId: cityId! };
}

/** A change of one's own profile, as the controller received it (validated against the contracts). */
export type ProfileChange =
  | { type: 'basicInfo'; body: BasicInfoUpdateRequest }
  | { type: 'skills'; tagIds: number[] }
  | { type: 'addCompany'; body: AddCompanyRequest }
  | { type: 'editCompany'; body: EditCompanyRequest }
  | { type: 'addEducation'; body: AddEducationRequest }
  | { type: 'editEducation'; body: EditEducationRequest }
  | { type: 'addProject'; body: AddProjectRequest }
  | { type: 'editProject'; body: EditProjectRequest }
  | { type: 'remove'; kind: HistoryKind; id: number };

/** The read models the profile screen reads next. */
export const PROFILE_READ_MODELS = ['profiles', 'accounts'] as const satisfies readonly ReadModelName[];

export class ChangeProfileCommand extends Command<boolean> {
  constructor(
    readonly actor: Actor,
    readonly change: ProfileChange,
  ) {
    super();
  }
}

/**
 * Seals what the owner typed with their key, mints history ids, and lets the profile decider judge
 * the rest (owner only, master data, dates, known ids). The profile is always the caller's own.
 */
@CommandHandler(ChangeProfileCommand)
export class ChangeProfileHandler implements ICommandHandler<ChangeProfileCommand, boolean> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
    @Inject(POST_ID_GENERATOR) private readonly nextId: PostIdGenerator,
  ) {}

  async execute({ actor, change }: ChangeProfileCommand): Promise<boolean> {
    const command = await this.toDomainCommand(actor.accountId, change);
    await this.commands.execute(profileStreamName(actor.accountId), profileDecider, command, {
      actor: actor.accountId,
      settle: PROFILE_READ_MODELS,
    });
    return true;
  }

  private async toDomainCommand(accountId: string, change: ProfileChange): Promise<HandlerCommand<ProfileCommand>> {
    const owner = { accountId, actor: { accountId } };
    const seal = (data: object) => this.vault.seal(accountId, data);
    switch (change.type) {
      case 'basicInfo': {
        const { genderId, countryId, stateId, cityId, showDOB, showEmail, showPhone, ...text } = change.body;
        const personal: ProfilePersonalData = text;
        return {
          type: 'ChangeBasicInfo',
          ...owner,
          facts: { genderId, ...resolveLocation({ countryId, stateId, cityId }, geography), showDOB, showEmail, showPhone },
          dateOfBirth: personal.dateOfBirth,
          sealed: await seal(personal),
        };
      }
      case 'skills':
        return { type: 'SetSkills', ...owner, tagIds: change.tagIds };
      case 'addCompany':
      case 'editCompany': {
        const { companyName, designation, countryId, stateId, cityId, startDate, endDate, isCurrentCompany } = change.body;
        const sealed = await seal({ companyName, designation } satisfies CompanyPersonalData);
        const company = {
          ...resolvedPlace({ countryId, stateId, cityId }),
          startDate,
          endDate: isCurrentCompany ? null : (endDate ?? null),
          isCurrentCompany,
        };
        return change.type === 'addCompany'
          ? { type: 'AddCompany', ...owner, id: this.nextId(), company, sealed }
          : { type: 'EditCompany', ...owner, id: change.body.id, company, sealed };
      }
      case 'addEducation':
      case 'editEducation': {
        const { universityName, countryId, stateId, cityId, startDate, endDate } = change.body;
        const sealed = await seal({ universityName } satisfies EducationPersonalData);
        const education = { ...resolvedPlace({ countryId, stateId, cityId }), startDate, endDate: endDate ?? null };
        return change.type === 'addEducation'
          ? { type: 'AddEducation', ...owner, id: this.nextId(), education, sealed }
          : { type: 'EditEducation', ...owner, id: change.body.id, education, sealed };
      }
      case 'addProject':
      case 'editProject': {
        const { projectName, projectDescription, companyName, startDate, endDate } = change.body;
        const sealed = await seal({ projectName, projectDescription, companyName: companyName ?? null } satisfies ProjectPersonalData);
        const project = { startDate: startDate ?? null, endDate: endDate ?? null };
        return change.type === 'addProject'
          ? { type: 'AddProject', ...owner, id: this.nextId(), project, sealed }
          : { type: 'EditProject', ...owner, id: change.body.id, project, sealed };
      }
      case 'remove': {
        const type = ({ Companies: 'RemoveCompany', Educations: 'RemoveEducation', Projects: 'RemoveProject' } as const)[change.kind];
        return { type, ...owner, id: change.id };
      }
    }
  }
}
