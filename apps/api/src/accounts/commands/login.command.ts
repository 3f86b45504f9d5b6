import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { INVALID_CREDENTIALS, unauthorized } from '@app/domain';
import { normalizeEmail, PasswordHasher } from '@app/personal-data';
import { AccountDirectory } from '../account-directory';
import { AbuseLimits } from '../../rate-limits/abuse-limits';
import { SessionIssuer, type LoginResult } from '../session-issuer';

export class LoginCommand extends Command<LoginResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly rememberMe: boolean,
    readonly ip: string,
  ) {
    super();
  }
}

/**
 * Checks the password against the write side. An unknown e-mail still burns a hash verification
 * and gets the same message as a wrong password, so neither reveals whether an account exists.
 * Each attempt takes a slot of the e-mail's and the address's limits before the password is
 * checked, so parallel guesses count; a successful login gives its slots back and clears the
 * e-mail's failures.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand, LoginResult> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly limits: AbuseLimits,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ email, password, rememberMe, ip }: LoginCommand): Promise<LoginResult> {
    const key = normalizeEmail(email);
    const attempt = await this.limits.takeAll([
      ['login-email', key],
      ['login-address', ip],
    ]);
    const account = await this.directory.findByEmail(email);
    const valid = await this.hasher.verifyOrBurn(account?.passwordHash ?? null, password);
    if (!account || !valid) throw unauthorized(INVALID_CREDENTIALS);
    await attempt.release();
    await this.limits.clear('login-email', key);
    return this.sessions.loginResult(
      {
        accountId: account.state.accountId,
        userName: account.personal.userName,
        name: account.personal.name,
        roleId: account.state.roleId,
        credentialVersion: account.state.credentialVersion,
      },
      rememberMe,
    );
  }
}
