import { Module } from '@nestjs/common';
import { RevokeSessionHandler } from './revoke-session.command';
import { ListSessionsHandler } from './sessions.query';
import { SignInController } from './sign-in.controller';

/** Sessions, and the other ways to sign in that Settings manages. */
@Module({
  controllers: [SignInController],
  providers: [ListSessionsHandler, RevokeSessionHandler],
})
export class SignInModule {}
