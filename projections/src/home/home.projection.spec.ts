import type { ArticleEvent, LikeEvent, QuestionEvent } from '@app/domain';
import { documentExists, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { HOME_COLLECTION, homeProjection, type HomePostDocument } from './home.projection';

const drafted = (id: number, { isApproved = true, at = '2026-01-01T10:00:00.000Z' } = {}) =>
  on<ArticleEvent>(`article-${id}`, {
    type: 'ArticleDrafted',
    data: {
      id,
      authorId: 'ada',
      title: `Article ${id}`,
      description: 'About it',
      categoryId: 3,
      tags: [{ id: 1, subTag: 'csharp' }],
      content: '<p>x</p>',
      source: '',
      instructions: '',
      isApproved,
      at,
    },
  });
const article7 = (type: 'ArticlePublished' | 'ArticleUnapproved' | 'ArticleApproved' | 'ArticleDeleted') =>
  on<ArticleEvent>('article-7', { type, data: { at: 'x' } });

describe('home projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(homeProjection, readStore);
  const homePost = (withId: string) => ({ inCollection: HOME_COLLECTION, withId });

  describe('shows an article only while it is published, approved and not deleted', () => {
    it('lists a draft, hidden', () =>
      spec
        .given([])
        .when(drafted(7))
        .then(
          documentExists<HomePostDocument>(
            { postId: 7, entityType: 1, visible: false, articleDescription: 'About it', updatedOn: null },
            homePost('article-7'),
          ),
        ));

    it('shows it once published', () =>
      spec
        .given([drafted(7)])
        .when(article7('ArticlePublished'))
        .then(documentExists<HomePostDocument>({ visible: true }, homePost('article-7'))));

    it('hides it while unapproved', () =>
      spec
        .given([drafted(7), article7('ArticlePublished')])
        .when(article7('ArticleUnapproved'))
        .then(documentExists<HomePostDocument>({ visible: false }, homePost('article-7'))));

    it('shows it again once approved', () =>
      spec
        .given([drafted(7), article7('ArticlePublished'), article7('ArticleUnapproved')])
        .when(article7('ArticleApproved'))
        .then(documentExists<HomePostDocument>({ visible: true }, homePost('article-7'))));

    it('hides it for good once deleted', () =>
      spec
        .given([drafted(7), article7('ArticlePublished'), article7('ArticleUnapproved'), article7('ArticleApproved')])
        .when(article7('ArticleDeleted'))
        .then(documentExists<HomePostDocument>({ visible: false, deleted: true }, homePost('article-7'))));
  });

  it('shows a question once asked and keeps edits', () =>
    spec
      .given([
        on<QuestionEvent>('question-9', {
          type: 'QuestionAsked',
          data: {
            id: 9,
            authorId: 'bob',
            title: 'Why?',
            categoryId: 3,
            tags: [],
            content: '<p>?</p>',
            isApproved: true,
            at: '2026-01-02T00:00:00.000Z',
          },
        }),
      ])
      .when(
        on<QuestionEvent>('question-9', {
          type: 'QuestionEdited',
          data: {
            title: 'Why not?',
            categoryId: 3,
            tags: [{ id: 2, subTag: 'java' }],
            content: '<p>?</p>',
            at: '2026-01-03T00:00:00.000Z',
          },
        }),
      )
      .then(
        documentExists<HomePostDocument>(
          {
            entityType: 2,
            title: 'Why not?',
            authorId: 'bob',
            tags: [{ id: 2, subTag: 'java' }],
            visible: true,
            createdOn: '2026-01-02T00:00:00.000Z',
            updatedOn: '2026-01-03T00:00:00.000Z',
            articleDescription: null,
          },
          homePost('question-9'),
        ),
      ));

  it('keeps a post unapproved under pre-moderation until approved', () =>
    spec
      .given([drafted(8, { isApproved: false })])
      .when(on<ArticleEvent>('article-8', { type: 'ArticlePublished', data: { at: 'x' } }))
      .then(documentExists<HomePostDocument>({ visible: false }, homePost('article-8'))));

  it("counts the article's likes: one per standing like, not those of a comment with the same id", () => {
    const like = (type: LikeEvent['type'], accountId: string, entityType: 1 | 3 = 1) =>
      on<LikeEvent>(`like-${entityType}-7-${accountId}`, { type, data: { entityType, targetId: 7, accountId, at: 'x' } });
    return spec
      .given([drafted(7), like('Liked', 'bob'), like('Liked', 'cy'), like('Liked', 'cy', 3), like('Unliked', 'bob')])
      .when(like('Liked', 'dan'))
      .then(documentExists<HomePostDocument>({ likes: 2 }, homePost('article-7')));
  });
});
