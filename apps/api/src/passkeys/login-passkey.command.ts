import { createHash } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Login2faPasskeyRequest, LoginPasskeyRequest } from '@app/contracts';
import { INVALID_CHALLENGE, PASSKEY_SIGN_IN_FAILED, unauthorized } from '@app/domain';
import { AccountDirectory } from '../accounts/account-directory';
import { SessionIssuer, type LoginResult, type SignInClient } from '../accounts/session-issuer';
import { LoginChallenges } from '../accounts/two-factor/login-challenges';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { PasskeyChallenges } from './passkey-challenges';
import { PasskeyUse } from './passkey-use';
import { accountIdOfUserHandle, challengeOf, RelyingParty } from './relying-party';

export class StartPasskeyLoginCommand extends Command<PublicKeyCredentialRequestOptionsJSON> {
  constructor(readonly ip: string) {
    super();
  }
}

/**
 * The options for `navigator.credentials.get` without a password: no credential listed (the browser
 * offers this site's passkeys), the challenge remembered once for five minutes. Each takes a slot of
 * the client address's login limit, so nobody fills the store with challenges.
 */
@CommandHandler(StartPasskeyLoginCommand)
export class StartPasskeyLoginHandler implements ICommandHandler<StartPasskeyLoginCommand, PublicKeyCredentialRequestOptionsJSON> {
  constructor(
    private readonly relyingParty: RelyingParty,
    private readonly challenges: PasskeyChallenges,
    private readonly limits: AbuseLimits,
  ) {}

  async execute({ ip }: StartPasskeyLoginCommand): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await this.limits.take('login-address', ip);
    const options = await this.relyingParty.authenticationOptions();
    await this.challenges.remember(options.challenge, 'sign-in', null);
    return options;
  }
}

export class LoginWithPasskeyCommand extends Command<LoginResult> {
  constructor(
    readonly request: LoginPasskeyRequest,
    readonly client: SignInClient,
  ) {
    super();
  }
}

/**
 * A passwordless login: the passkey's signature over a challenge of `LoginPasskey/Options` (used up
 * whatever follows), with the user verified on the authenticator. The passkey names its account
 * (user handle); the decider records the use and refuses a signature count that went back (a cloned
 * authenticator). It starts the same session as a password login. Two-factor is honoured: a
 * verified passkey is itself two factors (the device, and the PIN or biometric that unlocks it), so
 * no code is asked, as at GitHub. Every failure answers one 401, so nothing tells which part failed.
 */
@CommandHandler(LoginWithPasskeyCommand)
export class LoginWithPasskeyHandler implements ICommandHandler<LoginWithPasskeyCommand, LoginResult> {
  constructor(
    private readonly challenges: PasskeyChallenges,
    private readonly directory: AccountDirectory,
    private readonly passkeys: PasskeyUse,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ request, client }: LoginWithPasskeyCommand): Promise<LoginResult> {
    const challenge = challengeOf(request.response);
    if (!challenge || !(await this.challenges.take(challenge, 'sign-in', null))) throw unauthorized(PASSKEY_SIGN_IN_FAILED);
    const accountId = accountIdOfUserHandle(request.response.response.userHandle);
    const account = accountId ? await this.directory.findById(accountId) : null;
    if (!account || account.erased) throw unauthorized(PASSKEY_SIGN_IN_FAILED);
    await this.passkeys.verifyAndRecord(account, request.response, challenge);
    return this.sessions.startSessionFor(account, request.RememberMe === true, client);
  }
}

export class StartPasskeySecondFactorCommand extends Command<PublicKeyCredentialRequestOptionsJSON> {
  constructor(readonly loginChallenge: string) {
    super();
  }
}

/**
 * A login's second step with a passkey instead of a code: the options name the account's passkeys,
 * and their challenge is derived from the password step's signed challenge, so nothing is stored:
 * that challenge is already single use (the decider ends it at the first pass) and short-lived.
 */
@CommandHandler(StartPasskeySecondFactorCommand)
export class StartPasskeySecondFactorHandler implements ICommandHandler<
  StartPasskeySecondFactorCommand,
  PublicKeyCredentialRequestOptionsJSON
> {
  constructor(
    private readonly loginChallenges: LoginChallenges,
    private readonly directory: AccountDirectory,
    private readonly relyingParty: RelyingParty,
  ) {}

  async execute({ loginChallenge }: StartPasskeySecondFactorCommand): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const login = this.loginChallenges.verify(loginChallenge);
    const account = login ? await this.directory.findById(login.accountId) : null;
    if (!login || !account || account.erased || account.state.secondFactorPasses !== login.passes) throw unauthorized(INVALID_CHALLENGE);
    const passkeys = Object.values(account.state.passkeys);
    if (passkeys.length === 0) throw unauthorized(PASSKEY_SIGN_IN_FAILED);
    return this.relyingParty.authenticationOptions(passkeys, secondFactorChallenge(loginChallenge));
  }
}

export class PassSecondFactorWithPasskeyCommand extends Command<LoginResult> {
  constructor(
    readonly request: Login2faPasskeyRequest,
    readonly client: SignInClient,
  ) {
    super();
  }
}

/** Finishes the login as `Login2fa` does, with a passkey of the account; the login challenge works once, as with a code. */
@CommandHandler(PassSecondFactorWithPasskeyCommand)
export class PassSecondFactorWithPasskeyHandler implements ICommandHandler<PassSecondFactorWithPasskeyCommand, LoginResult> {
  constructor(
    private readonly loginChallenges: LoginChallenges,
    private readonly directory: AccountDirectory,
    private readonly passkeys: PasskeyUse,
    private readonly sessions: SessionIssuer,
    private readonly limits: AbuseLimits,
  ) {}

  async execute({ request, client }: PassSecondFactorWithPasskeyCommand): Promise<LoginResult> {
    const login = this.loginChallenges.verify(request.challenge);
    if (!login) throw unauthorized(INVALID_CHALLENGE);
    const attempt = await this.limits.take('two-factor', login.accountId);
    const account = await this.directory.findById(login.accountId);
    if (!account || account.erased) throw unauthorized(INVALID_CHALLENGE);
    await this.passkeys.verifyAndRecord(account, request.response, secondFactorChallenge(request.challenge), login.passes);
    await attempt.release();
    return this.sessions.startSessionFor(account, login.rememberMe, client);
  }
}

/** The WebAuthn challenge of a login's second step: a hash of the password step's challenge (never the challenge itself). */
const secondFactorChallenge = (loginChallenge: string) =>
  createHash('sha256').update('passkey-second-factor\0').update(loginChallenge).digest('base64url');
