import {
  followTargetKey,
  POST_EVENT_TYPES,
  postDecider,
  postEventOf,
  postKindOf,
  type LikeData,
  type PostEvent,
  type PostState,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import { FOLLOWS_COLLECTION, followsProjection, type FollowDocument } from '../follows/follows.projection';
import { PoisonEvent } from '../projection';
import { likeNotificationMail, postNotificationMail, type MailedItem, type PostNotificationInput } from './comment-notification-mails';
import type { NotificationMailKit } from './notification-mail-kit';

/** The post events after which a post may be seen for the first time. */
const SHOWING_ROLES: readonly string[] = ['created', 'published', 'approved'];
export const POST_SHOWING_EVENTS = POST_EVENT_TYPES.filter((type) => SHOWING_ROLES.includes(postEventOf(type)?.role ?? ''));

/** How long a post mail waits for the `follows` read model to reach the post before it holds the reactor (a retry later). */
const FOLLOWS_WAIT_MS = 5_000;

const isShown = (state: PostState) => state.status === 'live' && state.post.isPublished && state.post.isApproved;

/** A post stream as of one revision: its state, and whether it could be seen at that revision or any before it. */
interface PostSoFar {
  revision: number;
  state: PostState;
  shown: boolean;
}

/** How many post streams' newest states the reactor keeps (the posts of the last commands). */
const POSTS_KEPT = 1_000;

/**
 * The `like` and `post` mails (issue 26), beside the comment reactor's others and by the same rules:
 * preferences as they stood at the event, erased people never named, job ids from the event.
 *
 * - A like mails the liked item's author, unless they liked it themselves or it could not be seen
 *   then. At most one like mail per item and UTC day (Discourse's default "first time and daily"):
 *   the job id is the item and the like's day, so the day's later likes find their id taken and
 *   the queue adds nothing; the inbox groups and counts them all (docs/decisions.md).
 * - A post mails its author's and tags' followers (followed before it, read from the `follows`
 *   read model once that has reached the post) the first time it can be seen: published, approved,
 *   not deleted. One mail per post and reader (job id: the post and the reader), never its author.
 */
export function likeAndPostMails(kit: NotificationMailKit, readStore: ReadStore) {
  /** The liked post or comment as it stood at `asOf`: its author, how the mail names it, its link; null when it could not be seen. */
  async function likedItemAt(entityType: number, id: number, asOf: bigint) {
    const postKind = postKindOf(entityType);
    if (postKind) {
      const post = await kit.postOf(postKind, id, asOf);
      if (!post.visible) return null;
      const item: MailedItem = { isComment: false, postLabel: postKind, postTitle: post.title };
      return { item, authorId: post.authorId, link: kit.siteLink(kit.postPath(postKind, id)) };
    }
    const comment = await kit.commentRecordOf(id, asOf);
    if (!comment || comment.deleted || !comment.isApproved) return null;
    const post = await kit.postOf(comment.postKind, comment.postId, asOf);
    if (!post.visible) return null;
    const item: MailedItem = { isComment: true, postLabel: comment.postKind, postTitle: post.title };
    return { item, authorId: comment.authorId, link: kit.siteLink(`${kit.postPath(comment.postKind, comment.postId)}#comment-${id}`) };
  }

  async function onLiked(recorded: RecordedEvent) {
    const { entityType, targetId, accountId: likerId, at } = recorded.data as LikeData;
    if (![1, 2, 3, 4].includes(entityType)) throw new PoisonEvent(`Liked of an unknown entity type: ${String(entityType)}`);
    if (kit.isStale(at)) return;
    const found = await likedItemAt(entityType, targetId, recorded.position);
    if (!found || found.authorId === likerId) return;
    const liker = await kit.accountOf(likerId, recorded.position);
    const day = new Date(at).toISOString().slice(0, 10);
    await kit.deliver(
      recorded,
      `like:${entityType}:${targetId}:${day}`,
      found.authorId,
      'like',
      { id: likerId, named: liker.personal !== null },
      (to, unsubscribe) =>
        likeNotificationMail({
          to: to.email,
          name: to.name,
          liker: liker.personal?.name ?? 'Someone',
          item: found.item,
          itemLink: found.link,
          unsubscribeLink: unsubscribe,
        }),
    );
  }

  /** Waits (a little) for the `follows` read model to have applied every event before `position`; throws (the reactor holds, then retries) if it does not. */
  async function followsReached(position: bigint) {
    const deadline = Date.now() + FOLLOWS_WAIT_MS;
    for (;;) {
      const checkpoint = await readStore.getCheckpoint(followsProjection.name);
      if (checkpoint !== null && checkpoint >= position) return;
      if (Date.now() > deadline) throw new Error(`the follows read model has not reached ${position.toString()} yet`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Who followed the author or a tag before `position`, each once, with why (the author over a tag). */
  async function followersBefore(authorId: string, tags: { id: number; subTag: string }[], position: bigint) {
    await followsReached(position);
    const authorKey = followTargetKey({ kind: 'user', accountId: authorId });
    const follows = await readStore.find<FollowDocument>(FOLLOWS_COLLECTION, {
      target: { $in: [authorKey, ...tags.map((tag) => followTargetKey({ kind: 'tag', tagId: tag.id }))] },
      seq: { $lt: Number(position) },
    });
    const followed = new Map<string, PostNotificationInput['followed']>();
    for (const follow of follows) {
      if (follow.target === authorKey) followed.set(follow.followerId, { kind: 'user' });
      else if (!followed.has(follow.followerId))
        followed.set(follow.followerId, { kind: 'tag', subTag: tags.find((tag) => String(tag.id) === follow.targetId)?.subTag ?? '' });
    }
    followed.delete(authorId);
    return followed;
  }

  /**
   * The post streams as of the newest event of each that this reactor saw (every post event passes
   * here), so a post published by the command that drafted it is not read back from the log. A
   * stream whose previous revision is not here (an event of it skipped, a restart) is read instead.
   */
  const postsSoFar = new Map<string, PostSoFar>();

  /** The stream before `recorded`: known here, or nothing before a stream's first event; undefined to read it. */
  function knownBefore(recorded: RecordedEvent): PostSoFar | undefined {
    if (recorded.revision === 0) return { revision: -1, state: postDecider.initialState, shown: false };
    const known = postsSoFar.get(recorded.streamName);
    return known?.revision === recorded.revision - 1 ? known : undefined;
  }

  function remember(streamName: string, soFar: PostSoFar): void {
    postsSoFar.delete(streamName);
    if (postsSoFar.size >= POSTS_KEPT) postsSoFar.delete(postsSoFar.keys().next().value!);
    postsSoFar.set(streamName, soFar);
  }

  /** The stream before `recorded`, read from the log up to it. */
  async function readBefore(recorded: RecordedEvent): Promise<PostSoFar> {
    let soFar: PostSoFar = { revision: -1, state: postDecider.initialState, shown: false };
    for (const event of await kit.streamAt(recorded.streamName, recorded.position)) {
      if (event.position === recorded.position) break;
      const state = postDecider.evolve(soFar.state, { type: event.type, data: event.data } as PostEvent);
      soFar = { revision: event.revision, state, shown: soFar.shown || isShown(state) };
    }
    return soFar;
  }

  /** Any event of a post's stream: remembered, and mailed about if it shows the post for the first time. */
  async function onPostEvent(recorded: RecordedEvent) {
    const showing = (POST_SHOWING_EVENTS as string[]).includes(recorded.type);
    let before = knownBefore(recorded);
    if (!before && (!showing || kit.isStale(kit.atOf(recorded)))) return;
    before ??= await readBefore(recorded);
    const after = postDecider.evolve(before.state, { type: recorded.type, data: recorded.data } as PostEvent);
    remember(recorded.streamName, { revision: recorded.revision, state: after, shown: before.shown || isShown(after) });
    if (showing) await onPostShowing(recorded, before, after);
  }

  async function onPostShowing(recorded: RecordedEvent, before: PostSoFar, after: PostState) {
    const described = postEventOf(recorded.type);
    if (!described || kit.isStale(kit.atOf(recorded))) return;
    const postKind = described.kind.kind;
    const postId = Number(recorded.streamName.slice(`${postKind}-`.length));
    if (!Number.isSafeInteger(postId)) throw new PoisonEvent(`${recorded.type} on a stream without a post id: ${recorded.streamName}`);
    // Shown by this event and never before it: a post is announced once, as in the inbox.
    if (before.shown || after.status !== 'live' || !isShown(after)) return;
    const { authorId, fields } = after.post;
    const followers = await followersBefore(authorId, fields.tags, recorded.position);
    if (followers.size === 0) return;
    const author = await kit.accountOf(authorId, recorded.position);
    if (!author.personal) return; // erased since: nobody to name
    const authorName = author.personal.name;
    const postLink = kit.siteLink(kit.postPath(postKind, postId));
    for (const [followerId, followed] of followers)
      await kit.deliver(
        recorded,
        `post:${recorded.streamName}:${followerId}`,
        followerId,
        'post',
        { id: authorId, named: true },
        (to, unsubscribe) =>
          postNotificationMail({
            to: to.email,
            name: to.name,
            author: authorName,
            postLabel: postKind,
            postTitle: fields.title,
            followed,
            postLink,
            unsubscribeLink: unsubscribe,
          }),
      );
  }

  return { onLiked, onPostEvent };
}
