import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  buildCredentialLink,
  credentialLinkPath,
  signCredentialLink,
  type AccountEvent,
  type AccountPersonalData,
  type ConfirmationLinkRequested,
  type CredentialLinkPurpose,
  type PasswordResetRequested,
} from '@app/domain';
import { loadStream, type EventStore, type RecordedEvent } from '@app/event-store';
import { SEND_MAIL, type SendMailJob } from '@app/mail';
import type { PersonalDataVault } from '@app/personal-data';
import type { JobQueue } from '@app/queue';
import { poisonIfThrows, type Reactor } from '../projection';
import { confirmEmailMail, resetPasswordMail } from './account-mails';

export interface AccountMailDependencies {
  eventStore: EventStore;
  vault: PersonalDataVault;
  queue: JobQueue;
  publicUrl: string;
  credentialLinkSecret: string;
  /** Now, to tell an expired request from a live one; default the system clock. */
  clock?: () => Date;
}

type LinkRequested = ConfirmationLinkRequested | PasswordResetRequested;

const systemClock = () => new Date();

/**
 * Turns link requests into `send-mail` jobs. The job id is the event id, so replaying the log
 * (a restart before the checkpoint moved) enqueues nothing twice, and a request whose link has
 * expired is never mailed: a replay from further back (a lost checkpoint, a read store restored
 * from an old copy) finds only expired requests beyond the queue's idempotency window (see
 * JobQueue), so nothing is sent twice whatever happens to the checkpoint. The link is signed here, never
 * stored: the log holds only when it was asked for. The message is sealed with the user's key
 * (see SendMailJob), so erasing the account leaves no readable job behind. Reading the stream,
 * opening and sealing with the key store and enqueueing can fail for a while (an outage: the
 * reactor holds its place and retries); signing and writing the mail from the event cannot, except
 * for a bad event (poison: parked).
 */
export function accountMailReactor(deps: AccountMailDependencies): Reactor {
  return {
    name: 'account-mail',
    version: 1,
    reactor: true,
    collections: [],
    handles: ['ConfirmationLinkRequested', 'PasswordResetRequested'] satisfies AccountEvent['type'][],
    async apply(recorded: RecordedEvent) {
      const event = { type: recorded.type, data: recorded.data } as LinkRequested;
      const { accountId, created, expire, credentialVersion } = event.data;
      if (Number(expire) <= (deps.clock ?? systemClock)().getTime()) return; // epoch ms: the link would be dead on arrival
      const { state } = await loadStream(deps.eventStore, accountStreamName(accountId), accountDecider);
      const account = accountRecordOf(state);
      const personal = account ? await deps.vault.open<AccountPersonalData>(accountId, account.sealed) : null;
      if (!personal) return; // erased meanwhile: nobody to write to
      const mail = poisonIfThrows(() => {
        const purpose: CredentialLinkPurpose = event.type === 'PasswordResetRequested' ? 'reset' : 'confirm';
        const hash = signCredentialLink({ purpose, accountId, created, expire, credentialVersion }, deps.credentialLinkSecret);
        const link = buildCredentialLink(deps.publicUrl, credentialLinkPath(purpose), { accountId, created, expire, hash });
        return {
          ...(purpose === 'reset' ? resetPasswordMail : confirmEmailMail)({ to: personal.email, name: personal.name, link }),
          about: [accountId],
        };
      });
      const job: SendMailJob = { accountId, sealed: await deps.vault.seal(accountId, mail) };
      await deps.queue.enqueue({ id: recorded.id, name: SEND_MAIL, data: job });
    },
  };
}
