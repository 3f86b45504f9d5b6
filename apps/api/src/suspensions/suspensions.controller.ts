import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  suspendRequestSchema,
  unsuspendRequestSchema,
  type AdminUserRow,
  type SuspendRequest,
  type SuspensionResult,
  type UnsuspendRequest,
} from '@app/contracts';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ListUsersQuery } from './list-users.query';
import { SuspendAccountCommand, UnsuspendAccountCommand } from './suspend-account.command';

/** Issue 27: admins suspend and unsuspend people, from the Admin Panel's Users card. */
@ApiTags('Admin')
@ApiBearerAuth()
@Controller('Admin')
export class SuspensionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /** Ends their sessions; login answers 403 with the end and the reason until `until` (null: until unsuspended). */
  @Put('Suspend')
  @AdminOnly()
  suspend(
    @Body(new ZodValidationPipe(suspendRequestSchema)) body: SuspendRequest,
    @CurrentUser() admin: SessionUser,
  ): Promise<SuspensionResult> {
    return this.commandBus.execute(new SuspendAccountCommand(admin.accountId, body.userName, body.until, body.reason));
  }

  @Put('Unsuspend')
  @AdminOnly()
  unsuspend(
    @Body(new ZodValidationPipe(unsuspendRequestSchema)) body: UnsuspendRequest,
    @CurrentUser() admin: SessionUser,
  ): Promise<SuspensionResult> {
    return this.commandBus.execute(new UnsuspendAccountCommand(admin.accountId, body.userName));
  }

  /** People by user name (`startsWith`, then `after` the last one shown), 20 at a time, with their suspension. */
  @Get('Users')
  @AdminOnly()
  users(@Query('startsWith') startsWith: unknown, @Query('after') after: unknown): Promise<AdminUserRow[]> {
    return this.queryBus.execute(
      new ListUsersQuery(typeof startsWith === 'string' ? startsWith : '', typeof after === 'string' ? after : ''),
    );
  }
}
