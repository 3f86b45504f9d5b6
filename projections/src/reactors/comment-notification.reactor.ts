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
  type AnswerAccepted,
  type CommentAdded,
  type CommentEvent,
  type FlagsResolved,
  type Followed,
  type PostKind,
  COMMENT_STREAM_PREFIX,
  POST_EVENT_TYPES,
  postEventOf,
  postKindOf,
} from '@app/domain';
import { foldRecorded, loadStream, type EventStore, type RecordedEvent } from '@app/event-store';
import { SEND_MAIL, type MailToSend, type SendMailJob } from '@app/mail';
import type { PersonalDataVault } from '@app/personal-data';
import type { JobQueue } from '@app/queue';
import { PoisonEvent, poisonIfThrows, type Reactor } from '../projection';
import {
  answerAcceptedMail,
  commentNotificationMail,
  flagResolvedMail,
  followNotificationMail,
  moderationMail,
  type MailedItem,
  type MailedNotificationKind,
  type ModerationAction,
} from './comment-notification-mails';

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

/** The comment events the inbox turns into `moderation` notices (and so may mail). */
const COMMENT_MODERATION_EVENTS = ['CommentApproved', 'CommentUnapproved', 'CommentDeleted'] as const satisfies CommentEvent['type'][];
const MODERATION_ROLES: readonly string[] = ['approved', 'unapproved', 'deleted'] satisfies ModerationAction[];
/** The post events the inbox turns into `moderation` notices: approvals, unapprovals and deletions. */
const POST_MODERATION_EVENTS = POST_EVENT_TYPES.filter((type) => MODERATION_ROLES.includes(postEventOf(type)?.role ?? ''));

/**
 * Mails notifications to those who wanted that kind by e-mail when it arose: the author of the post
 * (or, for a reply, of the parent comment) when someone else comments, whoever an approved comment
 * mentions (but not those told of it as a comment or reply), a person someone follows, the author
 * of a comment someone else accepted as an answer, each flagger of a resolved round of flags, and
 * the author of a post or comment an admin approved, unapproved or deleted (the same events the
 * inbox turns into `moderation` notices, so not hides by flags nor unapprovals by edits). Whether
 * they wanted it is their account stream folded up to the event's position (EmailPreferenceSet and
 * the older CommentNotificationsTurnedOff/On), so a replay decides as the first run did. The job id
 * is the event id (plus the recipient where one event mails several), so a replay enqueues nothing
 * twice; an event older than COMMENT_NOTIFICATION_MAX_AGE_MS is not mailed at all. The message is sealed with the
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

  const commentRecordOf = async (commentId: number) =>
    commentOf((await loadStream(deps.eventStore, commentStreamName(commentId), commentDecider)).state);
  const postPath = (kind: PostKind, postId: number) => `${POST_KINDS[kind].label.toLowerCase()}/${postId}`;
  const actorOf = (recorded: RecordedEvent) => String(recorded.metadata.actor);
  const atOf = (recorded: RecordedEvent) => (recorded.data as { at?: string }).at ?? recorded.metadata.occurredAt;

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

  /**
   * Mails one notification of `kind` to `recipientId` if they still have an account and wanted that
   * kind when the event arose; `actor` as for send.
   */
  const deliver = async (
    recorded: RecordedEvent,
    jobId: string,
    recipientId: string,
    kind: MailedNotificationKind,
    actor: { id: string; named: boolean },
    build: (recipient: AccountPersonalData, unsubscribe: string) => MailToSend,
  ) => {
    const recipient = await accountOf(recipientId, recorded.position);
    const { personal } = recipient;
    if (!personal || !recipient.wants(kind)) return; // erased, or not wanted then
    const mail = poisonIfThrows(() => build(personal, unsubscribeLink(recipientId, kind)));
    await send(jobId, recipientId, actor, mail);
  };

  /** The accepted comment's author hears of it, unless they accepted it themselves. */
  async function onAnswerAccepted(recorded: RecordedEvent) {
    const { commentId, commentAuthorId } = recorded.data as AnswerAccepted['data'];
    const accepterId = actorOf(recorded);
    if (commentAuthorId === accepterId || isStale(atOf(recorded))) return;
    const comment = await commentRecordOf(commentId);
    if (!comment) return;
    const post = await postOf(comment.postKind, comment.postId);
    const accepter = await accountOf(accepterId, recorded.position);
    await deliver(
      recorded,
      recorded.id,
      commentAuthorId,
      'answer-accepted',
      { id: accepterId, named: accepter.personal !== null },
      (to, unsubscribe) =>
        answerAcceptedMail({
          to: to.email,
          name: to.name,
          accepter: accepter.personal?.name ?? 'Someone',
          postTitle: post.title,
          commentLink: siteLink(`${postPath(comment.postKind, comment.postId)}#comment-${commentId}`),
          unsubscribeLink: unsubscribe,
        }),
    );
  }

  /** The item a post or comment id names, and where it is seen; null when there is none. */
  async function itemOf(isComment: boolean, postKind: PostKind | undefined, id: number) {
    if (!isComment) {
      if (!postKind) return null;
      const post = await postOf(postKind, id);
      if (!post.authorId) return null;
      const item: MailedItem = { isComment, postLabel: postKind, postTitle: post.title };
      return { item, authorId: post.authorId, link: siteLink(postPath(postKind, id)), postLink: null };
    }
    const comment = await commentRecordOf(id);
    if (!comment) return null;
    const post = await postOf(comment.postKind, comment.postId);
    const item: MailedItem = { isComment, postLabel: comment.postKind, postTitle: post.title };
    const postLink = siteLink(postPath(comment.postKind, comment.postId));
    return { item, authorId: comment.authorId, link: `${postLink}#comment-${id}`, postLink };
  }

  /** Each flagger of the settled round hears what the admin did; the item is linked only when it stayed visible. */
  async function onFlagsResolved(recorded: RecordedEvent) {
    const { entityType, id, action, flaggerIds } = recorded.data as FlagsResolved['data'];
    if (![1, 2, 3, 4].includes(entityType)) throw new PoisonEvent(`FlagsResolved of an unknown entity type: ${String(entityType)}`);
    if (isStale(atOf(recorded))) return;
    const found = await itemOf(entityType > 2, postKindOf(entityType), id);
    if (!found) return;
    const adminId = actorOf(recorded);
    for (const flaggerId of flaggerIds) {
      if (flaggerId === adminId) continue;
      // The mail does not name the admin, so erasing them leaves it be.
      await deliver(recorded, `${recorded.id}:${flaggerId}`, flaggerId, 'flag-resolved', { id: adminId, named: false }, (to, unsubscribe) =>
        flagResolvedMail({
          to: to.email,
          name: to.name,
          item: found.item,
          outcome: action,
          itemLink: action === 'dismiss' ? found.link : null,
          unsubscribeLink: unsubscribe,
        }),
      );
    }
  }

  /**
   * The author of a post or comment someone else approved, unapproved or deleted hears of it, as in
   * the inbox: not of a hide by flags (no one in particular did it), nor of a comment's unapproval
   * by its own edit.
   */
  async function onModeration(recorded: RecordedEvent) {
    if (isStale(atOf(recorded))) return;
    const reason = (recorded.data as { reason?: string }).reason;
    const described = postEventOf(recorded.type);
    let found: Awaited<ReturnType<typeof itemOf>>;
    let action: ModerationAction;
    if (described) {
      if (reason === 'flagged') return;
      const postId = Number(recorded.streamName.slice(`${described.kind.kind}-`.length));
      if (!Number.isSafeInteger(postId)) throw new PoisonEvent(`${recorded.type} on a stream without a post id: ${recorded.streamName}`);
      action = described.role as ModerationAction;
      found = await itemOf(false, described.kind.kind, postId);
    } else {
      if (recorded.type === 'CommentUnapproved' && reason !== undefined) return;
      const commentId = Number(recorded.streamName.slice(COMMENT_STREAM_PREFIX.length));
      if (!Number.isSafeInteger(commentId))
        throw new PoisonEvent(`${recorded.type} on a stream without a comment id: ${recorded.streamName}`);
      action = ({ CommentApproved: 'approved', CommentUnapproved: 'unapproved', CommentDeleted: 'deleted' } as const)[
        recorded.type as (typeof COMMENT_MODERATION_EVENTS)[number]
      ];
      found = await itemOf(true, undefined, commentId);
    }
    const adminId = actorOf(recorded);
    if (!found || found.authorId === adminId) return;
    const { item, authorId, link, postLink } = found;
    await deliver(recorded, recorded.id, authorId, 'moderation', { id: adminId, named: false }, (to, unsubscribe) =>
      moderationMail({
        to: to.email,
        name: to.name,
        item,
        action,
        // A deleted comment's post is still there; a deleted post is not.
        itemLink: action === 'deleted' ? postLink : link,
        unsubscribeLink: unsubscribe,
      }),
    );
  }

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
    const deliveries: { jobId: string; recipientId: string; kind: 'comment' | 'reply' | 'mention' }[] = [
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
    handles: [
      'CommentAdded',
      'Followed',
      'QuestionAnswerAccepted',
      'FlagsResolved',
      ...COMMENT_MODERATION_EVENTS,
      ...POST_MODERATION_EVENTS,
    ] satisfies string[],
    apply: (recorded: RecordedEvent) => {
      switch (recorded.type) {
        case 'CommentAdded':
          return onComment(recorded);
        case 'Followed':
          return onFollow(recorded);
        case 'QuestionAnswerAccepted':
          return onAnswerAccepted(recorded);
        case 'FlagsResolved':
          return onFlagsResolved(recorded);
        default:
          return onModeration(recorded);
      }
    },
  };
}
