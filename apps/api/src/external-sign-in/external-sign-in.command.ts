import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { EMAIL_PATTERN, MAX_LENGTHS, NAME_LENGTH, type TwoFactorRequired } from '@app/contracts';
import {
  accountDecider,
  accountStreamName,
  conflict,
  DomainError,
  externalIdentityStreamName,
  refuseWhileSuspended,
  unauthorized,
  validationError,
  type AccountPersonalData,
  type ExternalIdentityRef,
} from '@app/domain';
import { WrongExpectedRevisionError } from '@app/event-store';
import { PasswordHasher, PersonalDataVault } from '@app/personal-data';
import { AccountDirectory } from '../accounts/account-directory';
import { SignupHandler } from '../accounts/commands/signup.command';
import { SessionIssuer, type LoginResult, type SignInClient } from '../accounts/session-issuer';
import { LoginChallenges } from '../accounts/two-factor/login-challenges';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import type { SignInFlow } from './flow-cookie';
import { Handoffs } from './handoffs';
import { EXTERNAL_SIGN_IN_FAILED, ProviderClients, type ExternalProfile } from './provider-clients';

export const EMAIL_BELONGS_TO_ACCOUNT =
  'An account with this e-mail already exists. Log in to it, then link this sign-in method in Settings.';
export const IDENTITY_LINKED_ELSEWHERE = 'This account of the provider is already linked to another account here.';
export const EMAIL_MISSING = 'The provider did not share an e-mail address this site accepts; it is needed to make an account.';
export const HANDOFF_INVALID = 'This sign-in has expired or was already used. Please try again.';

/** The keyed hash naming an external identity: its claim stream id; the provider's user id never appears in clear. */
export const subjectLookupOf = (pepper: string, provider: string, subject: string) =>
  createHmac('sha256', pepper).update(`external-identity\n${provider}\n${subject}`).digest('hex');

export class FinishExternalSignInCommand extends Command<{ mode: 'login'; code: string; binding: string } | { mode: 'link' }> {
  constructor(
    readonly flow: SignInFlow,
    readonly callbackUrl: URL,
    readonly ip: string,
  ) {
    super();
  }
}

/**
 * The provider's callback. A login finds the account the identity is linked to, or makes a new one
 * (never one found by the provider's e-mail: an e-mail already registered is refused, so nobody
 * takes over an account through a provider that vouches for an address); it answers a one-time
 * code for the SPA. A link (started by the logged-in owner, see FlowCookies) links the identity.
 * Each identity belongs to one account, claimed on its own stream like e-mails and user names.
 */
@CommandHandler(FinishExternalSignInCommand)
export class FinishExternalSignInHandler implements ICommandHandler<FinishExternalSignInCommand> {
  constructor(
    private readonly providers: ProviderClients,
    private readonly commands: EventSourcedCommands,
    private readonly directory: AccountDirectory,
    private readonly signup: SignupHandler,
    private readonly hasher: PasswordHasher,
    private readonly vault: PersonalDataVault,
    private readonly handoffs: Handoffs,
    private readonly limits: AbuseLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ flow, callbackUrl, ip }: FinishExternalSignInCommand) {
    const provider = this.providers.provider(flow.provider);
    const profile = await this.providers.profile(provider, callbackUrl, flow);
    const subjectLookup = subjectLookupOf(this.config.emailLookupPepper, profile.provider, profile.subject);
    const owner = await this.ownerOf(subjectLookup);
    if (flow.mode === 'link') {
      await this.link(flow, profile, subjectLookup, owner);
      return { mode: 'link' as const };
    }
    const accountId = owner?.accountId ?? (await this.createAccount(profile, subjectLookup, ip));
    return { mode: 'login' as const, ...(await this.handoffs.issue(accountId)) };
  }

  private async link(flow: SignInFlow, profile: ExternalProfile, subjectLookup: string, owner: Claim | null): Promise<void> {
    const accountId = flow.accountId ?? '';
    const account = await this.directory.findById(accountId);
    if (!account || account.erased || account.state.credentialVersion !== flow.credentialVersion) throw unauthorized();
    if (owner && owner.accountId !== accountId) throw conflict(IDENTITY_LINKED_ELSEWHERE);
    const now = this.clock();
    const revision = owner ? null : await this.claim(subjectLookup, accountId, now);
    try {
      await this.commands.execute(
        accountStreamName(accountId),
        accountDecider,
        { type: 'LinkExternalIdentity', accountId, identity: await this.identity(accountId, profile, subjectLookup), now },
        { actor: accountId },
      );
    } catch (error) {
      if (revision !== null) await this.release(subjectLookup, accountId, revision, now);
      throw error;
    }
  }

  private async createAccount(profile: ExternalProfile, subjectLookup: string, ip: string): Promise<string> {
    // The same rules as a signup's e-mail (SPEC §5), so every account's address can be typed in a login form.
    if (!profile.email || profile.email.length > MAX_LENGTHS.email || !EMAIL_PATTERN.test(profile.email))
      throw validationError(EMAIL_MISSING);
    await this.limits.take('signup', ip);
    const now = this.clock();
    const accountId = randomUUID();
    const revision = await this.claim(subjectLookup, accountId, now);
    if (revision === null) throw conflict(EXTERNAL_SIGN_IN_FAILED);
    try {
      const { userName, userNameLookup, emailLookup } = await this.signup
        .claimNames(profile.login, profile.email, accountId, now)
        .catch((error: unknown) => {
          throw error instanceof DomainError && error.kind === 'conflict' ? conflict(EMAIL_BELONGS_TO_ACCOUNT) : error;
        });
      // No password was chosen: the hash is of a secret nobody knows; a reset link sets a real one.
      const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
      const personal: AccountPersonalData = {
        email: profile.email.trim(),
        name: profile.name.trim().slice(0, NAME_LENGTH.max),
        userName,
        passwordHash,
      };
      const sealed = await this.vault.seal(accountId, personal);
      const identity = await this.identity(accountId, profile, subjectLookup);
      await this.commands.execute(
        accountStreamName(accountId),
        accountDecider,
        {
          type: 'RegisterAccount',
          accountId,
          userName,
          sealed,
          emailLookup,
          userNameLookup,
          now,
          external: { identity, emailVerified: profile.emailVerified },
        },
        { actor: accountId, settle: ['accounts'] },
      );
      return accountId;
    } catch (error) {
      await this.release(subjectLookup, accountId, revision, now);
      throw error;
    }
  }

  private async identity(accountId: string, profile: ExternalProfile, subjectLookup: string): Promise<ExternalIdentityRef> {
    return { provider: profile.provider, subjectLookup, sealedLabel: await this.vault.seal(accountId, { label: profile.login }) };
  }

  private async ownerOf(subjectLookup: string): Promise<Claim | null> {
    const claim = await this.directory.latestClaim(externalIdentityStreamName(subjectLookup));
    if (!claim || claim.released || (await this.directory.accountErased(claim.accountId))) return null;
    return claim;
  }

  /** Claims the identity for `accountId` (first, or over a released or erased claim); the stream's revision after, or null when taken. */
  private async claim(subjectLookup: string, accountId: string, now: Date): Promise<number | null> {
    const stream = externalIdentityStreamName(subjectLookup);
    const event = { type: 'ExternalIdentityClaimed', data: { subjectLookup, accountId, at: now.toISOString() } };
    const previous = await this.directory.latestClaim(stream);
    if (previous && !previous.released && !(await this.directory.accountErased(previous.accountId))) return null;
    try {
      await this.commands.append(stream, [event], previous ? previous.revision : 'no_stream', { actor: accountId });
      return previous ? previous.revision + 1 : 0;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
  }

  private release(subjectLookup: string, accountId: string, revision: number, now: Date): Promise<void> {
    return releaseIdentity(this.commands, subjectLookup, accountId, revision, now);
  }
}

type Claim = { accountId: string; revision: number };

/** Gives an identity's claim back (after an unlink, or a sign-in that failed after claiming it); someone else's later claim stays. */
export async function releaseIdentity(
  commands: EventSourcedCommands,
  subjectLookup: string,
  accountId: string,
  revision: number,
  now: Date,
): Promise<void> {
  const event = { type: 'ExternalIdentityReleased', data: { subjectLookup, accountId, at: now.toISOString() } };
  await commands.append(externalIdentityStreamName(subjectLookup), [event], revision, { actor: accountId }).catch((error: unknown) => {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  });
}

export class ExchangeHandoffCommand extends Command<LoginResult | TwoFactorRequired> {
  constructor(
    readonly code: string,
    /** The handoff cookie of the browser that came back from the provider. */
    readonly binding: string | undefined,
    readonly client: SignInClient,
  ) {
    super();
  }
}

/** The SPA's half of the handoff: the one-time code for the usual login result, or the two-factor challenge when the account has it on. */
@CommandHandler(ExchangeHandoffCommand)
export class ExchangeHandoffHandler implements ICommandHandler<ExchangeHandoffCommand> {
  constructor(
    private readonly handoffs: Handoffs,
    private readonly directory: AccountDirectory,
    private readonly sessions: SessionIssuer,
    private readonly challenges: LoginChallenges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ code, binding, client }: ExchangeHandoffCommand): Promise<LoginResult | TwoFactorRequired> {
    const accountId = await this.handoffs.take(code, binding);
    const account = accountId ? await this.directory.findById(accountId) : null;
    if (!account || account.erased) throw unauthorized(HANDOFF_INVALID);
    refuseWhileSuspended(account.state, this.clock());
    if (account.state.twoFactor.status === 'on') {
      const challenge = this.challenges.issue({
        accountId: account.state.accountId,
        rememberMe: false,
        passes: account.state.secondFactorPasses,
      });
      return { twoFactorRequired: true, challenge };
    }
    return this.sessions.startSessionFor(account, false, client);
  }
}
