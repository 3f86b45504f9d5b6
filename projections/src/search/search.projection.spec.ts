import type { AcceptedAnswerEvent, ArticleEvent, CommentEvent, LikeEvent, QuestionEvent } from '@app/domain';
import type { SearchDocument } from '@app/search-index';
import {
  on,
  searchDocumentDoesNotExist,
  searchDocumentExists,
  searchDocumentIs,
  searchProjectionSpec,
  useTemporarySearchIndex,
} from '@app/testing';
import { dayOf, searchProjection } from './search.projection';

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

const like = (type: LikeEvent['type'], entityType: 1 | 2 | 3, targetId: number, accountId: string) =>
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

  it('counts likes and unlikes of a post, not those of a comment', () =>
    spec
      .given([drafted(7), article(7, 'ArticlePublished'), like('Liked', 1, 7, 'acc-1'), like('Liked', 1, 7, 'acc-2')])
      .when(like('Unliked', 1, 7, 'acc-1'), like('Liked', 3, 7, 'acc-3'))
      .then(searchDocumentExists({ likes: 1 }, { withId: 7 })));

  it('counts a re-applied like once', async () => {
    const question = asked(9);
    const liked = like('Liked', 2, 9, 'acc-1');
    await spec
      .given([question, liked])
      .when(liked)
      .then(searchDocumentExists({ likes: 1 }, { withId: 9 }));
  });

  describe('answers, solved marks and activity (issue 27)', () => {
    const commented = (id: number, postId: number, authorId: string, { isApproved = true, at = EDITED } = {}) =>
      on<CommentEvent>(`comment-${id}`, {
        type: 'CommentAdded',
        data: { id, postKind: 'question', postId, parentId: -1, authorId, content: '<p>Try this</p>', attachedFiles: [], isApproved, at },
      });
    const onComment = (id: number, type: 'CommentApproved' | 'CommentUnapproved' | 'CommentDeleted', postId?: number) =>
      on<CommentEvent>(`comment-${id}`, { type, data: { at: EDITED, ...(postId === undefined ? {} : { postId }) } });
    const accepted = (questionId: number, commentId: number) =>
      on<AcceptedAnswerEvent>(`question-${questionId}`, {
        type: 'QuestionAnswerAccepted',
        data: { commentId, commentAuthorId: 'acc-ann', at: EDITED },
      });
    const cleared = (questionId: number) =>
      on<AcceptedAnswerEvent>(`question-${questionId}`, { type: 'QuestionAcceptedAnswerCleared', data: { at: EDITED } });

    it("records another person's comment on a question as an answer, not its author's own", () =>
      spec
        .given([asked(9)])
        .when(commented(20, 9, 'acc-bob'), commented(21, 9, 'acc-ann'))
        .then(searchDocumentExists({ answers: [{ commentId: 21, isApproved: true }] }, { withId: 9 })));

    it('follows the answer through unapproval, approval and deletion', async () => {
      await spec
        .given([asked(9), commented(21, 9, 'acc-ann')])
        .when(onComment(21, 'CommentUnapproved', 9))
        .then(searchDocumentExists({ answers: [{ commentId: 21, isApproved: false }] }, { withId: 9 }));
      await spec
        .given([asked(9), commented(21, 9, 'acc-ann', { isApproved: false })])
        .when(onComment(21, 'CommentApproved', 9))
        .then(searchDocumentExists({ answers: [{ commentId: 21, isApproved: true }] }, { withId: 9 }));
      await spec
        .given([asked(9), commented(21, 9, 'acc-ann'), commented(22, 9, 'acc-cy')])
        .when(onComment(21, 'CommentDeleted', 9))
        .then(searchDocumentExists({ answers: [{ commentId: 22, isApproved: true }] }, { withId: 9 }));
    });

    it('skips a comment event recorded before issue 27 (no post id)', () =>
      spec
        .given([asked(9), commented(21, 9, 'acc-ann')])
        .when(onComment(21, 'CommentDeleted'))
        .then(searchDocumentExists({ answers: [{ commentId: 21, isApproved: true }] }, { withId: 9 })));

    it('marks the accepted answer and clears it', async () => {
      await spec
        .given([asked(9), commented(21, 9, 'acc-ann')])
        .when(accepted(9, 21))
        .then(searchDocumentExists({ acceptedCommentId: 21 }, { withId: 9 }));
      await spec
        .given([asked(9), commented(21, 9, 'acc-ann'), accepted(9, 21)])
        .when(cleared(9))
        .then(searchDocumentExists({ acceptedCommentId: null }, { withId: 9 }));
    });

    it('counts likes, unlikes and comments per day, for the trending sort', () =>
      spec
        .given([asked(9), like('Liked', 2, 9, 'acc-1'), like('Liked', 2, 9, 'acc-2')])
        .when(like('Unliked', 2, 9, 'acc-1'), commented(21, 9, 'acc-bob', { at: CREATED }))
        .then(
          searchDocumentExists(
            {
              activity: [
                { day: dayOf(CREATED), count: 1 },
                { day: dayOf(EDITED), count: 1 },
              ],
            },
            { withId: 9 },
          ),
        ));

    it('drops days that no longer count for the newest window', () =>
      spec
        .given([asked(9), commented(21, 9, 'acc-bob', { at: '2026-01-01T10:00:00.000Z' })])
        .when(commented(22, 9, 'acc-bob', { at: '2026-01-20T10:00:00.000Z' }))
        .then(searchDocumentExists({ activity: [{ day: dayOf('2026-01-20T10:00:00.000Z'), count: 1 }] }, { withId: 9 })));
  });
});
