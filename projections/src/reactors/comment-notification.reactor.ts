import {
  TOP_LEVEL_PARENT_ID,
  mentionIdsFor,
  type AnswerAccepted,
  type CommentAdded,
  type CommentEvent,
  type FlagsResolved,
  type Followed,
  type PostKind,
  COMMENT_STREAM_PREFIX,
  POST_EVENT_TYPES,
  POST_KINDS,
  postEventOf,
  postKindOf,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import { PoisonEvent, poisonIfThrows, type Reactor } from '../projection';
import {
  answerAcceptedMail,
  commentNotificationMail,
  flagResolvedMail,
  followNotificationMail,
  moderationMail,
  type MailedItem,
  type ModerationAction,
} from './comment-notification-mails';
import { likeAndPostMails } from './like-and-post-mails';
import { notificationMailKit, type CommentNotificationDependencies } from './notification-mail-kit';

export { COMMENT_NOTIFICATION_MAX_AGE_MS, type CommentNotificationDependencies } from './notification-mail-kit';

/** The comment events the inbox turns into `moderation` notices (and so may mail). */
const COMMENT_MODERATION_EVENTS = ['CommentApproved', 'CommentUnapproved', 'CommentDeleted'] as const satisfies CommentEvent['type'][];
const MODERATION_ROLES: readonly string[] = ['approved', 'unapproved', 'deleted'] satisfies ModerationAction[];
/** The post events the inbox turns into `moderation` notices: approvals, unapprovals and deletions. */
const POST_MODERATION_EVENTS = POST_EVENT_TYPES.filter((type) => MODERATION_ROLES.includes(postEventOf(type)?.role ?? ''));
const MODERATION_EVENTS = [...COMMENT_MODERATION_EVENTS, ...POST_MODERATION_EVENTS];

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
  const kit = notificationMailKit(deps);
  const { accountOf, postOf, postPath, actorOf, atOf, isStale, siteLink, unsubscribeLink, send, deliver } = kit;
  const commentRecordOf = (commentId: number) => kit.commentRecordOf(commentId);
  const likesAndPosts = likeAndPostMails(kit, deps.readStore);

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
    const parentAuthorId = isReply ? (await commentRecordOf(parentId))?.authorId : undefined;
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
      ...new Set([
        'CommentAdded',
        'Followed',
        'Liked',
        'QuestionAnswerAccepted',
        'FlagsResolved',
        ...COMMENT_MODERATION_EVENTS,
        ...POST_MODERATION_EVENTS,
        ...POST_EVENT_TYPES,
      ]),
    ] satisfies string[],
    apply: async (recorded: RecordedEvent) => {
      // An approval may show a post for the first time (its followers hear of it) and be moderation too (its author hears of that).
      if (postEventOf(recorded.type)) await likesAndPosts.onPostEvent(recorded);
      switch (recorded.type) {
        case 'CommentAdded':
          return onComment(recorded);
        case 'Followed':
          return onFollow(recorded);
        case 'QuestionAnswerAccepted':
          return onAnswerAccepted(recorded);
        case 'FlagsResolved':
          return onFlagsResolved(recorded);
        case 'Liked':
          return likesAndPosts.onLiked(recorded);
        default:
          if ((MODERATION_EVENTS as string[]).includes(recorded.type)) return onModeration(recorded);
      }
    },
  };
}
