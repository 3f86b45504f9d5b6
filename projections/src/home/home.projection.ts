import type { RecordedEvent } from '@app/event-store';
import { POST_KINDS, type ArticleEvent, type PostEntityType, type QuestionEvent as QuestionEvents } from '@app/domain';
import type { ReadStoreTransaction } from '@app/read-store';
import { applyLikeEvent, isLikeEvent, LIKE_EVENTS, postDocumentIdOf } from '../likes/like-counts';
import { POST_LISTING_EVENTS } from '../post-listing-events';
import type { Projection } from '../projection';

export const HOME_COLLECTION = 'home_posts';
export const HOME_PAGE_SIZE = 20;

/**
 * One post as the home lists need it (SPEC §3 'Grid post item'), with the author as an account id:
 * their handle and display name are joined at read time from the accounts read model.
 */
export interface HomePostDocument {
  id: string;
  postId: number;
  entityType: PostEntityType;
  title: string;
  /** The author's opaque account id. */
  authorId: string;
  tags: { id: number; subTag: string }[];
  likes: number;
  isApproved: boolean;
  isPublished: boolean;
  deleted: boolean;
  /** What the home endpoint filters on: published, approved and not deleted. */
  visible: boolean;
  createdOn: string;
  updatedOn: string | null;
  articleDescription: string | null;
  [field: string]: unknown;
}

type PostEvent = ArticleEvent | QuestionEvents;

/** The latest posts, visible or not, so a post that becomes visible again needs no other source. */
export const homeProjection: Projection = {
  name: 'home',
  version: 3,
  collections: [HOME_COLLECTION],
  handles: [...POST_LISTING_EVENTS, ...LIKE_EVENTS],
  indexes: { [HOME_COLLECTION]: [['entityType', 'visible', 'postId']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    if (isLikeEvent(recorded.type)) return applyLikeEvent(recorded, tx, HOME_COLLECTION, postDocumentIdOf);
    const event = { type: recorded.type, data: recorded.data } as PostEvent;
    const id = recorded.streamName;
    if (event.type === 'ArticleDrafted' || event.type === 'QuestionAsked') {
      const isArticle = event.type === 'ArticleDrafted';
      return save(tx, {
        id,
        postId: event.data.id,
        entityType: POST_KINDS[isArticle ? 'article' : 'question'].entityType,
        title: event.data.title,
        authorId: event.data.authorId,
        tags: event.data.tags,
        likes: 0,
        isApproved: event.data.isApproved,
        isPublished: !isArticle,
        deleted: false,
        visible: false,
        createdOn: event.data.at,
        updatedOn: null,
        articleDescription: isArticle ? event.data.description : null,
      });
    }
    const post = await tx.get<HomePostDocument>(HOME_COLLECTION, id);
    if (!post) return;
    switch (event.type) {
      case 'ArticleEdited':
        return save(tx, {
          ...post,
          title: event.data.title,
          tags: event.data.tags,
          articleDescription: event.data.description,
          updatedOn: event.data.at,
        });
      case 'QuestionEdited':
        return save(tx, { ...post, title: event.data.title, tags: event.data.tags, updatedOn: event.data.at });
      case 'ArticlePublished':
        return save(tx, { ...post, isPublished: true });
      case 'ArticleUnpublished':
        return save(tx, { ...post, isPublished: false });
      case 'ArticleApproved':
      case 'QuestionApproved':
        return save(tx, { ...post, isApproved: true });
      case 'ArticleUnapproved':
      case 'QuestionUnapproved':
        return save(tx, { ...post, isApproved: false });
      case 'ArticleDeleted':
      case 'QuestionDeleted':
        return save(tx, { ...post, deleted: true });
    }
  },
};

function save(tx: ReadStoreTransaction, post: HomePostDocument): Promise<void> {
  return tx.upsert(HOME_COLLECTION, { ...post, visible: post.isPublished && post.isApproved && !post.deleted });
}
