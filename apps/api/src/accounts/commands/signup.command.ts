import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { RoleId } from '@app/contracts';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountDecider,
  accountStreamName,
  conflict,
  emailReservationStreamName,
  emailReserved,
  EMAIL_ALREADY_REGISTERED,
  INITIAL_CREDENTIAL_VERSION,
  userNameBase,
  userNameCandidates,
  userNameReleased,
  userNameReservationStreamName,
  userNameReserved,
  type AccountPersonalData,
} from '@app/domain';
import { WrongExpectedRevisionError } from '@app/event-store';
import { PasswordHasher, PersonalDataVault } from '@app/personal-data';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { AccountDirectory } from '../account-directory';
import { SessionIssuer, type LoginResult } from '../session-issuer';
import { CLOCK, type Clock } from '../../infrastructure/tokens';
import { AbuseLimits } from '../../rate-limits/abuse-limits';

/** An e-mail reservation whose account never got recorded (a crash mid-signup) frees up after this. */
const ABANDONED_RESERVATION_MS = 60_000;

export class SignupCommand extends Command<LoginResult> {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly password: string,
    /** The client address: sign-ups per address are limited. */
    readonly ip: string,
    readonly userAgent = '',
  ) {
    super();
  }
}

/**
 * Signup makes an opaque account id, claims the first free user name derived from the display
 * name, then the e-mail (each reservation names that account id: of concurrent signups with one
 * e-mail exactly one append wins), then records the account with its personal data, user name
 * included, sealed. Reservations are keyed by lookup hashes, so neither the e-mail nor the user
 * name is in clear in the log. The user is logged in at once. A signup refused after claiming its
 * user name (the e-mail taken) releases the name again, so refused attempts do not use up handles.
 */
@CommandHandler(SignupCommand)
export class SignupHandler implements ICommandHandler<SignupCommand, LoginResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly directory: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly vault: PersonalDataVault,
    private readonly sessions: SessionIssuer,
    private readonly limits: AbuseLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ name, email, password, ip, userAgent }: SignupCommand): Promise<LoginResult> {
    // Every attempt counts, a refused one too: probing which e-mails are taken is limited as well.
    await this.limits.take('signup', ip);
    const now = this.clock();
    const passwordHash = await this.hasher.hash(password);
    const accountId = randomUUID();
    const { userName, userNameLookup, emailLookup } = await this.claimNames(name, email, accountId, now);
    const personal: AccountPersonalData = { email: email.trim(), name: name.trim(), userName, passwordHash };
    const sealed = await this.vault.seal(accountId, personal);
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'RegisterAccount', accountId, userName, sealed, emailLookup, userNameLookup, now },
      { actor: accountId, settle: ['accounts'] },
    );
    return this.sessions.startSession(
      { accountId, userName, name: personal.name, roleId: RoleId.User, credentialVersion: INITIAL_CREDENTIAL_VERSION },
      false,
      { ip, userAgent },
    );
  }

  /**
   * Claims the first free user name derived from `name` (a provider's login for an external
   * sign-in), then the e-mail; gives the user name back when the e-mail is taken (409).
   */
  async claimNames(name: string, email: string, accountId: string, now: Date) {
    const emailLookup = this.directory.emailLookup(email);
    const { userName, userNameLookup, revision } = await this.reserveUserName(name, accountId, now);
    try {
      await this.reserveEmail(emailLookup, accountId, now);
    } catch (error) {
      await this.releaseUserName(userNameLookup, accountId, revision, now);
      throw error;
    }
    return { userName, userNameLookup, emailLookup };
  }

  private async reserveUserName(
    name: string,
    accountId: string,
    now: Date,
  ): Promise<{ userName: string; userNameLookup: string; revision: number }> {
    for (const candidate of userNameCandidates(userNameBase(name))) {
      const userNameLookup = this.directory.userNameLookup(candidate);
      const stream = userNameReservationStreamName(userNameLookup);
      try {
        await this.commands.append(stream, [userNameReserved(userNameLookup, accountId, now)], 'no_stream', { actor: accountId });
        return { userName: candidate, userNameLookup, revision: 0 };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        const revision = await this.takeOverErased(stream, [userNameReserved(userNameLookup, accountId, now)], accountId);
        if (revision !== null) return { userName: candidate, userNameLookup, revision };
      }
    }
    throw new Error('userNameCandidates never ends');
  }

  /** Gives back the user name this refused signup claimed, unless someone claimed it since. */
  private async releaseUserName(userNameLookup: string, accountId: string, revision: number, now: Date): Promise<void> {
    await this.commands
      .append(userNameReservationStreamName(userNameLookup), [userNameReleased(userNameLookup, accountId, now)], revision, {
        actor: accountId,
      })
      .catch((error: unknown) => {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      });
  }

  private async reserveEmail(emailLookup: string, accountId: string, now: Date): Promise<void> {
    const stream = emailReservationStreamName(emailLookup);
    try {
      await this.commands.append(stream, [emailReserved(emailLookup, accountId, now)], 'no_stream', { actor: accountId });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    if ((await this.takeOverErased(stream, [emailReserved(emailLookup, accountId, now)], accountId)) !== null) return;
    // Taken. Otherwise only a reservation whose signup died before recording the account may be taken over.
    const [latest] = (await this.directory.reservationsOf(emailLookup)).slice(-1);
    const abandoned =
      latest &&
      now.getTime() - latest.recordedAt.getTime() > ABANDONED_RESERVATION_MS &&
      !(await this.directory.accountExists(latest.accountId));
    if (!abandoned) throw conflict(EMAIL_ALREADY_REGISTERED);
    try {
      await this.commands.append(stream, [emailReserved(emailLookup, accountId, now)], latest.revision, { actor: accountId });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw conflict(EMAIL_ALREADY_REGISTERED);
      throw error;
    }
  }

  /**
   * A name reserved by an erased account, or released by a refused signup, is free again: claim it
   * over that reservation. The stream's revision after the claim, or null when it is not free.
   */
  private async takeOverErased(
    stream: string,
    events: Parameters<EventSourcedCommands['append']>[1],
    accountId: string,
  ): Promise<number | null> {
    const claim = await this.directory.latestClaim(stream);
    if (!claim || !(claim.released || (await this.directory.accountErased(claim.accountId)))) return null;
    try {
      await this.commands.append(stream, events, claim.revision, { actor: accountId });
      return claim.revision + events.length;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
  }
}
