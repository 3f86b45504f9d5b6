import type { ArticleEvent } from '@app/domain';
import { articleDrafted, documentDoesNotExist, documentIs, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { FEED_COLLECTION, feedProjection, type FeedDocument } from './feed.projection';

const at = '2026-02-01T10:00:00.000Z';
const drafted = articleDrafted({ description: 'd', content: '<p>c</p>', categoryId: 1, tags: [{ id: 3, subTag: 'engines' }], at });
const published = { type: 'ArticlePublished', data: { id: 7, at } } as unknown as ArticleEvent;
const entry = (target: string, visible: boolean): FeedDocument => ({
  id: `article-7|${target}`,
  postStream: 'article-7',
  postId: 7,
  entityType: 1,
  target,
  authorId: 'ada',
  visible,
});

describe('feed projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(feedProjection, readStore);

  it('files a post under its author and each of its tags, hidden while a draft', () =>
    spec
      .given([])
      .when(on('article-7', drafted))
      .then(
        documentIs(entry('user:ada', false), { inCollection: FEED_COLLECTION, withId: 'article-7|user:ada' }),
        documentIs(entry('tag:3', false), { inCollection: FEED_COLLECTION, withId: 'article-7|tag:3' }),
      ));

  it('shows it once published', () =>
    spec
      .given([on('article-7', drafted)])
      .when(on('article-7', published))
      .then(documentIs(entry('tag:3', true), { inCollection: FEED_COLLECTION, withId: 'article-7|tag:3' })));

  it('hides it again when deleted', () =>
    spec
      .given([on('article-7', drafted), on('article-7', published)])
      .when(on('article-7', { type: 'ArticleDeleted', data: { id: 7, at } } as unknown as ArticleEvent))
      .then(documentIs(entry('user:ada', false), { inCollection: FEED_COLLECTION, withId: 'article-7|user:ada' })));

  it('moves it between tags when edited', () =>
    spec
      .given([on('article-7', drafted), on('article-7', published)])
      .when(
        on('article-7', {
          type: 'ArticleEdited',
          data: { ...(drafted.data as object), tags: [{ id: 4, subTag: 'math' }] },
        } as unknown as ArticleEvent),
      )
      .then(
        documentDoesNotExist({ inCollection: FEED_COLLECTION, withId: 'article-7|tag:3' }),
        documentIs(entry('tag:4', true), { inCollection: FEED_COLLECTION, withId: 'article-7|tag:4' }),
      ));

  describe('a question', () => {
    const asked = (isPublished?: boolean) =>
      ({
        type: 'QuestionAsked',
        data: { ...(drafted.data as object), ...(isPublished === undefined ? {} : { isPublished }) },
      }) as unknown as ArticleEvent;
    const questionEntry = (visible: boolean): FeedDocument => ({
      ...entry('tag:3', visible),
      id: 'question-7|tag:3',
      postStream: 'question-7',
      entityType: 2,
    });

    it("is shown when asked without a word on publication (the spec's clients post at once)", () =>
      spec
        .given([])
        .when(on('question-7', asked()))
        .then(documentIs(questionEntry(true), { inCollection: FEED_COLLECTION, withId: 'question-7|tag:3' })));

    it('stays hidden while a draft, and is shown once posted', async () => {
      await spec
        .given([])
        .when(on('question-7', asked(false)))
        .then(documentIs(questionEntry(false), { inCollection: FEED_COLLECTION, withId: 'question-7|tag:3' }));
      await spec
        .given([on('question-7', asked(false))])
        .when(on('question-7', { type: 'QuestionPublished', data: { id: 7, at } } as unknown as ArticleEvent))
        .then(documentIs(questionEntry(true), { inCollection: FEED_COLLECTION, withId: 'question-7|tag:3' }));
    });
  });
});
