import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { postKindOf, validationError } from '@app/domain';
import { AdminOnly } from '../../auth/auth.decorators';
import { numericId } from '../../http/numeric-id.pipe';
import { GetModerationHistoryQuery } from './get-moderation-history.query';
import { GetRecentModerationQuery } from './get-recent-moderation.query';

/** Moderation history, for admins auditing who published, approved, edited or deleted what. */
@ApiTags('Moderation')
@ApiBearerAuth()
@Controller('Moderation')
export class ModerationController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The latest actions across every post, newest first. */
  @Get()
  @AdminOnly()
  recent() {
    return this.queryBus.execute(new GetRecentModerationQuery());
  }

  /** Every action on one post (entityType 1 = article, 2 = question), oldest first. */
  @Get(':entityType/:id')
  @AdminOnly()
  history(@Param('entityType', numericId('Entity type')) entityType: number, @Param('id', numericId('Post id')) id: number) {
    const kind = postKindOf(entityType);
    if (!kind) throw validationError('Entity type must be 1 (article) or 2 (question).');
    return this.queryBus.execute(new GetModerationHistoryQuery(kind, id));
  }
}
