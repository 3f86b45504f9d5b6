import type { ArticleEvent, CommentEvent } from '@app/domain';

type CommentAdded = Extract<CommentEvent, { type: 'CommentAdded' }>;
type CommentAddedData = CommentAdded['data'];

/** `CommentAdded` for an approved top-level comment 77 by `ada` on article 42; a spec overrides what it is about. */
export const commentAdded = (data: Partial<CommentAddedData> & Pick<CommentAddedData, 'at'>): CommentAdded => ({
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

type ArticleDrafted = Extract<ArticleEvent, { type: 'ArticleDrafted' }>;
type ArticleDraftedData = ArticleDrafted['data'];

/** `ArticleDrafted` for article 7 by `ada`, approved; a spec overrides what it is about. */
export const articleDrafted = (data: Partial<ArticleDraftedData> & Pick<ArticleDraftedData, 'at'>): ArticleDrafted => ({
  type: 'ArticleDrafted',
  data: {
    id: 7,
    authorId: 'ada',
    title: 'Engines',
    description: 'About it',
    categoryId: 3,
    tags: [{ id: 1, subTag: 'csharp' }],
    content: '<p>x</p>',
    source: '',
    instructions: '',
    isApproved: true,
    ...data,
  },
});
