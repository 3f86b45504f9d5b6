import {
  COMMENT_EVENTS_FOR_NOTIFICATIONS,
  commentStreamName,
  type AnswerAccepted,
  FOLLOW_EVENTS,
  followTargetKey,
  NOTIFICATION_EVENTS,
  isPublishedWhenCreated,
  POST_KINDS,
  postEventOf,
  TOP_LEVEL_PARENT_ID,
  type ArticleEvent,
  type CommentEvent,
  type FlagsResolved,
  type FollowEvent,
  type LikeEvent,
  type NotificationEvent,
  type NotificationKind,
  type PostEventData,
  type PostKind,
  type QuestionEvent,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { LIKE_EVENTS } from '../likes/like-counts';
import { POST_LISTING_EVENTS } from '../post-listing-events';
import type { Projection } from '../projection';

export const NOTIFICATIONS_COLLECTION = 'notifications';
const POSTS = 'notification-posts';
const COMMENTS = 'notification-comments';
export const POST_NOTICES_COLLECTION = 'notification-post-notices';
export const NOTIFICATION_READS_COLLECTION = 'notification-reads';
/** How many follow each target now (`FollowedTarget`): a post gets notices only for targets someone follows. */
const FOLLOWED_TARGETS = 'notification-followed-targets';
const MAX_NAMED_ACTORS = 20;
/** Post notices a reader marked read one by one above their `upTo`, kept newest first; older ones fall back to unread. */
const MAX_READ_MARKS = 1_000;

/** What a notification is about: a post or a comment (with its post, for the link), or a person (follow). */
export interface NotificationTarget {
  entityType: number;
  id: number;
  postKind: PostKind | null;
  postId: number | null;
}

/**
 * One inbox row (Discourse's consolidated notification, Forem's per-target Reaction notification):
 * likes of one item are one row whose actors grow and shrink; every other kind is one row per cause.
 * Actors are account ids: names are joined at read time, so an erased person's name never shows.
 * Hidden or deleted targets are left out at read time too, from the post and comment read models.
 */
export interface NotificationDocument {
  id: string;
  recipientId: string;
  kind: NotificationKind;
  /** Newest first (for likes, the newest few). */
  actorIds: string[];
  /** Likes: how many like the item now. */
  count?: number;
  target: NotificationTarget;
  /** `$all` position of the latest change that made it unread: the inbox order and keyset id. */
  seq: number;
  createdOn: string;
  isRead: boolean;
  [field: string]: unknown;
}

/**
 * A `post` notification, kept once per followed target of the post (its author, each of its tags),
 * not once per follower: a reader's post notifications are merged at read time from the targets
 * they follow (fan-out on read, as Twitter does for accounts with many followers). A post its
 * author and a tag both bring is one notification, `noticeId`, the inbox row's id for everyone.
 */
export interface PostNoticeDocument {
  /** `<noticeId>|<target>` */
  id: string;
  noticeId: string;
  /** The follow target it reaches: `user:<accountId>` or `tag:<tagId>`. */
  target: string;
  authorId: string;
  post: NotificationTarget;
  /** `$all` position of the event that first showed the post: its followers then hear of it. */
  seq: number;
  createdOn: string;
  /** Mentioned in the post when it was announced: they hear of it as a mention instead. */
  mentionedIds: string[];
  [field: string]: unknown;
}

/** A reader's read marks on the shared post notices: all up to `upTo`, and those marked one by one above it. */
export interface NotificationReadsDocument {
  /** The reader's account id. */
  id: string;
  upTo: number;
  read: { id: string; seq: number }[];
  [field: string]: unknown;
}

const POST_NOTICE = 'post:';
const postNoticeId = (postStream: string) => `${POST_NOTICE}${postStream}`;
/** The post stream a notice id names, or null for any other inbox row's id. */
const postStreamOfNotice = (id: string) => (id.startsWith(POST_NOTICE) ? id.slice(POST_NOTICE.length) : null);

interface FollowedTarget {
  /** The follow target key. */
  id: string;
  followers: number;
  [field: string]: unknown;
}

interface PostNote extends MentionNote {
  id: string;
  kind: PostKind;
  postId: number;
  authorId: string;
  tagIds: number[];
  isPublished: boolean;
  isApproved: boolean;
  announced: boolean;
  /** Where it was announced (its notices' `seq`), to mark it read by id. */
  announcedSeq?: number;
  deleted?: boolean;
  [field: string]: unknown;
}

/**
 * What a post or comment note keeps for mentions: the accounts its text mentions now, and those
 * who already heard of it (mentioned before, or, for a comment, told of it as a comment or reply),
 * so each person hears of one item once, and an edit notifies only the newly mentioned.
 */
interface MentionNote {
  mentionIds?: string[];
  heardOf?: string[];
}

interface CommentNote extends MentionNote {
  id: string;
  commentId: number;
  postKind: PostKind;
  postId: number;
  authorId: string;
  isApproved?: boolean;
  deleted?: boolean;
  [field: string]: unknown;
}

type PostEvent = ArticleEvent | QuestionEvent;

export const notificationsProjection: Projection = {
  name: 'notifications',
  // 2: post notifications merged at read time (PostNoticeDocument) instead of a row per follower.
  version: 2,
  collections: [NOTIFICATIONS_COLLECTION, POST_NOTICES_COLLECTION, NOTIFICATION_READS_COLLECTION, POSTS, COMMENTS, FOLLOWED_TARGETS],
  handles: [
    ...POST_LISTING_EVENTS,
    ...COMMENT_EVENTS_FOR_NOTIFICATIONS,
    ...LIKE_EVENTS,
    ...FOLLOW_EVENTS,
    ...NOTIFICATION_EVENTS,
    'QuestionAnswerAccepted',
    'FlagsResolved',
  ],
  indexes: {
    [NOTIFICATIONS_COLLECTION]: [
      ['recipientId', 'seq'],
      ['recipientId', 'isRead'],
    ],
    [POST_NOTICES_COLLECTION]: [['target', 'seq'], ['seq']],
  },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const type = recorded.type;
    if ((POST_LISTING_EVENTS as string[]).includes(type)) return applyPost(recorded, tx);
    if ((COMMENT_EVENTS_FOR_NOTIFICATIONS as readonly string[]).includes(type)) return applyComment(recorded, tx);
    if ((LIKE_EVENTS as readonly string[]).includes(type)) return applyLike(recorded, tx);
    if ((FOLLOW_EVENTS as readonly string[]).includes(type)) return applyFollow(recorded, tx);
    if (type === 'QuestionAnswerAccepted') return applyAnswerAccepted(recorded, tx);
    if (type === 'FlagsResolved') return applyFlagsResolved(recorded, tx);
    return applyRead(recorded, tx);
  },
};

const at = (recorded: RecordedEvent) => (recorded.data as { at?: string }).at ?? recorded.metadata.occurredAt;

async function notify(
  tx: ReadStoreTransaction,
  recorded: RecordedEvent,
  row: { id: string; recipientId: string; kind: NotificationKind; actorId: string; target: NotificationTarget },
): Promise<void> {
  // Nothing for one's own actions.
  if (row.recipientId === row.actorId) return;
  await tx.upsert<NotificationDocument>(NOTIFICATIONS_COLLECTION, {
    id: row.id,
    recipientId: row.recipientId,
    kind: row.kind,
    actorIds: [row.actorId],
    target: row.target,
    seq: Number(recorded.position),
    createdOn: at(recorded),
    isRead: false,
  });
}

const postTarget = (post: PostNote): NotificationTarget => ({
  entityType: POST_KINDS[post.kind].entityType,
  id: post.postId,
  postKind: post.kind,
  postId: post.postId,
});
const commentTarget = (comment: CommentNote): NotificationTarget => ({
  entityType: comment.postKind === 'article' ? 3 : 4,
  id: comment.commentId,
  postKind: comment.postKind,
  postId: comment.postId,
});

async function applyPost(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as PostEvent;
  const id = recorded.streamName;
  const described = postEventOf(event.type);
  if (!described) return;
  if (described.role === 'created') {
    const data = event.data as PostEventData['created'];
    return announceIfDue(tx, recorded, {
      id,
      kind: described.kind.kind,
      postId: data.id,
      authorId: data.authorId,
      tagIds: data.tags.map((tag) => tag.id),
      isPublished: isPublishedWhenCreated(event),
      isApproved: data.isApproved,
      announced: false,
      mentionIds: data.mentionIds ?? [],
      heardOf: [],
    });
  }
  const post = await tx.get<PostNote>(POSTS, id);
  if (!post) return;
  const byStaff = recorded.metadata.actor !== post.authorId;
  switch (described.role) {
    case 'edited': {
      const data = event.data as PostEventData['edited'];
      return announceIfDue(tx, recorded, { ...post, tagIds: data.tags.map((tag) => tag.id), mentionIds: data.mentionIds ?? [] });
    }
    case 'published':
      return announceIfDue(tx, recorded, { ...post, isPublished: true });
    case 'unpublished':
      return void (await tx.upsert(POSTS, { ...post, isPublished: false }));
    case 'approved':
    case 'unapproved':
    case 'deleted': {
      const isApproved = described.role === 'approved' ? true : described.role === 'unapproved' ? false : post.isApproved;
      // A hide by flags names no one: the third flagger is not the one who acted (issue 27).
      if (byStaff && !hiddenByFlags(recorded)) await moderation(tx, recorded, post.authorId, postTarget(post));
      if (described.role === 'deleted') return void (await tx.upsert(POSTS, { ...post, isApproved, deleted: true }));
      return announceIfDue(tx, recorded, { ...post, isApproved });
    }
    case 'defaultImageChosen':
      return;
    default: {
      const _exhaustive: never = described.role;
      return _exhaustive;
    }
  }
}

/**
 * The first time a post is published and approved, its author's and tags' followers hear of it
 * (PostNoticeDocument); whoever its text mentions hears of that instead (Discourse: one notification
 * per post). Mentions wait while the post is a draft or hidden, and an edit of a visible post tells only the newly mentioned.
 */
async function announceIfDue(tx: ReadStoreTransaction, recorded: RecordedEvent, post: PostNote): Promise<void> {
  const visible = post.isPublished && post.isApproved && !post.deleted;
  const due = !post.announced && visible;
  const heardOf = visible ? await mention(tx, recorded, post, postTarget(post)) : (post.heardOf ?? []);
  const seq = Number(recorded.position);
  await tx.upsert(POSTS, { ...post, announced: post.announced || due, ...(due ? { announcedSeq: seq } : {}), heardOf });
  if (!due) return;
  const noticeId = postNoticeId(post.id);
  const targets = [followTargetKey({ kind: 'user', accountId: post.authorId }), ...post.tagIds.map((tagId) => `tag:${tagId}`)];
  for (const target of new Set(targets)) {
    // Only those who follow a target before its notice hear of it: with no follower now, nobody ever will.
    if (!(await tx.get<FollowedTarget>(FOLLOWED_TARGETS, target))?.followers) continue;
    await tx.upsert<PostNoticeDocument>(POST_NOTICES_COLLECTION, {
      id: `${noticeId}|${target}`,
      noticeId,
      target,
      authorId: post.authorId,
      post: postTarget(post),
      seq,
      createdOn: at(recorded),
      mentionedIds: heardOf,
    });
  }
}

/** Notifies whoever the item's text mentions and has not heard of it yet; the new list of those who have. */
async function mention(tx: ReadStoreTransaction, recorded: RecordedEvent, note: PostNote | CommentNote, target: NotificationTarget) {
  const heardOf = note.heardOf ?? [];
  const fresh = (note.mentionIds ?? []).filter((id) => id !== note.authorId && !heardOf.includes(id));
  for (const recipientId of fresh)
    await notify(tx, recorded, {
      id: `mention:${note.id}:${recipientId}`,
      recipientId,
      kind: 'mention',
      actorId: note.authorId,
      target: { ...target },
    });
  return [...heardOf, ...fresh];
}

async function moderation(tx: ReadStoreTransaction, recorded: RecordedEvent, authorId: string, target: NotificationTarget) {
  await notify(tx, recorded, {
    id: `moderation:${recorded.id}`,
    recipientId: authorId,
    kind: 'moderation',
    actorId: recorded.metadata.actor,
    target: { ...target },
  });
  const row = await tx.get<NotificationDocument>(NOTIFICATIONS_COLLECTION, `moderation:${recorded.id}`);
  if (row) await tx.upsert(NOTIFICATIONS_COLLECTION, { ...row, action: recorded.type });
}

/** A comment's note is kept under its stream's name: one read by key, not a search of every note (no index had `commentId`). */
const commentNote = (tx: ReadStoreTransaction, commentId: number) => tx.get<CommentNote>(COMMENTS, commentStreamName(commentId));

async function applyComment(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as CommentEvent;
  if (event.type === 'CommentAdded') {
    const { id, postKind, postId, parentId, authorId, isApproved } = event.data;
    const comment: CommentNote = {
      id: recorded.streamName,
      commentId: id,
      postKind,
      postId,
      authorId,
      isApproved,
      mentionIds: event.data.mentionIds ?? [],
      heardOf: [],
    };
    const post = await tx.get<PostNote>(POSTS, POST_KINDS[postKind].streamName(postId));
    const parent = parentId === TOP_LEVEL_PARENT_ID ? null : await commentNote(tx, parentId);
    // A reply to the post's author is one 'reply', not a 'comment' too (Discourse: one notification per post).
    const tell = (kind: 'reply' | 'comment', recipientId: string) =>
      notify(tx, recorded, { id: `${kind}:${id}`, recipientId, kind, actorId: authorId, target: commentTarget(comment) });
    if (parent) await tell('reply', parent.authorId);
    if (post && post.authorId !== parent?.authorId) await tell('comment', post.authorId);
    // The post's and the parent's authors heard of it already (as a comment or a reply).
    const told = [post?.authorId, parent?.authorId].filter((accountId): accountId is string => accountId !== undefined);
    return mentionInComment(tx, recorded, { ...comment, heardOf: told }, post);
  }
  const stored = await tx.get<CommentNote>(COMMENTS, recorded.streamName);
  if (!stored) return;
  const comment: CommentNote =
    event.type === 'CommentEdited'
      ? { ...stored, mentionIds: event.data.mentionIds ?? [] }
      : {
          ...stored,
          isApproved: event.type === 'CommentApproved' ? true : event.type === 'CommentUnapproved' ? false : stored.isApproved,
          deleted: stored.deleted || event.type === 'CommentDeleted',
        };
  await mentionInComment(tx, recorded, comment, await tx.get<PostNote>(POSTS, POST_KINDS[comment.postKind].streamName(comment.postId)));
  if (event.type === 'CommentEdited' || recorded.metadata.actor === comment.authorId) return;
  if (event.type === 'CommentUnapproved' && event.data.reason !== undefined) return;
  await moderation(tx, recorded, comment.authorId, commentTarget(comment));
}

/** Saves the comment's note; whoever it mentions hears of it while it and its post can be seen (comments before this kept no approval: seen). */
async function mentionInComment(
  tx: ReadStoreTransaction,
  recorded: RecordedEvent,
  comment: CommentNote,
  post: PostNote | null | undefined,
) {
  const postVisible = !post || (post.isPublished && post.isApproved && !post.deleted);
  const visible = comment.isApproved !== false && !comment.deleted && postVisible;
  const heardOf = visible ? await mention(tx, recorded, comment, commentTarget(comment)) : comment.heardOf;
  await tx.upsert(COMMENTS, { ...comment, heardOf });
}

async function applyLike(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as LikeEvent;
  const { entityType, targetId, accountId } = event.data;
  let recipientId: string;
  let target: NotificationTarget;
  if (entityType === 1 || entityType === 2) {
    const post = await tx.get<PostNote>(POSTS, POST_KINDS[entityType === 1 ? 'article' : 'question'].streamName(targetId));
    if (!post) return;
    recipientId = post.authorId;
    target = postTarget(post);
  } else {
    const comment = await commentNote(tx, targetId);
    if (!comment) return;
    recipientId = comment.authorId;
    target = commentTarget(comment);
  }
  if (recipientId === accountId) return;
  const id = `like:${entityType}:${targetId}`;
  const row = await tx.get<NotificationDocument>(NOTIFICATIONS_COLLECTION, id);
  const others = (row?.actorIds ?? []).filter((actor) => actor !== accountId);
  const count = row?.count ?? row?.actorIds.length ?? 0;
  if (event.type === 'Unliked') {
    if (!row) return;
    // Forem: the row goes when no like remains; it does not turn unread because one went.
    if (count <= 1) return tx.delete(NOTIFICATIONS_COLLECTION, id);
    return tx.upsert(NOTIFICATIONS_COLLECTION, { ...row, actorIds: others, count: count - 1 });
  }
  await tx.upsert<NotificationDocument>(NOTIFICATIONS_COLLECTION, {
    id,
    recipientId,
    kind: 'like',
    // The newest few likers are named; the count says how many there are (a popular post has thousands).
    actorIds: [accountId, ...others].slice(0, MAX_NAMED_ACTORS),
    count: count + 1,
    target,
    seq: Number(recorded.position),
    createdOn: at(recorded),
    isRead: false,
  });
}

async function applyFollow(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as FollowEvent;
  const { target, followerId } = event.data;
  const id = `follow:${recorded.streamName}`;
  const key = followTargetKey(target);
  const followers = (await tx.get<FollowedTarget>(FOLLOWED_TARGETS, key))?.followers ?? 0;
  // The follow decider makes following twice one follow: each Followed is matched by at most one Unfollowed.
  await tx.upsert<FollowedTarget>(FOLLOWED_TARGETS, {
    id: key,
    followers: Math.max(0, followers + (event.type === 'Unfollowed' ? -1 : 1)),
  });
  if (event.type === 'Unfollowed') {
    if (target.kind === 'user') await tx.delete(NOTIFICATIONS_COLLECTION, id);
    return;
  }
  if (target.kind === 'user')
    await notify(tx, recorded, {
      id,
      recipientId: target.accountId,
      kind: 'follow',
      actorId: followerId,
      target: { entityType: 0, id: 0, postKind: null, postId: null },
    });
}

async function applyRead(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as NotificationEvent;
  const { accountId, ids, upTo } = event.data;
  const rows =
    upTo !== null
      ? await tx.find<NotificationDocument>(NOTIFICATIONS_COLLECTION, { recipientId: accountId, isRead: false, seq: { $lte: upTo } })
      : await tx.find<NotificationDocument>(NOTIFICATIONS_COLLECTION, { recipientId: accountId, id: { $in: ids } });
  for (const row of rows) if (!row.isRead) await tx.upsert(NOTIFICATIONS_COLLECTION, { ...row, isRead: true });
  await markPostNoticesRead(tx, accountId, ids, upTo);
}

/** The reader's marks on post notices, which every follower shares (PostNoticeDocument). */
async function markPostNoticesRead(tx: ReadStoreTransaction, accountId: string, ids: string[], upTo: number | null): Promise<void> {
  const before = await tx.get<NotificationReadsDocument>(NOTIFICATION_READS_COLLECTION, accountId);
  const readUpTo = Math.max(before?.upTo ?? 0, upTo ?? 0);
  const read = [...(before?.read ?? [])];
  for (const id of ids) {
    const postStream = postStreamOfNotice(id);
    if (postStream === null || read.some((mark) => mark.id === id)) continue;
    const post = await tx.get<PostNote>(POSTS, postStream);
    if (post?.announcedSeq !== undefined) read.push({ id, seq: post.announcedSeq });
  }
  if (upTo === null && read.length === (before?.read.length ?? 0)) return;
  const kept = read
    .filter((mark) => mark.seq > readUpTo)
    .sort((a, b) => b.seq - a.seq)
    .slice(0, MAX_READ_MARKS);
  await tx.upsert<NotificationReadsDocument>(NOTIFICATION_READS_COLLECTION, { id: accountId, upTo: readUpTo, read: kept });
}

/** Issue 27: the accepted comment's author hears of it (each acceptance its own row; nothing for accepting one's own). */
async function applyAnswerAccepted(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const { commentId, commentAuthorId } = recorded.data as AnswerAccepted['data'];
  const comment = await commentNote(tx, commentId);
  if (!comment) return;
  await notify(tx, recorded, {
    id: `answer-accepted:${recorded.streamName}:${commentId}`,
    recipientId: commentAuthorId,
    kind: 'answer-accepted',
    actorId: recorded.metadata.actor,
    target: commentTarget(comment),
  });
}

const hiddenByFlags = (recorded: RecordedEvent) => (recorded.data as { reason?: string }).reason === 'flagged';

/** Issue 27: each flagger of the settled round hears what the admin did (one row per flagger and resolution). */
async function applyFlagsResolved(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const { entityType, id, action, flaggerIds } = recorded.data as FlagsResolved['data'];
  let target: NotificationTarget;
  if (entityType === 1 || entityType === 2) {
    const post = await tx.get<PostNote>(POSTS, POST_KINDS[entityType === 1 ? 'article' : 'question'].streamName(id));
    if (!post) return;
    target = postTarget(post);
  } else {
    const comment = await commentNote(tx, id);
    if (!comment) return;
    target = commentTarget(comment);
  }
  for (const flaggerId of flaggerIds) {
    const rowId = `flag-resolved:${recorded.id}:${flaggerId}`;
    await notify(tx, recorded, { id: rowId, recipientId: flaggerId, kind: 'flag-resolved', actorId: recorded.metadata.actor, target });
    const row = await tx.get<NotificationDocument>(NOTIFICATIONS_COLLECTION, rowId);
    if (row) await tx.upsert(NOTIFICATIONS_COLLECTION, { ...row, outcome: action });
  }
}
