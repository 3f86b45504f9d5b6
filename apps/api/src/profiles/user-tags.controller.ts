import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { updateUserTagsRequestSchema, type UpdateUserTagsRequest } from '@app/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { actorOf } from '../auth/session-actor';
import { ChangeProfileCommand } from './change-profile.command';
import { ProfileReader } from './profile-reader';

/** SPEC §7: a user's skills are master-data tags (GET /api/Tag, the whole list, is reference data). */
@ApiTags('User')
@ApiBearerAuth()
@Controller('Tag')
export class UserTagsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly profiles: ProfileReader,
  ) {}

  @Put('UpdateUserTags')
  @Authenticated()
  update(@Body(new ZodValidationPipe(updateUserTagsRequestSchema)) tags: UpdateUserTagsRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new ChangeProfileCommand(actorOf(user), { type: 'skills', tagIds: tags.map((tag) => tag.id) }));
  }

  @Get(':userName')
  skills(@Param('userName') userName: string) {
    return this.profiles.skills(userName);
  }
}
