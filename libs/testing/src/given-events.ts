import type { ArticleEvent, CommentEvent, FileUploaded } from '@app/domain';

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

/** `FileUploaded` of PDF `id` by `ada`, of 10 bytes; a spec overrides what it is about. */
export const fileUploaded = (
  data: Partial<FileUploaded['data']> & Pick<FileUploaded['data'], 'id' | 'attachmentTypeId' | 'at'>,
): FileUploaded => ({
  type: 'FileUploaded',
  data: {
    uploaderId: 'ada',
    fileDisplayName: `File ${data.id}`,
    uploadedFileName: `name-${data.id}.pdf`,
    instructions: `About ${data.id}`,
    referenceId: 0,
    extension: 'pdf',
    contentType: 'application/pdf',
    size: 10,
    ...data,
  },
});
