import { EntityType } from '@app/contracts';
import { commentStreamName, POST_KINDS, type CommentEvent, type PostKind } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { applyLikeEvent, isLikeEvent, LIKE_EVENTS } from '../likes/like-counts';
import type { Projection } from '../projection';

export const COMMENTS_COLLECTION = 'comments';

/** One comment as the comment grid reads it; the author as an account id (name joined at read time). */
export interface CommentDocument {
  /** The comment's stream name, `comment-<commentId>`. */
  id: string;
  commentId: number;
  postKind: PostKind;
  postId: number;
  /** The post's stream name (`article-<postId>`), what the grid's queries filter on. */
  post: string;
  parentId: number;
  authorId: string;
  content: string;
  /** Ids of the comment's images (attachment types 6, 7), deleted with it. */
  attachedFiles: number[];
  isApproved: boolean;
  deleted: boolean;
  /** Approved and not deleted: what every reader sees. */
  visible: boolean;
  likes: number;
  createdOn: string;
  updatedOn: string | null;
  [field: string]: unknown;
}

const COMMENT_EVENTS: CommentEvent['type'][] = ['CommentAdded', 'CommentEdited', 'CommentApproved', 'CommentUnapproved', 'CommentDeleted'];
const COMMENT_ENTITY_TYPES: readonly number[] = [EntityType.ArticleComment, EntityType.QuestionComment];

/** Comments of every post, deleted ones kept as tombstones (so a late like or a moderation read finds them). */
export const commentsProjection: Projection = {
  name: 'comments',
  version: 1,
  collections: [COMMENTS_COLLECTION],
  handles: [...COMMENT_EVENTS, ...LIKE_EVENTS],
  indexes: {
    [COMMENTS_COLLECTION]: [
      ['post', 'visible', 'commentId'],
      ['post', 'deleted', 'commentId'],
    ],
  },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    if (isLikeEvent(recorded.type)) {
      return applyLikeEvent(recorded, tx, COMMENTS_COLLECTION, (entityType, targetId) =>
        COMMENT_ENTITY_TYPES.includes(entityType) ? commentStreamName(targetId) : null,
      );
    }
    const event = { type: recorded.type, data: recorded.data } as CommentEvent;
    if (event.type === 'CommentAdded') {
      const { id, postKind, postId, parentId, authorId, content, attachedFiles, isApproved, at } = event.data;
      return save(tx, {
        id: recorded.streamName,
        commentId: id,
        postKind,
        postId,
        post: POST_KINDS[postKind].streamName(postId),
        parentId,
        authorId,
        content,
        attachedFiles,
        isApproved,
        deleted: false,
        visible: false,
        likes: 0,
        createdOn: at,
        updatedOn: null,
      });
    }
    const comment = await tx.get<CommentDocument>(COMMENTS_COLLECTION, recorded.streamName);
    if (!comment) return;
    switch (event.type) {
      case 'CommentEdited':
        return save(tx, { ...comment, content: event.data.content, updatedOn: event.data.at });
      case 'CommentApproved':
        return save(tx, { ...comment, isApproved: true });
      case 'CommentUnapproved':
        return save(tx, { ...comment, isApproved: false });
      case 'CommentDeleted':
        return save(tx, { ...comment, deleted: true });
    }
  },
};

function save(tx: ReadStoreTransaction, comment: CommentDocument): Promise<void> {
  return tx.upsert(COMMENTS_COLLECTION, { ...comment, visible: comment.isApproved && !comment.deleted });
}
