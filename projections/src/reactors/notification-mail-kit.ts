import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  buildUnsubscribeLink,
  commentDecider,
  commentOf,
  commentStreamName,
  DEFAULT_EMAIL_PREFERENCES,
  POST_KINDS,
  postDecider,
  type AccountPersonalData,
  type PostKind,
} from '@app/domain';
import { foldRecorded, type EventStore, type RecordedEvent } from '@app/event-store';
import { SEND_MAIL, type MailToSend, type SendMailJob } from '@app/mail';
import type { PersonalDataVault } from '@app/personal-data';
import type { JobQueue } from '@app/queue';
import type { ReadStore } from '@app/read-store';
import { poisonIfThrows } from '../projection';
import type { NotificationKindName } from '@app/contracts';

export interface CommentNotificationDependencies {
  eventStore: EventStore;
  /** Who follows whom (the `follows` read model), for the mails of new posts. */
  readStore: ReadStore;
  vault: PersonalDataVault;
  queue: JobQueue;
  publicUrl: string;
  credentialLinkSecret: string;
  /** Now, to tell a stale event from a fresh one; default the system clock. */
  clock?: () => Date;
}

/**
 * An event older than this when the reactor reaches it is not mailed any more: news that late is
 * noise, and it keeps every send inside the queue's idempotency window (at least 30 days, see
 * JobQueue), so a replay from an old or lost checkpoint sends nothing twice.
 */
export const COMMENT_NOTIFICATION_MAX_AGE_MS = 2 * 24 * 3600 * 1000;

/** A mail's actor: erasing them drops it from the queue and the mail folder when the mail names them. */
export interface MailActor {
  id: string;
  named: boolean;
}

/** What every notification mail handler needs: accounts as of an event, posts and comments, links, sealing and enqueueing. */
export type NotificationMailKit = ReturnType<typeof notificationMailKit>;

export function notificationMailKit(deps: CommentNotificationDependencies) {
  /** Events of a stream up to `asOf` (all of them without): the stream as it stood then. */
  const streamAt = async (streamName: string, asOf?: bigint) => {
    const recorded = await deps.eventStore.readStream(streamName);
    return asOf === undefined ? recorded : recorded.filter((event) => event.position <= asOf);
  };

  /**
   * The account now (its personal data: gone once erased), and its e-mail preferences when the event
   * arose: a replay must decide as the first run did, not send what was once skipped.
   */
  const accountOf = async (accountId: string, asOf: bigint) => {
    const recorded = await deps.eventStore.readStream(accountStreamName(accountId));
    const state = foldRecorded(accountDecider, recorded);
    const stateThen = foldRecorded(
      accountDecider,
      recorded.filter((event) => event.position <= asOf),
    );
    const personal = state.status === 'registered' ? await deps.vault.open<AccountPersonalData>(accountId, state.account.sealed) : null;
    const preferences = accountRecordOf(stateThen)?.emailPreferences ?? DEFAULT_EMAIL_PREFERENCES;
    return { personal, wants: (kind: NotificationKindName) => preferences[kind] };
  };

  /** The post's author and title (empty when there is no such post), as it stood at `asOf` (now without). */
  const postOf = async (kind: PostKind, id: number, asOf?: bigint) => {
    const state = foldRecorded(postDecider, await streamAt(POST_KINDS[kind].streamName(id), asOf));
    if (state.status === 'initial') return { authorId: '', title: '', visible: false };
    const { authorId, fields, isPublished, isApproved } = state.post;
    return { authorId, title: fields.title, visible: state.status === 'live' && isPublished && isApproved };
  };

  const commentRecordOf = async (commentId: number, asOf?: bigint) =>
    commentOf(foldRecorded(commentDecider, await streamAt(commentStreamName(commentId), asOf)));
  const postPath = (kind: PostKind, postId: number) => `${POST_KINDS[kind].label.toLowerCase()}/${postId}`;
  const isStale = (at: string) => (deps.clock ?? (() => new Date()))().getTime() - Date.parse(at) > COMMENT_NOTIFICATION_MAX_AGE_MS;
  const siteLink = (path: string) => new URL(path, deps.publicUrl.endsWith('/') ? deps.publicUrl : `${deps.publicUrl}/`).toString();
  const unsubscribeLink = (recipientId: string, kind: NotificationKindName) =>
    buildUnsubscribeLink(deps.publicUrl, recipientId, deps.credentialLinkSecret, kind);

  /** Seals and enqueues one mail; it names `actor.id` too when `named` (MailMessage.about). */
  const send = async (jobId: string, recipientId: string, actor: MailActor, mail: MailToSend) => {
    const about = actor.named ? [recipientId, actor.id] : [recipientId];
    const job: SendMailJob = { accountId: recipientId, sealed: await deps.vault.seal(recipientId, { ...mail, about }) };
    await deps.queue.enqueue({ id: jobId, name: SEND_MAIL, data: job });
  };

  /**
   * Mails one notification of `kind` to `recipientId` if they still have an account and wanted that
   * kind when the event arose; `actor` as for send.
   */
  const deliver = async (
    recorded: RecordedEvent,
    jobId: string,
    recipientId: string,
    kind: NotificationKindName,
    actor: MailActor,
    build: (recipient: AccountPersonalData, unsubscribe: string) => MailToSend,
  ) => {
    const recipient = await accountOf(recipientId, recorded.position);
    const { personal } = recipient;
    if (!personal || !recipient.wants(kind)) return; // erased, or not wanted then
    const mail = poisonIfThrows(() => build(personal, unsubscribeLink(recipientId, kind)));
    await send(jobId, recipientId, actor, mail);
  };

  return {
    streamAt,
    accountOf,
    postOf,
    commentRecordOf,
    postPath,
    isStale,
    siteLink,
    unsubscribeLink,
    send,
    deliver,
    actorOf: (recorded: RecordedEvent) => String(recorded.metadata.actor),
    atOf: (recorded: RecordedEvent) => (recorded.data as { at?: string }).at ?? recorded.metadata.occurredAt,
  };
}
