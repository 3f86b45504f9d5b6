import type { CommentEvent } from '@app/domain';

type CommentAddedData = Extract<CommentEvent, { type: 'CommentAdded' }>['data'];

/** `CommentAdded` for an approved top-level comment 77 by `ada` on article 42; a spec overrides what it is about. */
export const commentAdded = (data: Partial<CommentAddedData> & Pick<CommentAddedData, 'at'>): CommentEvent => ({
  type: 'CommentAdded',
  data: {
    id: 77,
    postKind: 'article',
    postId: 42,
    parentId: -1,
    authorId: 'ada',
    content: '<p>x</p>',
    attachedFiles: [],
    isApproved: true,
    ...data,
  },
});
