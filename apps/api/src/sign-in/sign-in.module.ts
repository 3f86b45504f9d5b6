import { Module } from '@nestjs/common';
import { CreateApiTokenHandler, RevokeApiTokenHandler } from './api-tokens.command';
import { ListApiTokensHandler } from './api-tokens.query';
import { RevokeSessionHandler } from './revoke-session.command';
import { ListSessionsHandler } from './sessions.query';
import {
  DisableTwoFactorHandler,
  EnableTwoFactorHandler,
  RegenerateRecoveryCodesHandler,
  SetUpTwoFactorHandler,
} from './two-factor.command';
import { GetTwoFactorHandler } from './two-factor.query';
import { RecoveryCodeIssuer } from './recovery-code-issuer';
import { SignInController } from './sign-in.controller';

/** Sessions, and the other ways to sign in that Settings manages. */
@Module({
  controllers: [SignInController],
  providers: [
    ListSessionsHandler,
    RevokeSessionHandler,
    CreateApiTokenHandler,
    RevokeApiTokenHandler,
    ListApiTokensHandler,
    SetUpTwoFactorHandler,
    EnableTwoFactorHandler,
    DisableTwoFactorHandler,
    RegenerateRecoveryCodesHandler,
    RecoveryCodeIssuer,
    GetTwoFactorHandler,
  ],
})
export class SignInModule {}
