import { Inject } from '@nestjs/common';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { INVALID_CREDENTIALS, refuseWhileSuspended, unauthorized } from '@app/domain';
import { normalizeEmail, PasswordHasher } from '@app/personal-data';
import { AccountDirectory } from '../account-directory';
import { AbuseLimits } from '../../rate-limits/abuse-limits';
import { CLOCK, type Clock } from '../../infrastructure/tokens';
import { KnownDevices } from '../known-devices';
import { SessionIssuer, type LoginResult } from '../session-issuer';
import { LoginChallenges } from '../two-factor/login-challenges';

/** The first step's answer when the account has two-factor on: no token yet, a challenge for `Login2fa`. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  challenge: string;
}

/** The session, and a fresh known-device token for the browser (a cookie). */
export interface LoginOutcome {
  login: LoginResult | TwoFactorRequired;
  knownDevice: { token: string; maxAgeMs: number };
}

export class LoginCommand extends Command<LoginOutcome> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly rememberMe: boolean,
    readonly ip: string,
    /** The known-device token the browser sent, if any. */
    readonly deviceToken?: string,
    readonly userAgent = '',
  ) {
    super();
  }
}

/**
 * Checks the password against the write side. An unknown e-mail still burns a hash verification
 * and gets the same message as a wrong password, so neither reveals whether an account exists.
 * Each attempt takes its slots of the login limits (AbuseLimits.loginAttempt: a device that logged
 * in to the e-mail before is not held by the e-mail's limit) before the password is checked, so
 * parallel guesses count; a successful login gives its slots back, clears the failures it passed
 * and gives the browser a new known-device token.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand, LoginOutcome> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly limits: AbuseLimits,
    private readonly sessions: SessionIssuer,
    private readonly knownDevices: KnownDevices,
    private readonly challenges: LoginChallenges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ email, password, rememberMe, ip, deviceToken, userAgent }: LoginCommand): Promise<LoginOutcome> {
    const key = normalizeEmail(email);
    const device = this.knownDevices.verify(deviceToken, key, this.clock());
    const attempt = await this.limits.loginAttempt(key, ip, device);
    const account = await this.directory.findByEmail(email);
    const valid = await this.hasher.verifyOrBurn(account?.passwordHash ?? null, password);
    if (!account || !valid) throw unauthorized(INVALID_CREDENTIALS);
    await attempt.release();
    await this.limits.loginSucceeded(key, ip, device);
    // Only the right password learns of a suspension (and why).
    refuseWhileSuspended(account.state, this.clock());
    const knownDevice = this.knownDevices.issue(key, this.clock());
    if (account.state.twoFactor.status === 'on') {
      const challenge = this.challenges.issue({ accountId: account.state.accountId, rememberMe, passes: account.state.secondFactorPasses });
      return { login: { twoFactorRequired: true, challenge }, knownDevice };
    }
    const login = await this.sessions.startSessionFor(account, rememberMe, { ip, userAgent });
    return { login, knownDevice };
  }
}
