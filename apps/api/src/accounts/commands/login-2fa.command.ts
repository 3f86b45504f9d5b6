import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountDecider, accountStreamName, INVALID_CHALLENGE, INVALID_CODE, unauthorized, refuseWhileSuspended } from '@app/domain';
import { AbuseLimits } from '../../rate-limits/abuse-limits';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { AccountDirectory } from '../account-directory';
import { SessionIssuer, type LoginResult } from '../session-issuer';
import { LoginChallenges } from '../two-factor/login-challenges';
import { SecondFactor } from '../two-factor/second-factor';
import { CLOCK, type Clock } from '../../infrastructure/tokens';
import { Inject } from '@nestjs/common';

export class Login2faCommand extends Command<LoginResult> {
  constructor(
    readonly challenge: string,
    readonly code: string,
    readonly ip: string,
    readonly userAgent: string,
  ) {
    super();
  }
}

/**
 * The second step of a login with two-factor on: a challenge from the first step and a code of the
 * authenticator or a recovery code. Each attempt takes a slot of the `two-factor` limit of the
 * account first (a good code gives it back), so codes cannot be guessed; the challenge works once
 * and for five minutes. Passed, it starts the session as a login without two-factor does.
 */
@CommandHandler(Login2faCommand)
export class Login2faHandler implements ICommandHandler<Login2faCommand, LoginResult> {
  constructor(
    private readonly challenges: LoginChallenges,
    private readonly secondFactor: SecondFactor,
    private readonly directory: AccountDirectory,
    private readonly commands: EventSourcedCommands,
    private readonly limits: AbuseLimits,
    private readonly sessions: SessionIssuer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ challenge, code, ip, userAgent }: Login2faCommand): Promise<LoginResult> {
    const login = this.challenges.verify(challenge);
    if (!login) throw unauthorized(INVALID_CHALLENGE);
    const attempt = await this.limits.take('two-factor', login.accountId);
    const account = await this.directory.findById(login.accountId);
    if (!account || account.erased) throw unauthorized(INVALID_CHALLENGE);
    refuseWhileSuspended(account.state, this.clock());
    const matched = await this.secondFactor.match(login.accountId, account.state.twoFactor, code);
    if (!matched) throw unauthorized(INVALID_CODE);
    await this.commands.execute(
      accountStreamName(login.accountId),
      accountDecider,
      { type: 'PassSecondFactor', accountId: login.accountId, challengePasses: login.passes, code: matched },
      { actor: login.accountId },
    );
    await attempt.release();
    return this.sessions.startSessionFor(account, login.rememberMe, { ip, userAgent });
  }
}
