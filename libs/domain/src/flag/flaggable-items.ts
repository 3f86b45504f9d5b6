import { EntityType } from '@app/contracts';
import { commentDecider, type CommentState } from '../comment/decider';
import { COMMENT_NOT_FOUND } from '../comment/errors';
import type { CommentEvent } from '../comment/events';
import { postDecider, type PostState } from '../posts/post-decider';
import type { PostEvent } from '../posts/post-events';
import { POST_KINDS, type PostKind } from '../posts/post-kinds';
import { flaggable, type FlaggableItem } from './decider';

const COMMENT_POST_KIND: Record<number, PostKind> = { [EntityType.ArticleComment]: 'article', [EntityType.QuestionComment]: 'question' };

/** A post of one kind: hidden, shown and deleted by its own unapproval, approval and deletion events. */
const postItem = (kind: PostKind): FlaggableItem<PostState, PostEvent> => {
  const { events, entityType, notFound } = POST_KINDS[kind];
  return {
    view: (state, flaggedType) =>
      state.status === 'initial' || flaggedType !== entityType
        ? null
        : { authorId: state.post.authorId, isApproved: state.post.isApproved, deleted: state.status === 'deleted' },
    notFound: () => notFound,
    hidden: (_view, at, byFlags) => ({ type: events.unapproved, data: byFlags ? { at, reason: 'flagged' } : { at } }),
    shown: (_view, at) => ({ type: events.approved, data: { at } }),
    deleted: (_view, at) => ({ type: events.deleted, data: { at } }),
  };
};

/** A comment of either post kind (3 article comment, 4 question comment: one stream name for both). */
const commentItem: FlaggableItem<CommentState, CommentEvent> = {
  view: (state, flaggedType) =>
    state.status === 'initial' || state.comment.postKind !== COMMENT_POST_KIND[flaggedType]
      ? null
      : {
          authorId: state.comment.authorId,
          isApproved: state.comment.isApproved,
          deleted: state.status === 'deleted',
          postId: state.comment.postId,
        },
  notFound: () => COMMENT_NOT_FOUND,
  hidden: ({ postId }, at, byFlags) => ({ type: 'CommentUnapproved', data: byFlags ? { at, reason: 'flagged', postId } : { at, postId } }),
  shown: ({ postId }, at) => ({ type: 'CommentApproved', data: { at, postId } }),
  deleted: ({ postId }, at) => ({ type: 'CommentDeleted', data: { at, postId } }),
};

/** The flag deciders of the four flaggable items (the like targets' entity types). */
export const flaggableArticle = flaggable(postDecider, postItem('article'));
export const flaggableQuestion = flaggable(postDecider, postItem('question'));
export const flaggableComment = flaggable(commentDecider, commentItem);
