import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  addCompanyRequestSchema,
  addEducationRequestSchema,
  addProjectRequestSchema,
  basicInfoUpdateRequestSchema,
  editCompanyRequestSchema,
  editEducationRequestSchema,
  editProjectRequestSchema,
  eraseAccountRequestSchema,
  type AddCompanyRequest,
  type AddEducationRequest,
  type AddProjectRequest,
  type BasicInfoUpdateRequest,
  type EditCompanyRequest,
  type EditEducationRequest,
  type EditProjectRequest,
  type EraseAccountRequest,
} from '@app/contracts';
import { Authenticated, CurrentUser, SessionOnly } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { CLOCK, type Clock } from '../infrastructure/tokens';
import { actorOf } from '../auth/session-actor';
import { numericId } from '../http/numeric-id.pipe';
import { ChangeProfileCommand, type HistoryKind, type ProfileChange } from './change-profile.command';
import { EraseAccountCommand } from './erase-account.command';
import { ExportUserDataQuery } from './export-user-data.query';
import { ProfileReader } from './profile-reader';

/** SPEC §7 'User': profiles, their histories, and one's own data (export, erase). */
@ApiTags('User')
@ApiBearerAuth()
@Controller('User')
export class UserController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly profiles: ProfileReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private change(user: SessionUser | null, change: ProfileChange): Promise<boolean> {
    return this.commandBus.execute(new ChangeProfileCommand(actorOf(user), change));
  }

  /** Everything the site holds about the caller, decrypted: no cache may keep it. */
  @Get('Export')
  @Header('Cache-Control', 'no-store')
  @Authenticated()
  export(@CurrentUser() user: SessionUser | null) {
    return this.queryBus.execute(new ExportUserDataQuery(actorOf(user).accountId));
  }

  /** Basic information and summary; e-mail, phone and birth date only as the owner's privacy flags allow (hence Vary). */
  @Get(':userName')
  @Header('Vary', 'Authorization')
  get(@Param('userName') userName: string, @CurrentUser() user: SessionUser | null) {
    return this.profiles.basicInfo(userName, user?.accountId ?? null, this.clock());
  }

  @Put()
  @Authenticated()
  update(@Body(new ZodValidationPipe(basicInfoUpdateRequestSchema)) body: BasicInfoUpdateRequest, @CurrentUser() user: SessionUser | null) {
    return this.change(user, { type: 'basicInfo', body });
  }

  /** Erases the caller's account (crypto-shredding), after checking their password. */
  @Delete()
  @SessionOnly()
  @Authenticated()
  erase(@Body(new ZodValidationPipe(eraseAccountRequestSchema)) body: EraseAccountRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new EraseAccountCommand(actorOf(user).accountId, body.Password));
  }

  /** Work history, newest first. */
  @Get(':userName/Companies')
  companies(@Param('userName') userName: string) {
    return this.profiles.history(userName, 'Companies');
  }

  @Get(':userName/Projects')
  projects(@Param('userName') userName: string) {
    return this.profiles.history(userName, 'Projects');
  }

  @Get(':userName/Educations')
  educations(@Param('userName') userName: string) {
    return this.profiles.history(userName, 'Educations');
  }

  @Post('Companies')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  addCompany(@Body(new ZodValidationPipe(addCompanyRequestSchema)) body: AddCompanyRequest, @CurrentUser() user: SessionUser | null) {
    return this.change(user, { type: 'addCompany', body });
  }

  @Put('Companies')
  @Authenticated()
  editCompany(@Body(new ZodValidationPipe(editCompanyRequestSchema)) body: EditCompanyRequest, @CurrentUser() user: SessionUser | null) {
    return this.change(user, { type: 'editCompany', body });
  }

  @Post('Educations')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  addEducation(@Body(new ZodValidationPipe(addEducationRequestSchema)) body: AddEducationRequest, @CurrentUser() user: SessionUser | null) {
    return this.change(user, { type: 'addEducation', body });
  }

  @Put('Educations')
  @Authenticated()
  editEducation(
    @Body(new ZodValidationPipe(editEducationRequestSchema)) body: EditEducationRequest,
    @CurrentUser() user: SessionUser | null,
  ) {
    return this.change(user, { type: 'editEducation', body });
  }

  @Post('Projects')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  addProject(@Body(new ZodValidationPipe(addProjectRequestSchema)) body: AddProjectRequest, @CurrentUser() user: SessionUser | null) {
    return this.change(user, { type: 'addProject', body });
  }

  @Put('Projects')
  @Authenticated()
  editProject(@Body(new ZodValidationPipe(editProjectRequestSchema)) body: EditProjectRequest, @CurrentUser() user: SessionUser | null) {
    return this.change(user, { type: 'editProject', body });
  }

  @Delete('Companies/:id')
  @Authenticated()
  removeCompany(@Param('id', numericId('Company id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.removeHistory(user, 'Companies', id);
  }

  @Delete('Projects/:id')
  @Authenticated()
  removeProject(@Param('id', numericId('Project id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.removeHistory(user, 'Projects', id);
  }

  @Delete('Educations/:id')
  @Authenticated()
  removeEducation(@Param('id', numericId('Education id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.removeHistory(user, 'Educations', id);
  }

  private removeHistory(user: SessionUser | null, kind: HistoryKind, id: number) {
    return this.change(user, { type: 'remove', kind, id });
  }
}
