import type { CommentEvent, LikeEvent } from '@app/domain';
import { commentAdded, documentIs, documentExists, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { COMMENTS_COLLECTION, commentsProjection, type CommentDocument } from './comments.projection';

const at = '2026-02-01T10:00:00.000Z';
const later = '2026-02-01T11:00:00.000Z';
const added = commentAdded({ postKind: 'question', parentId: 70, content: '<p>Hi</p>', attachedFiles: [5], at });
const like = (type: LikeEvent['type'], accountId: string, entityType: 1 | 2 | 3 | 4 = 4): LikeEvent => ({
  type,
  data: { entityType, targetId: 77, accountId, at },
});
const inComments = { inCollection: COMMENTS_COLLECTION, withId: 'comment-77' };

describe('comments projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(commentsProjection, readStore);

  it('records a comment under its post, visible when approved', () =>
    spec
      .given([])
      .when(on<CommentEvent>('comment-77', added))
      .then(
        documentIs<CommentDocument>(
          {
            id: 'comment-77',
            commentId: 77,
            postKind: 'question',
            postId: 42,
            post: 'question-42',
            parentId: 70,
            authorId: 'ada',
            content: '<p>Hi</p>',
            attachedFiles: [5],
            isApproved: true,
            deleted: false,
            visible: true,
            likes: 0,
            createdOn: at,
            updatedOn: null,
          },
          inComments,
        ),
      ));

  it('follows edits, moderation and deletion', () =>
    spec
      .given([
        on<CommentEvent>('comment-77', added),
        on<CommentEvent>('comment-77', { type: 'CommentEdited', data: { content: '<p>Edited</p>', at: later } }),
        on<CommentEvent>('comment-77', { type: 'CommentUnapproved', data: { at: later } }),
      ])
      .when(on<CommentEvent>('comment-77', { type: 'CommentDeleted', data: { at: later } }))
      .then(
        documentExists<CommentDocument>(
          { content: '<p>Edited</p>', updatedOn: later, isApproved: false, deleted: true, visible: false },
          inComments,
        ),
      ));

  it('counts the likes of the comment, not those of posts with the same id', () =>
    spec
      .given([
        on<CommentEvent>('comment-77', added),
        on<LikeEvent>('like-4-77-bob', like('Liked', 'bob')),
        on<LikeEvent>('like-4-77-cy', like('Liked', 'cy')),
        on<LikeEvent>('like-1-77-cy', like('Liked', 'cy', 1)),
      ])
      .when(on<LikeEvent>('like-4-77-bob', like('Unliked', 'bob')))
      .then(documentExists<CommentDocument>({ likes: 1 }, inComments)));
});
