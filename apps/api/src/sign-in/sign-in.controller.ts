import { Controller, Delete, Get, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { credentialIdSchema } from '@app/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { RevokeSessionCommand } from './revoke-session.command';
import { ListSessionsQuery } from './sessions.query';

/** The ways the logged-in user signs in, in Settings: active sessions. */
@ApiTags('Account')
@ApiBearerAuth()
@Controller('Account')
export class SignInController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('Sessions')
  @Authenticated()
  @ApiOperation({ summary: "The caller's active sessions (device, browser, address, started, last seen); `current` is this one." })
  sessions(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListSessionsQuery(user.accountId, user.credential.sessionId));
  }

  @Delete('Sessions/:id')
  @Authenticated()
  @ApiOperation({ summary: 'Ends one session: its token is refused from the next request.' })
  revokeSession(@Param('id', new ZodValidationPipe(credentialIdSchema)) id: string, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new RevokeSessionCommand(user.accountId, id));
  }
}
