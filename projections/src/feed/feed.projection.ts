import { isPublishedWhenCreated, postEventOf, type ArticleEvent, type QuestionEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { POST_LISTING_EVENTS } from '../post-listing-events';
import type { Projection } from '../projection';

export const FEED_COLLECTION = 'feed';

/**
 * Who a post is news for: one document per (post, follow target): its author (`user:<accountId>`)
 * and each of its tags (`tag:<id>`), the same keys as the follows read model. The Following feed
 * is then one query, `target $in <what I follow>`, newest post first; a post reached through two
 * targets is shown once. Read-only over the post events: it never changes how posts are decided.
 */
export interface FeedDocument {
  /** `<post stream>|<target>`. */
  id: string;
  postStream: string;
  postId: number;
  entityType: number;
  target: string;
  authorId: string;
  /** Published, approved and not deleted. */
  visible: boolean;
  [field: string]: unknown;
}

interface FeedPost {
  isPublished: boolean;
  isApproved: boolean;
  deleted: boolean;
}

const FEED_POSTS_COLLECTION = 'feed-posts';

interface FeedPostDocument extends FeedPost {
  id: string;
  postId: number;
  entityType: number;
  authorId: string;
  targets: string[];
  [field: string]: unknown;
}

type PostEvent = ArticleEvent | QuestionEvent;

export const feedProjection: Projection = {
  name: 'feed',
  version: 1,
  collections: [FEED_COLLECTION, FEED_POSTS_COLLECTION],
  handles: POST_LISTING_EVENTS,
  indexes: { [FEED_COLLECTION]: [['target', 'visible', 'postId'], ['postStream']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as PostEvent;
    const id = recorded.streamName;
    const described = postEventOf(event.type);
    if (!described) return;
    if (described.role === 'created') {
      const data = event.data as { id: number; authorId: string; tags: { id: number }[]; isApproved: boolean };
      return save(tx, {
        id,
        postId: data.id,
        entityType: described.kind.entityType,
        authorId: data.authorId,
        targets: targetsOf(data.authorId, data.tags),
        isPublished: isPublishedWhenCreated(event),
        isApproved: data.isApproved,
        deleted: false,
      });
    }
    const post = await tx.get<FeedPostDocument>(FEED_POSTS_COLLECTION, id);
    if (!post) return;
    switch (described.role) {
      case 'edited':
        return save(tx, { ...post, targets: targetsOf(post.authorId, (event.data as { tags: { id: number }[] }).tags) }, post.targets);
      case 'published':
        return save(tx, { ...post, isPublished: true });
      case 'unpublished':
        return save(tx, { ...post, isPublished: false });
      case 'approved':
        return save(tx, { ...post, isApproved: true });
      case 'unapproved':
        return save(tx, { ...post, isApproved: false });
      case 'deleted':
        return save(tx, { ...post, deleted: true });
      case 'defaultImageChosen':
        return;
      default: {
        const _exhaustive: never = described.role;
        return _exhaustive;
      }
    }
  },
};

const targetsOf = (authorId: string, tags: readonly { id: number }[]) => [`user:${authorId}`, ...tags.map((tag) => `tag:${tag.id}`)];

/** Stores the post and rewrites its feed entries; `previousTargets` are dropped when no longer named. */
async function save(tx: ReadStoreTransaction, post: FeedPostDocument, previousTargets: readonly string[] = []): Promise<void> {
  await tx.upsert(FEED_POSTS_COLLECTION, post);
  for (const target of previousTargets) if (!post.targets.includes(target)) await tx.delete(FEED_COLLECTION, `${post.id}|${target}`);
  const visible = post.isPublished && post.isApproved && !post.deleted;
  for (const target of post.targets) {
    await tx.upsert<FeedDocument>(FEED_COLLECTION, {
      id: `${post.id}|${target}`,
      postStream: post.id,
      postId: post.postId,
      entityType: post.entityType,
      target,
      authorId: post.authorId,
      visible,
    });
  }
}
