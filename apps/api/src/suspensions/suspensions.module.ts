import { Module } from '@nestjs/common';
import { ListUsersHandler } from './list-users.query';
import { SuspendAccountHandler, UnsuspendAccountHandler } from './suspend-account.command';
import { SuspensionsController } from './suspensions.controller';

/** Issue 27: suspensions (PUT /api/Admin/Suspend, /Unsuspend) and the Admin Panel's list of people (GET /api/Admin/Users). */
@Module({ controllers: [SuspensionsController], providers: [SuspendAccountHandler, UnsuspendAccountHandler, ListUsersHandler] })
export class SuspensionsModule {}
