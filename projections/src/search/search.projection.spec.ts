import type { ArticleEvent, LikeEvent, QuestionEvent } from '@app/domain';
import type { SearchDocument } from '@app/search-index';
import {
  on,
  searchDocumentDoesNotExist,
  searchDocumentExists,
  searchDocumentIs,
  searchProjectionSpec,
  useTemporarySearchIndex,
} from '@app/testing';
import { searchProjection } from './search.projection';

const CREATED = '2026-01-01T10:00:00.000Z';
const EDITED = '2026-01-05T10:00:00.000Z';

const drafted = (id: number, { isApproved = true } = {}) =>
  on<ArticleEvent>(`article-${id}`, {
    type: 'ArticleDrafted',
    data: {
      id,
      authorId: 'acc-ada',
      title: 'Event sourcing',
      description: 'Projections and deciders',
      categoryId: 3,
      tags: [{ id: 1, subTag: 'csharp' }],
      content: '<p>The log is <strong>the</strong> truth &amp; more.</p>',
      source: 'https://example.org',
      instructions: 'none',
      isApproved,
      at: CREATED,
    },
  });
const article = (
  id: number,
  type: 'ArticlePublished' | 'ArticleUnpublished' | 'ArticleApproved' | 'ArticleUnapproved' | 'ArticleDeleted',
) => on<ArticleEvent>(`article-${id}`, { type, data: { at: EDITED } });

const asked = (id: number) =>
  on<QuestionEvent>(`question-${id}`, {
    type: 'QuestionAsked',
    data: {
      id,
      authorId: 'acc-bob',
      title: 'How do I rebuild?',
      categoryId: 110,
      tags: [{ id: 2, subTag: 'java' }],
      content: '<p>My projection<br>lags.</p>',
      isApproved: true,
      at: CREATED,
    },
  });
const question = (id: number, type: 'QuestionApproved' | 'QuestionUnapproved' | 'QuestionDeleted') =>
  on<QuestionEvent>(`question-${id}`, { type, data: { at: EDITED } });

const like = (entityType: 1 | 2 | 3, targetId: number, accountId: string, type: LikeEvent['type'] = 'Liked') =>
  on<LikeEvent>(`like-${entityType}-${targetId}-${accountId}`, { type, data: { entityType, targetId, accountId, at: EDITED } });

describe('search projection', () => {
  const index = useTemporarySearchIndex();
  const spec = searchProjectionSpec(searchProjection, index);

  it('indexes a drafted article as an unpublished document, content as plain text, author by account id', async () => {
    const event = drafted(7);
    await spec
      .given([])
      .when(event)
      .then(
        searchDocumentIs({
          id: 7,
          entityType: 1,
          title: 'Event sourcing',
          description: 'Projections and deciders',
          contentText: 'The log is the truth & more.',
          tags: [{ id: 1, subTag: 'csharp' }],
          categoryId: 3,
          authorAccountId: 'acc-ada',
          likes: 0,
          isApproved: true,
          isPublished: false,
          createdOn: CREATED,
          updatedOn: null,
          position: event.position.toString(),
        } satisfies SearchDocument),
      );
  });

  it('publishes an article', async () => {
    await spec
      .given([drafted(7)])
      .when(article(7, 'ArticlePublished'))
      .then(searchDocumentExists({ isPublished: true }, { withId: 7 }));
  });

  it('unpublishes an article', () =>
    spec
      .given([drafted(7), article(7, 'ArticlePublished')])
      .when(article(7, 'ArticleUnpublished'))
      .then(searchDocumentExists({ isPublished: false }, { withId: 7 })));

  it('unapproves and approves again', () =>
    spec
      .given([drafted(7), article(7, 'ArticlePublished')])
      .when(article(7, 'ArticleUnapproved'), article(7, 'ArticleApproved'), article(7, 'ArticleUnapproved'))
      .then(searchDocumentExists({ isApproved: false, isPublished: true }, { withId: 7 })));

  it('keeps a pre-moderated article unapproved until approved', () =>
    spec
      .given([drafted(8, { isApproved: false })])
      .when(article(8, 'ArticlePublished'))
      .then(searchDocumentExists({ isApproved: false, isPublished: true }, { withId: 8 })));

  it('replaces the searched fields on an edit', () =>
    spec
      .given([drafted(7), article(7, 'ArticlePublished')])
      .when(
        on<ArticleEvent>('article-7', {
          type: 'ArticleEdited',
          data: {
            title: 'Renamed',
            description: 'New description',
            categoryId: 110,
            tags: [{ id: 5, subTag: 'rust' }],
            content: '<h2>Second</h2><p>version</p>',
            source: '',
            instructions: '',
            at: EDITED,
          },
        }),
      )
      .then(
        searchDocumentExists(
          {
            title: 'Renamed',
            description: 'New description',
            contentText: 'Second version',
            tags: [{ id: 5, subTag: 'rust' }],
            categoryId: 110,
            isPublished: true,
            createdOn: CREATED,
            updatedOn: EDITED,
          },
          { withId: 7 },
        ),
      ));

  it('removes a deleted article, and ignores later events of it', () =>
    spec
      .given([drafted(7), article(7, 'ArticlePublished')])
      .when(article(7, 'ArticleDeleted'), article(7, 'ArticleApproved'))
      .then(searchDocumentDoesNotExist({ withId: 7 })));

  it('indexes a question as published when asked', async () => {
    await spec
      .given([])
      .when(asked(9))
      .then(
        searchDocumentExists(
          { id: 9, entityType: 2, description: '', contentText: 'My projection lags.', authorAccountId: 'acc-bob', isPublished: true },
          { withId: 9 },
        ),
      );
  });

  it('edits, unapproves and deletes a question', async () => {
    const question9 = asked(9);
    const edited = on<QuestionEvent>('question-9', {
      type: 'QuestionEdited',
      data: { title: 'Why not?', categoryId: 3, tags: [], content: '<p>Because.</p>', at: EDITED },
    });
    await spec
      .given([question9])
      .when(edited, question(9, 'QuestionUnapproved'))
      .then(
        searchDocumentExists({ title: 'Why not?', contentText: 'Because.', tags: [], isApproved: false, updatedOn: EDITED }, { withId: 9 }),
      );
    await spec
      .given([])
      .when(question(9, 'QuestionDeleted'))
      .then(searchDocumentDoesNotExist({ withId: 9 }));
  });

  it('does not apply an event twice: a re-applied batch (a crash before its checkpoint was seen) changes nothing', async () => {
    const draft = drafted(7);
    const unpublished = article(7, 'ArticleUnpublished');
    const published = article(7, 'ArticlePublished');
    await spec
      .given([draft, unpublished, published])
      .when(unpublished)
      .then(searchDocumentExists({ isPublished: true, position: published.position.toString() }, { withId: 7 }));
  });

  it('counts the likes of a post for the grid: likes add, unlikes take away', () =>
    spec
      .given([drafted(7), like(1, 7, 'acc-a'), like(1, 7, 'acc-b'), like(1, 7, 'acc-a', 'Unliked')])
      .when(like(1, 7, 'acc-c'))
      .then(searchDocumentExists({ likes: 2 }, { withId: 7 })));

  it("ignores likes of comments and of another kind's item with the same id", () =>
    spec
      .given([drafted(7)])
      .when(like(3, 7, 'acc-a'), like(2, 7, 'acc-b'))
      .then(searchDocumentExists({ likes: 0 }, { withId: 7 })));

  it('does not count a re-applied like twice', async () => {
    const draft = drafted(7);
    const liked = like(1, 7, 'acc-a');
    await spec
      .given([draft, liked])
      .when(liked)
      .then(searchDocumentExists({ likes: 1, position: liked.position.toString() }, { withId: 7 }));
  });
});
