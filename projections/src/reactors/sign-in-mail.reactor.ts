import { accountDecider, accountIdOfStream, accountStreamName, type AccountEvent, type AccountPersonalData } from '@app/domain';
import { loadStream, type RecordedEvent } from '@app/event-store';
import { SEND_MAIL, type SendMailJob } from '@app/mail';
import { poisonIfThrows, type Reactor } from '../projection';
import type { AccountMailDependencies } from './account-mail.reactor';
import { signInMethodAddedMail, signInMethodRemovedMail } from './account-mails';

/** What each credential event tells the owner, by event type. */
const NOTICES: Partial<Record<AccountEvent['type'], { kind: 'added' | 'removed'; method: string }>> = {
  ApiTokenCreated: { kind: 'added', method: 'a personal API token' },
  TwoFactorEnabled: { kind: 'added', method: 'two-factor authentication (an authenticator app)' },
  TwoFactorDisabled: { kind: 'removed', method: 'two-factor authentication' },
  ExternalIdentityLinked: { kind: 'added', method: 'a sign-in with another site' },
  ExternalIdentityUnlinked: { kind: 'removed', method: 'a sign-in with another site' },
  PasskeyRegistered: { kind: 'added', method: 'a passkey' },
  PasskeyRemoved: { kind: 'removed', method: 'a passkey' },
};
/** The provider named in the notice: `github` or the configured OpenID Connect provider. */
const withProvider = (method: string, data: { provider?: string }) =>
  data.provider ? `${method} (${data.provider === 'github' ? 'GitHub' : 'OpenID Connect'})` : method;

/** A notice older than this is not sent: a replay from far back (a lost checkpoint) must not mail stale news. */
const NOTICE_FRESH_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the owner when a way to sign in is added or removed, so a thief who got in cannot quietly
 * leave a door open. Job id = event id: a replay enqueues nothing twice. The message is sealed with
 * the owner's key like every other mail job.
 */
export function signInMailReactor(deps: AccountMailDependencies): Reactor {
  return {
    name: 'sign-in-mail',
    version: 1,
    reactor: true,
    collections: [],
    handles: Object.keys(NOTICES),
    async apply(recorded: RecordedEvent) {
      const notice = NOTICES[recorded.type as AccountEvent['type']];
      const at = (recorded.data as { at?: string }).at;
      if (!notice || !at) return;
      if (Date.parse(at) + NOTICE_FRESH_MS <= (deps.clock?.() ?? new Date()).getTime()) return;
      const accountId = accountIdOfStream(recorded.streamName);
      const { state } = await loadStream(deps.eventStore, accountStreamName(accountId), accountDecider);
      if (state.status !== 'registered') return;
      // A first sign-in with a provider links it as the account is made: nothing was added to an existing account.
      if (recorded.type === 'ExternalIdentityLinked' && state.account.registeredAt === at) return;
      const personal = await deps.vault.open<AccountPersonalData>(accountId, state.account.sealed);
      if (!personal) return;
      const mail = poisonIfThrows(() => ({
        ...(notice.kind === 'added' ? signInMethodAddedMail : signInMethodRemovedMail)({
          to: personal.email,
          name: personal.name,
          method: withProvider(notice.method, recorded.data as { provider?: string }),
          at: new Date(at).toUTCString(),
        }),
        about: [accountId],
      }));
      const job: SendMailJob = { accountId, sealed: await deps.vault.seal(accountId, mail) };
      await deps.queue.enqueue({ id: recorded.id, name: SEND_MAIL, data: job });
    },
  };
}
