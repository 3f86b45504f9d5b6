import {
  accountDecider,
  accountIdOfStream,
  accountStreamName,
  type AccountEvent,
  type AccountPersonalData,
  type AccountRecord,
  type SessionEvent,
  type SealedPersonalData,
  type SessionPersonalData,
} from '@app/domain';
import { loadStream, type RecordedEvent } from '@app/event-store';
import { SEND_MAIL, type MailToSend, type SendMailJob } from '@app/mail';
import { poisonIfThrows, type Reactor } from '../projection';
import { describeClient } from '../sign-in/describe-client';
import type { AccountMailDependencies } from './account-mail.reactor';
import { newSessionMail, signInMethodAddedMail, signInMethodRemovedMail, type SignInNoticeInput } from './account-mails';

type NoticeEvent = Extract<
  AccountEvent,
  {
    type:
      | 'ApiTokenCreated'
      | 'ApiTokenRevoked'
      | 'TwoFactorEnabled'
      | 'TwoFactorDisabled'
      | 'RecoveryCodesRegenerated'
      | 'ExternalIdentityLinked'
      | 'ExternalIdentityUnlinked'
      | 'PasskeyRegistered'
      | 'PasskeyRemoved';
  }
>;

/** What each credential event tells the owner, by event type. */
const NOTICES: Record<NoticeEvent['type'], { kind: 'added' | 'removed'; method: string }> = {
  ApiTokenCreated: { kind: 'added', method: 'a personal API token' },
  ApiTokenRevoked: { kind: 'removed', method: 'a personal API token' },
  TwoFactorEnabled: { kind: 'added', method: 'two-factor authentication (an authenticator app)' },
  TwoFactorDisabled: { kind: 'removed', method: 'two-factor authentication' },
  RecoveryCodesRegenerated: { kind: 'added', method: 'ten new recovery codes for two-factor authentication (the old ones no longer work)' },
  ExternalIdentityLinked: { kind: 'added', method: 'a sign-in with another site' },
  ExternalIdentityUnlinked: { kind: 'removed', method: 'a sign-in with another site' },
  PasskeyRegistered: { kind: 'added', method: 'a passkey' },
  PasskeyRemoved: { kind: 'removed', method: 'a passkey' },
};
/** The provider named in the notice: `github` or the configured OpenID Connect provider. */
const withProvider = (method: string, provider: string) => `${method} (${provider === 'github' ? 'GitHub' : 'OpenID Connect'})`;

/** A notice older than this is not sent: a replay from far back (a lost checkpoint) must not mail stale news. */
const NOTICE_FRESH_MS = 24 * 60 * 60 * 1000;
/**
 * The session a signup starts (or the first sign-in with a provider, which makes the account) is no
 * news to the owner: a session started this soon after the account was registered is not mailed.
 */
const NEW_ACCOUNT_SESSION_MS = 5 * 60 * 1000;

type Handled = NoticeEvent | Extract<SessionEvent, { type: 'SessionStarted' }>;

/**
 * Mails the owner when someone logs in (a new session: browser, device and address) and when a way to
 * sign in is added or removed, so a thief who got in cannot quietly leave a door open. Job id = event
 * id: a replay enqueues nothing twice. The message is sealed with the owner's key like every other
 * mail job. A token revoked by a password reset is not mailed one by one: the reset says so itself.
 */
export function signInMailReactor(deps: AccountMailDependencies): Reactor {
  /** The mail an event asks for, or null (nothing to tell, or its data is gone with an erased key). */
  async function mailFor(event: Handled, account: AccountRecord, notice: SignInNoticeInput): Promise<MailToSend | null> {
    if (event.type === 'SessionStarted') {
      if (Date.parse(event.data.startedAt) - Date.parse(account.registeredAt) < NEW_ACCOUNT_SESSION_MS) return null;
      const client = await deps.vault.open<SessionPersonalData>(account.accountId, event.data.sealed);
      return client && poisonIfThrows(() => newSessionMail({ ...notice, ...describeClient(client.userAgent), address: client.address }));
    }
    if (event.type === 'ApiTokenRevoked' && event.data.reason !== 'revoked') return null;
    // A first sign-in with a provider links it as the account is made: nothing was added to an existing account.
    if (event.type === 'ExternalIdentityLinked' && account.registeredAt === event.data.at) return null;
    const known = NOTICES[event.type];
    const method =
      'tokenId' in event.data
        ? await withTokenName(known.method, account.accountId, event.data.tokenId)
        : 'provider' in event.data
          ? withProvider(known.method, event.data.provider)
          : known.method;
    return poisonIfThrows(() => (known.kind === 'added' ? signInMethodAddedMail : signInMethodRemovedMail)({ ...notice, method }));
  }

  /** 'a personal API token ("CI bot")': its name, sealed in the event that made it. */
  async function withTokenName(method: string, accountId: string, tokenId: string): Promise<string> {
    const created = (await deps.eventStore.readStream(accountStreamName(accountId))).find(
      (recorded) => recorded.type === 'ApiTokenCreated' && (recorded.data as { tokenId?: string }).tokenId === tokenId,
    );
    const sealedName = (created?.data as { sealedName?: SealedPersonalData } | undefined)?.sealedName;
    const opened = sealedName ? await deps.vault.open<{ name: string }>(accountId, sealedName) : null;
    return opened ? `${method} ("${opened.name}")` : method;
  }

  return {
    name: 'sign-in-mail',
    version: 1,
    reactor: true,
    collections: [],
    handles: [...Object.keys(NOTICES), 'SessionStarted'],
    async apply(recorded: RecordedEvent) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      const at = event.type === 'SessionStarted' ? event.data.startedAt : event.data.at;
      if (!at || Date.parse(at) + NOTICE_FRESH_MS <= (deps.clock?.() ?? new Date()).getTime()) return;
      const accountId = event.type === 'SessionStarted' ? event.data.accountId : accountIdOfStream(recorded.streamName);
      const { state } = await loadStream(deps.eventStore, accountStreamName(accountId), accountDecider);
      if (state.status !== 'registered') return;
      const personal = await deps.vault.open<AccountPersonalData>(accountId, state.account.sealed);
      if (!personal) return;
      const mail = await mailFor(event, state.account, { to: personal.email, name: personal.name, at: new Date(at).toUTCString() });
      if (!mail) return;
      const job: SendMailJob = { accountId, sealed: await deps.vault.seal(accountId, { ...mail, about: [accountId] }) };
      await deps.queue.enqueue({ id: recorded.id, name: SEND_MAIL, data: job });
    },
  };
}
