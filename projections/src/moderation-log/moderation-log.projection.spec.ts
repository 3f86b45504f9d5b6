import type { ArticleEvent, CommentEvent, FlagEvent, QuestionEvent } from '@app/domain';
import { commentAdded, on, projectionSpec, useTemporaryReadStore, type ProjectionAssertion } from '@app/testing';
import {
  MODERATION_LOG_COLLECTION,
  moderationLogProjection,
  sortablePosition,
  type ModerationLogDocument,
} from './moderation-log.projection';

type PostEvent = ArticleEvent | QuestionEvent;
const by = <Event extends PostEvent>(streamName: string, type: Event['type'], actor: string, correlationId: string, at: string) =>
  on<PostEvent>(streamName, { type, data: { at } } as Event, { actor, correlationId, occurredAt: at });

/** The post's moderation log, oldest first, as `pick` shows each entry. */
const logIs =
  (entityType: number, postId: number, pick: (entry: ModerationLogDocument) => unknown[], expected: unknown[][]): ProjectionAssertion =>
  async (readStore) => {
    const entries = await readStore.find<ModerationLogDocument>(
      MODERATION_LOG_COLLECTION,
      { entityType, postId },
      { sort: [['position', 1]] },
    );
    expect(entries.map(pick)).toEqual(expected);
  };
const firstEntryOf =
  (entityType: number, postId: number, expected: Partial<ModerationLogDocument>): ProjectionAssertion =>
  async (readStore) => {
    const [first] = await readStore.find<ModerationLogDocument>(
      MODERATION_LOG_COLLECTION,
      { entityType, postId },
      { sort: [['position', 1]] },
    );
    expect(first).toMatchObject(expected);
  };

describe('moderation-log projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(moderationLogProjection, readStore);

  it('records one entry per action, with actor, time and a sortable position', () =>
    spec
      .given([
        by('article-7', 'ArticleDrafted', 'ada', 'c1', '2026-01-01T00:00:00.000Z'),
        by('article-7', 'ArticlePublished', 'ada', 'c1', '2026-01-01T00:00:00.000Z'),
      ])
      .when(
        by('article-7', 'ArticleUnapproved', 'root', 'c2', '2026-01-02T00:00:00.000Z'),
        by('article-7', 'ArticleApproved', 'root', 'c3', '2026-01-03T00:00:00.000Z'),
        by('article-7', 'ArticleEdited', 'ada', 'c4', '2026-01-04T00:00:00.000Z'),
        by('article-7', 'ArticleUnpublished', 'ada', 'c4', '2026-01-04T00:00:00.000Z'),
        by('article-7', 'ArticleDeleted', 'root', 'c5', '2026-01-05T00:00:00.000Z'),
      )
      .then(
        logIs(1, 7, ({ action, actor, at }) => [action, actor, at], [
          ['create', 'ada', '2026-01-01T00:00:00.000Z'],
          ['publish', 'ada', '2026-01-01T00:00:00.000Z'],
          ['unapprove', 'root', '2026-01-02T00:00:00.000Z'],
          ['approve', 'root', '2026-01-03T00:00:00.000Z'],
          ['edit', 'ada', '2026-01-04T00:00:00.000Z'],
          ['unpublish', 'ada', '2026-01-04T00:00:00.000Z'],
          ['delete', 'root', '2026-01-05T00:00:00.000Z'],
        ]),
        firstEntryOf(1, 7, { id: expect.stringMatching(/^event-/) as string, entityType: 1, postId: 7, correlationId: 'c1' }),
      ));

  it('counts a default image chosen in a create or an edit as part of it, and alone as an edit', () =>
    spec
      .given([
        by('question-9', 'QuestionAsked', 'bob', 'c1', '2026-01-01T00:00:00.000Z'),
        by('question-9', 'QuestionDefaultImageChosen', 'bob', 'c1', '2026-01-01T00:00:00.000Z'),
      ])
      .when(
        by('question-9', 'QuestionEdited', 'bob', 'c2', '2026-01-02T00:00:00.000Z'),
        by('question-9', 'QuestionDefaultImageChosen', 'bob', 'c2', '2026-01-02T00:00:00.000Z'),
        by('question-9', 'QuestionDefaultImageChosen', 'bob', 'c3', '2026-01-03T00:00:00.000Z'),
      )
      .then(
        logIs(2, 9, ({ action, at }) => [action, at], [
          ['create', '2026-01-01T00:00:00.000Z'],
          ['edit', '2026-01-02T00:00:00.000Z'],
          ['edit', '2026-01-03T00:00:00.000Z'],
        ]),
      ));

  it('orders positions as strings the way they order as numbers', () => {
    expect(sortablePosition(9n) < sortablePosition(10n)).toBe(true);
    expect(sortablePosition(2n ** 64n - 1n)).toHaveLength(20);
  });
});

describe('moderation-log projection: comments', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(moderationLogProjection, readStore);
  const at = '2026-02-01T10:00:00.000Z';
  const added = commentAdded({ at });

  it("puts a comment's unapprove, approve and delete in its post's history", () =>
    spec
      .given([
        on<CommentEvent>('comment-77', added),
        on<CommentEvent>('comment-77', { type: 'CommentEdited', data: { content: '<p>y</p>', at } }),
        on<CommentEvent>('comment-77', { type: 'CommentUnapproved', data: { at } }, { actor: 'root' }),
        on<CommentEvent>('comment-77', { type: 'CommentApproved', data: { at } }, { actor: 'root' }),
      ])
      .when(on<CommentEvent>('comment-77', { type: 'CommentDeleted', data: { at } }, { actor: 'ada' }))
      .then(
        logIs(1, 42, (entry) => [entry.action, entry.actor, entry.commentId], [
          ['unapprove-comment', 'root', 77],
          ['approve-comment', 'root', 77],
          ['delete-comment', 'ada', 77],
        ]),
      ));
});

describe('moderation-log projection: flags (issue 27)', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(moderationLogProjection, readStore);
  const at = '2026-03-01T10:00:00.000Z';
  const added = commentAdded({ id: 78, postKind: 'question', postId: 43, at });
  const resolved = (entityType: number, id: number, action: 'dismiss' | 'hide' | 'delete') =>
    on<FlagEvent>(
      entityType > 2 ? `comment-${id}` : `question-${id}`,
      { type: 'FlagsResolved', data: { entityType, id, action, note: 'seen', flaggerIds: ['bob'], at } },
      { actor: 'root' },
    );

  it("records a hide by flags as the site's, unnaming the third flagger, and each resolution as the admin's", () =>
    spec
      .given([by('question-43', 'QuestionAsked', 'ada', 'c1', at), on<CommentEvent>('comment-78', added)])
      .when(
        on<QuestionEvent>('question-43', { type: 'QuestionUnapproved', data: { at, reason: 'flagged' } }, { actor: 'dee' }),
        resolved(2, 43, 'dismiss'),
        on<CommentEvent>('comment-78', { type: 'CommentUnapproved', data: { at, reason: 'flagged' } }, { actor: 'dee' }),
        resolved(4, 78, 'delete'),
      )
      .then(
        logIs(2, 43, ({ action, actor, commentId, note }) => [action, actor, commentId, note], [
          ['create', 'ada', undefined, undefined],
          ['hidden-by-flags', 'system', undefined, undefined],
          ['dismiss-flags', 'root', undefined, 'seen'],
          ['hidden-by-flags', 'system', 78, undefined],
          ['delete-flagged', 'root', 78, 'seen'],
        ]),
      ));
});
