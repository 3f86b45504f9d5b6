import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  buildUnsubscribeLink,
  commentDecider,
  commentOf,
  postDecider,
  commentStreamName,
  POST_KINDS,
  TOP_LEVEL_PARENT_ID,
  type AccountPersonalData,
  DEFAULT_EMAIL_PREFERENCES,
  mentionIdsFor,
  type CommentAdded,
  type Followed,
  type PostKind,
} from '@app/domain';
import { foldRecorded, loadStream, type EventStore, type RecordedEvent } from '@app/event-store';
import { SEND_MAIL, type MailToSend, type SendMailJob } from '@app/mail';
import type { PersonalDataVault } from '@app/personal-data';
import type { JobQueue } from '@app/queue';
import { PoisonEvent, poisonIfThrows, type Reactor } from '../projection';
import { commentNotificationMail, followNotificationMail, type MailedNotificationKind } from './comment-notification-mails';

export interface CommentNotificationDependencies {
  eventStore: EventStore;
  vault: PersonalDataVault;
  queue: JobQueue;
  publicUrl: string;
  credentialLinkSecret: string;
  /** Now, to tell a stale comment from a fresh one; default the system clock. */
  clock?: () => Date;
}

/**
 * A comment older than this when the reactor reaches it is not mailed any more: news that late is
 * noise, and it keeps every send inside the queue's idempotency window (at least 30 days, see
 * JobQueue), so a replay from an old or lost checkpoint sends nothing twice.
 */
export const COMMENT_NOTIFICATION_MAX_AGE_MS = 2 * 24 * 3600 * 1000;

/**
 * Mails notifications to those who wanted that kind by e-mail when it arose: the author of the post
 * (or, for a reply, of the parent comment) when someone else comments, whoever an approved comment
 * mentions (but not those told of it as a comment or reply), and a person someone follows. Whether
 * they wanted it is their account stream folded up to the event's position (EmailPreferenceSet and
 * the older CommentNotificationsTurnedOff/On), so a replay decides as the first run did. The job id
 * is the event id (plus the recipient for mentions), so a replay enqueues nothing twice; an event
 * older than COMMENT_NOTIFICATION_MAX_AGE_MS is not mailed at all. The message is sealed with the
 * recipient's key, like every queued mail. Run outside the read store's transactions (see Reactor):
 * a store or queue away holds it; a malformed event is poison.
 */
export function commentNotificationReactor(deps: CommentNotificationDependencies): Reactor {
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
    return { personal, wants: (kind: MailedNotificationKind) => preferences[kind] };
  };

  const postOf = async (kind: PostKind, id: number) => {
    const { state } = await loadStream(deps.eventStore, POST_KINDS[kind].streamName(id), postDecider);
    return state.status === 'initial' ? { authorId: '', title: '' } : { authorId: state.post.authorId, title: state.post.fields.title };
  };

  const isStale = (at: string) => (deps.clock ?? (() => new Date()))().getTime() - Date.parse(at) > COMMENT_NOTIFICATION_MAX_AGE_MS;
  const siteLink = (path: string) => new URL(path, deps.publicUrl.endsWith('/') ? deps.publicUrl : `${deps.publicUrl}/`).toString();
  const unsubscribeLink = (recipientId: string, kind: MailedNotificationKind) =>
    buildUnsubscribeLink(deps.publicUrl, recipientId, deps.credentialLinkSecret, kind);

  /** Seals and enqueues one mail; it names `actorId` too, so erasing them drops it from the queue and the mail folder (MailMessage.about). */
  const send = async (jobId: string, recipientId: string, actor: { id: string; named: boolean }, mail: MailToSend) => {
    const about = actor.named ? [recipientId, actor.id] : [recipientId];
    const job: SendMailJob = { accountId: recipientId, sealed: await deps.vault.seal(recipientId, { ...mail, about }) };
    await deps.queue.enqueue({ id: jobId, name: SEND_MAIL, data: job });
  };

  async function onComment(recorded: RecordedEvent) {
    const data = recorded.data as CommentAdded['data'];
    const { id, postKind, postId, parentId, authorId: commenterId, at } = data;
    if (!(postKind in POST_KINDS)) throw new PoisonEvent(`CommentAdded on an unknown post kind: ${String(postKind)}`);
    if (isStale(at)) return;
    const post = await postOf(postKind, postId);
    const isReply = parentId !== TOP_LEVEL_PARENT_ID;
    const parentAuthorId = isReply
      ? commentOf((await loadStream(deps.eventStore, commentStreamName(parentId), commentDecider)).state)?.authorId
      : undefined;
    const recipientId = isReply ? parentAuthorId : post.authorId;
    // Whoever hears of the comment as a comment or reply is not told of a mention in it too (as in the inbox).
    const told = new Set([commenterId, post.authorId, parentAuthorId]);
    const mentioned = data.isApproved ? mentionIdsFor(commenterId, data.mentionIds).filter((accountId) => !told.has(accountId)) : [];
    const deliveries: { jobId: string; recipientId: string; kind: Exclude<MailedNotificationKind, 'follow'> }[] = [
      ...(recipientId && recipientId !== commenterId
        ? [{ jobId: recorded.id, recipientId, kind: isReply ? ('reply' as const) : ('comment' as const) }]
        : []),
      ...mentioned.map((accountId) => ({ jobId: `${recorded.id}:mention:${accountId}`, recipientId: accountId, kind: 'mention' as const })),
    ];
    if (deliveries.length === 0) return;
    const commenter = await accountOf(commenterId, recorded.position);
    for (const delivery of deliveries) {
      const recipient = await accountOf(delivery.recipientId, recorded.position);
      const { personal } = recipient;
      if (!personal || !recipient.wants(delivery.kind)) continue; // erased, or not wanted then
      const mail = poisonIfThrows(() =>
        commentNotificationMail({
          to: personal.email,
          name: personal.name,
          commenter: commenter.personal?.name ?? 'Someone',
          kind: delivery.kind,
          postLabel: postKind,
          postTitle: post.title,
          commentLink: siteLink(`${POST_KINDS[postKind].label.toLowerCase()}/${postId}#comment-${id}`),
          unsubscribeLink: unsubscribeLink(delivery.recipientId, delivery.kind),
        }),
      );
      await send(delivery.jobId, delivery.recipientId, { id: commenterId, named: commenter.personal !== null }, mail);
    }
  }

  async function onFollow(recorded: RecordedEvent) {
    const { target, followerId, at } = recorded.data as Followed['data'];
    if (target.kind !== 'user' || target.accountId === followerId || isStale(at)) return;
    const recipient = await accountOf(target.accountId, recorded.position);
    const { personal } = recipient;
    if (!personal || !recipient.wants('follow')) return;
    const follower = await accountOf(followerId, recorded.position);
    if (!follower.personal) return; // erased since: nobody to name
    const { name, userName } = follower.personal;
    const mail = poisonIfThrows(() =>
      followNotificationMail({
        to: personal.email,
        name: personal.name,
        follower: name,
        profileLink: siteLink(`profile/${encodeURIComponent(userName)}`),
        unsubscribeLink: unsubscribeLink(target.accountId, 'follow'),
      }),
    );
    await send(recorded.id, target.accountId, { id: followerId, named: true }, mail);
  }

  return {
    name: 'comment-notification',
    version: 1,
    reactor: true,
    collections: [],
    handles: ['CommentAdded', 'Followed'] satisfies (CommentAdded['type'] | Followed['type'])[],
    apply: (recorded: RecordedEvent) => (recorded.type === 'Followed' ? onFollow(recorded) : onComment(recorded)),
  };
}
