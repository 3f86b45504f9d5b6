import type { ArticleEvent, ArticleFields, QuestionEvent } from '@app/domain';
import { documentDoesNotExist, documentExists, documentIs, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { POST_VIEW_COLLECTION, postViewProjection, type PostViewDocument } from './post-view.projection';

const articleFields: ArticleFields = {
  title: 'Generics',
  description: 'About generics',
  categoryId: 3,
  tags: [{ id: 1, subTag: 'csharp' }],
  content: '<p>Body</p>',
  source: 'https://example.com',
  instructions: 'Read slowly',
};

const article = (id: number, event: ArticleEvent) => on<ArticleEvent>(`article-${id}`, event);
const question = (id: number, event: QuestionEvent) => on<QuestionEvent>(`question-${id}`, event);
const drafted = (id: number, isApproved: boolean) =>
  article(id, { type: 'ArticleDrafted', data: { id, authorId: 'ada', ...articleFields, isApproved, at: '2026-01-01T10:00:00.000Z' } });
const post = (withId: string) => ({ inCollection: POST_VIEW_COLLECTION, withId });

describe('post-view projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(postViewProjection, readStore);

  it('records a drafted article with every field of the article record and its category name', () =>
    spec
      .given([])
      .when(drafted(7, true))
      .then(
        documentIs<PostViewDocument>(
          {
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
            publishedOn: null,
            likes: 0,
            attachedFiles: [],
          },
          post('article-7'),
        ),
      ));

  const editedPublishedApproved = [
    drafted(8, false),
    article(8, {
      type: 'ArticleEdited',
      data: { ...articleFields, title: 'Generics, again', categoryId: 121, at: '2026-01-02T10:00:00.000Z' },
    }),
    article(8, { type: 'ArticleDefaultImageChosen', data: { fileId: 42, at: '2026-01-03T10:00:00.000Z' } }),
    article(8, { type: 'ArticlePublished', data: { at: '2026-01-04T10:00:00.000Z' } }),
  ];

  it('follows edits, publishing, the default image and approval (moderation is not an author change)', () =>
    spec
      .given(editedPublishedApproved)
      .when(article(8, { type: 'ArticleApproved', data: { at: '2026-01-05T10:00:00.000Z' } }))
      .then(
        documentExists<PostViewDocument>(
          {
            title: 'Generics, again',
            categoryId: 121,
            category: 'Design Patterns',
            defaultImageId: 42,
            isPublished: true,
            isApproved: true,
            updatedOn: '2026-01-04T10:00:00.000Z',
          },
          post('article-8'),
        ),
      ));

  it('follows unpublishing and unapproval', () =>
    spec
      .given([...editedPublishedApproved, article(8, { type: 'ArticleApproved', data: { at: '2026-01-05T10:00:00.000Z' } })])
      .when(
        article(8, { type: 'ArticleUnpublished', data: { at: '2026-01-06T10:00:00.000Z' } }),
        article(8, { type: 'ArticleUnapproved', data: { at: '2026-01-07T10:00:00.000Z' } }),
      )
      .then(documentExists<PostViewDocument>({ isPublished: false, isApproved: false, deleted: false }, post('article-8'))));

  it('keeps the first publication as the published time when an article is published again', () =>
    spec
      .given([...editedPublishedApproved, article(8, { type: 'ArticleUnpublished', data: { at: '2026-01-06T10:00:00.000Z' } })])
      .when(article(8, { type: 'ArticlePublished', data: { at: '2026-01-09T10:00:00.000Z' } }))
      .then(
        documentExists<PostViewDocument>(
          { isPublished: true, publishedOn: '2026-01-04T10:00:00.000Z', updatedOn: '2026-01-09T10:00:00.000Z' },
          post('article-8'),
        ),
      ));

  it('keeps a deleted article, marked deleted', () =>
    spec
      .given(editedPublishedApproved)
      .when(article(8, { type: 'ArticleDeleted', data: { at: '2026-01-08T10:00:00.000Z' } }))
      .then(documentExists<PostViewDocument>({ deleted: true, title: 'Generics, again' }, post('article-8'))));

  it('records questions as published, with empty article-only fields', () =>
    spec
      .given([
        question(9, {
          type: 'QuestionAsked',
          data: {
            id: 9,
            authorId: 'bob',
            title: 'Why?',
            categoryId: 126,
            tags: [],
            content: '<p>?</p>',
            isApproved: true,
            at: '2026-01-02T00:00:00.000Z',
          },
        }),
      ])
      .when(
        question(9, {
          type: 'QuestionEdited',
          data: {
            title: 'Why not?',
            categoryId: 999,
            tags: [{ id: 2, subTag: 'java' }],
            content: '<p>!</p>',
            at: '2026-01-03T00:00:00.000Z',
          },
        }),
        question(9, { type: 'QuestionDefaultImageChosen', data: { fileId: 5, at: '2026-01-04T00:00:00.000Z' } }),
      )
      .then(
        documentIs<PostViewDocument>(
          {
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
            publishedOn: '2026-01-02T00:00:00.000Z',
            likes: 0,
            attachedFiles: [],
          },
          post('question-9'),
        ),
      ));

  it('ignores events of a post it never saw created', () =>
    spec
      .given([])
      .when(article(404, { type: 'ArticlePublished', data: { at: '2026-01-01T00:00:00.000Z' } }))
      .then(documentDoesNotExist(post('article-404'))));
});
