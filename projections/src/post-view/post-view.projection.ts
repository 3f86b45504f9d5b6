import type { AttachedFile } from '@app/contracts';
import {
  ACCEPTED_ANSWER_EVENTS,
  findCategory,
  isAcceptedAnswerEvent,
  isPublishedWhenCreated,
  POST_KINDS,
  type ArticleEvent,
  type PostEntityType,
  type PostTag,
  type QuestionEvent,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { applyLikeEvent, isLikeEvent, LIKE_EVENTS, postDocumentIdOf } from '../likes/like-counts';
import { POST_LISTING_EVENTS } from '../post-listing-events';
import type { Projection } from '../projection';
import { applyPostFileEvent, POST_VIEW_FILE_EVENTS, POST_VIEW_FILES_COLLECTION } from './post-view-files';

export const POST_VIEW_COLLECTION = 'post_views';

/** SPEC §3 'Attached file'. Filled from the file events (post-view-files.ts). */
export type PostAttachedFile = AttachedFile;

/**
 * One post as its view page reads it: the SPEC §3 Article or Question record without the
 * author's display name (resolved at read time from the accounts), plus the flags that decide
 * who may see it. Question-only documents leave the article fields empty and are always published.
 */
export interface PostViewDocument {
  /** `article-<postId>` or `question-<postId>`, the post's stream name. */
  id: string;
  postId: number;
  entityType: PostEntityType;
  title: string;
  description: string;
  categoryId: number;
  category: string;
  tags: PostTag[];
  content: string;
  source: string;
  instructions: string;
  /** The author's opaque account id; handle and name are joined at read time. */
  authorId: string;
  isPublished: boolean;
  isApproved: boolean;
  deleted: boolean;
  defaultImageId: number;
  createdOn: string;
  /** Last change by the author; null until the first one. */
  updatedOn: string | null;
  /** When readers could first see it: the first publication of an article, the asking of a question; null while a draft. */
  publishedOn: string | null;
  likes: number;
  /** Files attached to the post (attachment types 2, 3). */
  attachedFiles: PostAttachedFile[];
  /** Images uploaded into the post (types 4, 5), for the submit pages' list; absent until the first one. */
  images?: PostAttachedFile[];
  /** Issue 27: a question's accepted answer (a comment id); absent or null when none. */
  acceptedCommentId?: number | null;
  [field: string]: unknown;
}

type PostEvent = ArticleEvent | QuestionEvent;

const HANDLED: PostEvent['type'][] = [...POST_LISTING_EVENTS, 'ArticleDefaultImageChosen', 'QuestionDefaultImageChosen'];

const categoryName = (categoryId: number) => findCategory(categoryId)?.subCategory ?? '';

/** Every post, deleted ones included (kept as tombstones, so a late event finds its post). */
export const postViewProjection: Projection = {
  name: 'post-view',
  version: 6,
  collections: [POST_VIEW_COLLECTION, POST_VIEW_FILES_COLLECTION],
  handles: [...HANDLED, ...ACCEPTED_ANSWER_EVENTS, ...POST_VIEW_FILE_EVENTS, ...LIKE_EVENTS],
  indexes: {
    [POST_VIEW_COLLECTION]: [
      ['entityType', 'postId'],
      ['authorId', 'postId'],
      ['deleted', 'postId'],
      // The newest public posts: feeds, the home page's crawler text.
      ['isPublished', 'isApproved', 'deleted', 'createdOn'],
    ],
  },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    if ((POST_VIEW_FILE_EVENTS as string[]).includes(recorded.type)) return applyPostFileEvent(recorded, tx, POST_VIEW_COLLECTION);
    if (isLikeEvent(recorded.type)) return applyLikeEvent(recorded, tx, POST_VIEW_COLLECTION, postDocumentIdOf);
    const id = recorded.streamName;
    if (isAcceptedAnswerEvent(recorded.type)) {
      const post = await tx.get<PostViewDocument>(POST_VIEW_COLLECTION, id);
      const { commentId } = recorded.data as { commentId?: number };
      if (!post) return;
      return tx.upsert<PostViewDocument>(POST_VIEW_COLLECTION, { ...post, acceptedCommentId: commentId ?? null });
    }
    const event = { type: recorded.type, data: recorded.data } as PostEvent;
    if (event.type === 'ArticleDrafted' || event.type === 'QuestionAsked') {
      const isArticle = event.type === 'ArticleDrafted';
      const { data } = event;
      return tx.upsert<PostViewDocument>(POST_VIEW_COLLECTION, {
        id,
        postId: data.id,
        entityType: POST_KINDS[isArticle ? 'article' : 'question'].entityType,
        title: data.title,
        description: isArticle ? event.data.description : '',
        categoryId: data.categoryId,
        category: categoryName(data.categoryId),
        tags: data.tags,
        content: data.content,
        source: isArticle ? event.data.source : '',
        instructions: isArticle ? event.data.instructions : '',
        authorId: data.authorId,
        isPublished: isPublishedWhenCreated(event),
        isApproved: data.isApproved,
        deleted: false,
        defaultImageId: -1,
        createdOn: data.at,
        updatedOn: null,
        publishedOn: isPublishedWhenCreated(event) ? data.at : null,
        likes: 0,
        attachedFiles: [],
      });
    }
    const post = await tx.get<PostViewDocument>(POST_VIEW_COLLECTION, id);
    if (!post) return;
    const save = (changes: Partial<PostViewDocument>) => tx.upsert<PostViewDocument>(POST_VIEW_COLLECTION, { ...post, ...changes });
    switch (event.type) {
      case 'ArticleEdited': {
        const { at, mentionIds: _mentionIds, ...fields } = event.data;
        return save({ ...fields, category: categoryName(fields.categoryId), updatedOn: at });
      }
      case 'QuestionEdited': {
        const { at, mentionIds: _mentionIds, ...fields } = event.data;
        return save({ ...fields, category: categoryName(fields.categoryId), updatedOn: at });
      }
      case 'ArticlePublished':
      case 'QuestionPublished':
        return save({ isPublished: true, updatedOn: event.data.at, publishedOn: post.publishedOn ?? event.data.at });
      case 'ArticleUnpublished':
      case 'QuestionUnpublished':
        return save({ isPublished: false, updatedOn: event.data.at });
      case 'ArticleDefaultImageChosen':
      case 'QuestionDefaultImageChosen':
        return save({ defaultImageId: event.data.fileId, updatedOn: event.data.at });
      case 'ArticleApproved':
      case 'QuestionApproved':
        return save({ isApproved: true });
      case 'ArticleUnapproved':
      case 'QuestionUnapproved':
        return save({ isApproved: false });
      case 'ArticleDeleted':
      case 'QuestionDeleted':
        return save({ deleted: true });
    }
  },
};
