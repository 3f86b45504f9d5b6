import { Global, Module } from '@nestjs/common';
import { AccountDirectory } from './account-directory';
import { KnownDevices } from './known-devices';
import { MentionedAccounts } from './mentioned-accounts';
import { AccountsController } from './accounts.controller';
import { AuthorNames } from '../shared/author-names';
import { ConfirmEmailHandler, RequestCredentialLinkHandler, ResetPasswordHandler } from './commands/credential-links.command';
import { SetCommentNotificationsHandler } from './commands/comment-notifications.command';
import { GetEmailPreferencesHandler } from './comment-notifications.query';
import { LoginHandler } from './commands/login.command';
import { LogoutEverywhereHandler } from './commands/logout-everywhere.command';
import { SignupHandler } from './commands/signup.command';
import { PasswordConfirmation } from './password-confirmation';
import { SessionIssuer } from './session-issuer';
import { Login2faHandler } from './commands/login-2fa.command';
import { LoginChallenges } from './two-factor/login-challenges';
import { SecondFactor } from './two-factor/second-factor';

/** Global: every feature resolves author names through AuthorNames; profiles find accounts through the directory. */
@Global()
@Module({
  controllers: [AccountsController],
  exports: [
    AuthorNames,
    AccountDirectory,
    MentionedAccounts,
    SecondFactor,
    SessionIssuer,
    SignupHandler,
    LoginChallenges,
    PasswordConfirmation,
  ],
  providers: [
    AuthorNames,
    AccountDirectory,
    MentionedAccounts,
    SessionIssuer,
    LoginChallenges,
    SecondFactor,
    PasswordConfirmation,
    Login2faHandler,
    KnownDevices,
    SignupHandler,
    LoginHandler,
    LogoutEverywhereHandler,
    RequestCredentialLinkHandler,
    ResetPasswordHandler,
    ConfirmEmailHandler,
    SetCommentNotificationsHandler,
    GetEmailPreferencesHandler,
  ],
})
export class AccountsModule {}
