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
  userNameBase,
  userNameCandidates,
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

/** An e-mail reservation whose account never got recorded (a crash mid-signup) frees up after this. */
const ABANDONED_RESERVATION_MS = 60_000;

export class SignupCommand extends Command<LoginResult> {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}

/**
 * Signup claims the first free user name derived from the display name, then the e-mail (which
 * names that user: of concurrent signups with one e-mail exactly one append wins), then records
 * the account with its personal data sealed. The user is logged in at once. A user name claimed
 * by a signup that then lost the e-mail stays unused: handles are cheap, reuse is not safe.
 */
@CommandHandler(SignupCommand)
export class SignupHandler implements ICommandHandler<SignupCommand, LoginResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly directory: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly vault: PersonalDataVault,
    private readonly sessions: SessionIssuer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ name, email, password }: SignupCommand): Promise<LoginResult> {
    const now = this.clock();
    const passwordHash = await this.hasher.hash(password);
    const emailLookup = this.directory.emailLookup(email);
    const userName = await this.reserveUserName(name, now);
    await this.reserveEmail(emailLookup, userName, now);

    const personal: AccountPersonalData = { email: email.trim(), name: name.trim(), passwordHash };
    const sealed = await this.vault.seal(userName, personal);
    const { position } = await this.commands.execute(
      accountStreamName(userName),
      accountDecider,
      { type: 'RegisterAccount', userName, sealed, emailLookup, now },
      { actor: userName },
    );
    await this.commands.settle(position, ['accounts']);
    return this.sessions.loginResult({ userName, name: personal.name, roleId: RoleId.User }, false);
  }

  private async reserveUserName(name: string, now: Date): Promise<string> {
    for (const candidate of userNameCandidates(userNameBase(name))) {
      try {
        await this.commands.append(userNameReservationStreamName(candidate), [userNameReserved(candidate, now)], 'no_stream', {
          actor: candidate,
        });
        return candidate;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new Error('userNameCandidates never ends');
  }

  private async reserveEmail(emailLookup: string, userName: string, now: Date): Promise<void> {
    const stream = emailReservationStreamName(emailLookup);
    try {
      await this.commands.append(stream, [emailReserved(emailLookup, userName, now)], 'no_stream', { actor: userName });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    // Taken. Only a reservation whose signup died before recording the account may be taken over.
    const [latest] = (await this.directory.reservationsOf(emailLookup)).slice(-1);
    const abandoned =
      latest &&
      now.getTime() - latest.recordedAt.getTime() > ABANDONED_RESERVATION_MS &&
      !(await this.directory.accountExists(latest.userName));
    if (!abandoned) throw conflict(EMAIL_ALREADY_REGISTERED);
    try {
      await this.commands.append(stream, [emailReserved(emailLookup, userName, now)], latest.revision, { actor: userName });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw conflict(EMAIL_ALREADY_REGISTERED);
      throw error;
    }
  }
}
