import type { RecordedEvent } from '@app/event-store';
import { applyEvents, recordedEvent, useTemporaryReadStore } from '@app/testing';
import { POST_VIEW_FILES_COLLECTION } from './post-view-files';
import { POST_VIEW_COLLECTION, postViewProjection, type PostViewDocument } from './post-view.projection';

const articleDrafted = recordedEvent('article-7', 'ArticleDrafted', {
  id: 7,
  authorId: 'ada',
  title: 'Generics',
  description: 'About generics',
  categoryId: 3,
  tags: [{ id: 1, subTag: 'csharp' }],
  content: '<p>Body</p>',
  source: '',
  instructions: '',
  isApproved: true,
  at: '2026-01-01T10:00:00.000Z',
});
const questionAsked = recordedEvent('question-8', 'QuestionAsked', {
  id: 8,
  authorId: 'ada',
  title: 'Why?',
  categoryId: 3,
  tags: [{ id: 1, subTag: 'csharp' }],
  content: '<p>Because</p>',
  isApproved: true,
  at: '2026-01-01T10:00:00.000Z',
});

const upload = (id: number, attachmentTypeId: number, referenceId: number, extension = 'pdf') =>
  recordedEvent(`file-${id}`, 'FileUploaded', {
    id,
    uploaderId: 'ada',
    attachmentTypeId,
    fileDisplayName: `File ${id}`,
    uploadedFileName: `name-${id}.${extension}`,
    instructions: `About ${id}`,
    referenceId,
    extension,
    contentType: 'application/pdf',
    size: 10,
    at: '2026-01-02T10:00:00.000Z',
  });
const fileDeleted = (id: number) => recordedEvent(`file-${id}`, 'FileDeleted', { at: '2026-01-03T10:00:00.000Z' });
const asListed = (id: number, attachmentTypeId: number, extension = 'pdf') => ({
  id,
  fileDisplayName: `File ${id}`,
  attachmentTypeId,
  uploadedFileName: `name-${id}.${extension}`,
  instructions: `About ${id}`,
});

describe('post-view projection: files', () => {
  const readStore = useTemporaryReadStore();
  const apply = (...events: RecordedEvent[]) => applyEvents(readStore(), postViewProjection, ...events);
  const post = (id: string) => readStore().get<PostViewDocument>(POST_VIEW_COLLECTION, id);

  it('lists post files as attachedFiles and post images as images, in upload order', async () => {
    await apply(
      articleDrafted,
      questionAsked,
      upload(1, 2, 7),
      upload(2, 4, 7, 'png'),
      upload(3, 2, 7, 'zip'),
      upload(4, 3, 8),
      upload(5, 5, 8, 'jpg'),
    );
    expect(await post('article-7')).toMatchObject({
      attachedFiles: [asListed(1, 2), asListed(3, 2, 'zip')],
      images: [asListed(2, 4, 'png')],
    });
    expect(await post('question-8')).toMatchObject({ attachedFiles: [asListed(4, 3)], images: [asListed(5, 5, 'jpg')] });
  });

  it('keeps the files through later edits of the post', async () => {
    await apply(articleDrafted, upload(1, 2, 7), recordedEvent('article-7', 'ArticlePublished', { at: '2026-01-04T10:00:00.000Z' }));
    expect(await post('article-7')).toMatchObject({ isPublished: true, attachedFiles: [asListed(1, 2)] });
  });

  it('removes a deleted file from its post, and forgets the link', async () => {
    await apply(articleDrafted, upload(1, 2, 7), upload(2, 4, 7, 'png'), upload(3, 2, 7));
    await apply(fileDeleted(1), fileDeleted(2));
    expect(await post('article-7')).toMatchObject({ attachedFiles: [asListed(3, 2)], images: [] });
    expect(await readStore().get(POST_VIEW_FILES_COLLECTION, 'file-1')).toBeNull();
    expect(await readStore().get(POST_VIEW_FILES_COLLECTION, 'file-3')).toMatchObject({
      postViewId: 'article-7',
      list: 'attachedFiles',
      fileId: 3,
    });
  });

  it('ignores documents, comment images, profile pictures and their deletion', async () => {
    await apply(articleDrafted, upload(1, 1, 0), upload(2, 6, 7, 'png'), upload(3, 8, 0, 'png'), fileDeleted(1), fileDeleted(2));
    const document = await post('article-7');
    expect(document?.attachedFiles).toEqual([]);
    expect(document?.images).toBeUndefined();
    expect(await readStore().find(POST_VIEW_FILES_COLLECTION)).toEqual([]);
  });

  it('ignores a file of a post it does not know', async () => {
    await apply(upload(1, 2, 99), fileDeleted(1));
    expect(await readStore().find(POST_VIEW_COLLECTION)).toEqual([]);
  });
});
