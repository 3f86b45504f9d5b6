import type { AttachmentType } from '@app/contracts';
import type { ArticleEvent, FileEvent, QuestionEvent } from '@app/domain';
import {
  articleDrafted as draftedEvent,
  documentDoesNotExist,
  documentExists,
  documentsAre,
  fileUploaded,
  on,
  projectionSpec,
  useTemporaryReadStore,
  type ProjectionAssertion,
} from '@app/testing';
import { POST_VIEW_FILES_COLLECTION } from './post-view-files';
import { POST_VIEW_COLLECTION, postViewProjection, type PostViewDocument } from './post-view.projection';

const articleDrafted = on<ArticleEvent>(
  'article-7',
  draftedEvent({ title: 'Generics', description: 'About generics', content: '<p>Body</p>', at: '2026-01-01T10:00:00.000Z' }),
);
const questionAsked = on<QuestionEvent>('question-8', {
  type: 'QuestionAsked',
  data: {
    id: 8,
    authorId: 'ada',
    title: 'Why?',
    categoryId: 3,
    tags: [{ id: 1, subTag: 'csharp' }],
    content: '<p>Because</p>',
    isApproved: true,
    at: '2026-01-01T10:00:00.000Z',
  },
});

const upload = (id: number, attachmentTypeId: AttachmentType, referenceId: number, extension = 'pdf') =>
  on<FileEvent>(
    `file-${id}`,
    fileUploaded({
      id,
      attachmentTypeId,
      referenceId,
      extension,
      uploadedFileName: `name-${id}.${extension}`,
      at: '2026-01-02T10:00:00.000Z',
    }),
  );
const fileDeleted = (id: number) => on<FileEvent>(`file-${id}`, { type: 'FileDeleted', data: { at: '2026-01-03T10:00:00.000Z' } });
const asListed = (id: number, attachmentTypeId: AttachmentType, extension = 'pdf') => ({
  id,
  fileDisplayName: `File ${id}`,
  attachmentTypeId,
  uploadedFileName: `name-${id}.${extension}`,
  instructions: `About ${id}`,
});

const post = (withId: string) => ({ inCollection: POST_VIEW_COLLECTION, withId });
const link = (withId: string) => ({ inCollection: POST_VIEW_FILES_COLLECTION, withId });
/** The post view holds no `images` list at all (files of other kinds never touch it). */
const hasNoImagesList =
  (withId: string): ProjectionAssertion =>
  async (readStore) => {
    expect((await readStore.get<PostViewDocument>(POST_VIEW_COLLECTION, withId))?.images).toBeUndefined();
  };

describe('post-view projection: files', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(postViewProjection, readStore);

  it('lists post files as attachedFiles and post images as images, in upload order', () =>
    spec
      .given([articleDrafted, questionAsked])
      .when(upload(1, 2, 7), upload(2, 4, 7, 'png'), upload(3, 2, 7, 'zip'), upload(4, 3, 8), upload(5, 5, 8, 'jpg'))
      .then(
        documentExists<PostViewDocument>(
          { attachedFiles: [asListed(1, 2), asListed(3, 2, 'zip')], images: [asListed(2, 4, 'png')] },
          post('article-7'),
        ),
        documentExists<PostViewDocument>({ attachedFiles: [asListed(4, 3)], images: [asListed(5, 5, 'jpg')] }, post('question-8')),
      ));

  it('keeps the files through later edits of the post', () =>
    spec
      .given([articleDrafted, upload(1, 2, 7)])
      .when(on<ArticleEvent>('article-7', { type: 'ArticlePublished', data: { at: '2026-01-04T10:00:00.000Z' } }))
      .then(documentExists<PostViewDocument>({ isPublished: true, attachedFiles: [asListed(1, 2)] }, post('article-7'))));

  it('removes a deleted file from its post, and forgets the link', () =>
    spec
      .given([articleDrafted, upload(1, 2, 7), upload(2, 4, 7, 'png'), upload(3, 2, 7)])
      .when(fileDeleted(1), fileDeleted(2))
      .then(
        documentExists<PostViewDocument>({ attachedFiles: [asListed(3, 2)], images: [] }, post('article-7')),
        documentDoesNotExist(link('file-1')),
        documentExists({ postViewId: 'article-7', list: 'attachedFiles', fileId: 3 }, link('file-3')),
      ));

  it('ignores documents, comment images, profile pictures and their deletion', () =>
    spec
      .given([articleDrafted])
      .when(upload(1, 1, 0), upload(2, 6, 7, 'png'), upload(3, 8, 0, 'png'), fileDeleted(1), fileDeleted(2))
      .then(
        documentExists<PostViewDocument>({ attachedFiles: [] }, post('article-7')),
        hasNoImagesList('article-7'),
        documentsAre([], { inCollection: POST_VIEW_FILES_COLLECTION }),
      ));

  it('ignores a file of a post it does not know', () =>
    spec
      .given([])
      .when(upload(1, 2, 99), fileDeleted(1))
      .then(documentsAre([], { inCollection: POST_VIEW_COLLECTION })));
});
