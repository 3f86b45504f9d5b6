import type { RecordedEvent } from '@app/event-store';
import { applyEvents, recordedEvent, useTemporaryReadStore } from '@app/testing';
import { POST_VIEW_COLLECTION, postViewProjection, type PostViewDocument } from './post-view.projection';

const articleFields = {
  title: 'Generics',
  description: 'About generics',
  categoryId: 3,
  tags: [{ id: 1, subTag: 'csharp' }],
  content: '<p>Body</p>',
  source: 'https://example.com',
  instructions: 'Read slowly',
};

describe('post-view projection', () => {
  const readStore = useTemporaryReadStore();
  const apply = (...events: RecordedEvent[]) => applyEvents(readStore(), postViewProjection, ...events);
  const post = (id: string) => readStore().get<PostViewDocument>(POST_VIEW_COLLECTION, id);

  it('records a drafted article with every field of the article record and its category name', async () => {
    await apply(
      recordedEvent('article-7', 'ArticleDrafted', {
        id: 7,
        authorId: 'ada',
        ...articleFields,
        isApproved: true,
        at: '2026-01-01T10:00:00.000Z',
      }),
    );
    expect(await post('article-7')).toEqual({
      id: 'article-7',
      postId: 7,
      entityType: 1,
      ...articleFields,
      category: 'C#',
      authorId: 'ada',
      isPublished: false,
      isApproved: true,
      deleted: false,
      defaultImageId: -1,
      createdOn: '2026-01-01T10:00:00.000Z',
      updatedOn: null,
      likes: 0,
      attachedFiles: [],
    });
  });

  it('follows edits, publishing, default image, moderation and deletion', async () => {
    await apply(
      recordedEvent('article-8', 'ArticleDrafted', {
        id: 8,
        authorId: 'ada',
        ...articleFields,
        isApproved: false,
        at: '2026-01-01T10:00:00.000Z',
      }),
      recordedEvent('article-8', 'ArticleEdited', {
        ...articleFields,
        title: 'Generics, again',
        categoryId: 121,
        at: '2026-01-02T10:00:00.000Z',
      }),
      recordedEvent('article-8', 'ArticleDefaultImageChosen', { fileId: 42, at: '2026-01-03T10:00:00.000Z' }),
      recordedEvent('article-8', 'ArticlePublished', { at: '2026-01-04T10:00:00.000Z' }),
      recordedEvent('article-8', 'ArticleApproved', { at: '2026-01-05T10:00:00.000Z' }),
    );
    expect(await post('article-8')).toMatchObject({
      title: 'Generics, again',
      categoryId: 121,
      category: 'Design Patterns',
      defaultImageId: 42,
      isPublished: true,
      isApproved: true,
      // Moderation is not an author's change.
      updatedOn: '2026-01-04T10:00:00.000Z',
    });
    await apply(
      recordedEvent('article-8', 'ArticleUnpublished', { at: '2026-01-06T10:00:00.000Z' }),
      recordedEvent('article-8', 'ArticleUnapproved', { at: '2026-01-07T10:00:00.000Z' }),
    );
    expect(await post('article-8')).toMatchObject({ isPublished: false, isApproved: false, deleted: false });
    await apply(recordedEvent('article-8', 'ArticleDeleted', { at: '2026-01-08T10:00:00.000Z' }));
    expect(await post('article-8')).toMatchObject({ deleted: true, title: 'Generics, again' });
  });

  it('records questions as published, with empty article-only fields', async () => {
    await apply(
      recordedEvent('question-9', 'QuestionAsked', {
        id: 9,
        authorId: 'bob',
        title: 'Why?',
        categoryId: 126,
        tags: [],
        content: '<p>?</p>',
        isApproved: true,
        at: '2026-01-02T00:00:00.000Z',
      }),
      recordedEvent('question-9', 'QuestionEdited', {
        title: 'Why not?',
        categoryId: 999,
        tags: [{ id: 2, subTag: 'java' }],
        content: '<p>!</p>',
        at: '2026-01-03T00:00:00.000Z',
      }),
      recordedEvent('question-9', 'QuestionDefaultImageChosen', { fileId: 5, at: '2026-01-04T00:00:00.000Z' }),
    );
    expect(await post('question-9')).toEqual({
      id: 'question-9',
      postId: 9,
      entityType: 2,
      title: 'Why not?',
      description: '',
      categoryId: 999,
      // An id missing from the reference data has no name.
      category: '',
      tags: [{ id: 2, subTag: 'java' }],
      content: '<p>!</p>',
      source: '',
      instructions: '',
      authorId: 'bob',
      isPublished: true,
      isApproved: true,
      deleted: false,
      defaultImageId: 5,
      createdOn: '2026-01-02T00:00:00.000Z',
      updatedOn: '2026-01-04T00:00:00.000Z',
      likes: 0,
      attachedFiles: [],
    });
  });

  it('ignores events of a post it never saw created', async () => {
    await apply(recordedEvent('article-404', 'ArticlePublished', { at: '2026-01-01T00:00:00.000Z' }));
    expect(await post('article-404')).toBeNull();
  });
});
