import type { RecordedEvent } from '@app/event-store';
import { applyEvents, recordedEvent, useTemporaryReadStore } from '@app/testing';
import {
  MODERATION_LOG_COLLECTION,
  moderationLogProjection,
  sortablePosition,
  type ModerationLogDocument,
} from './moderation-log.projection';

const recorded = (streamName: string, type: string, actor: string, correlationId: string, at: string) =>
  recordedEvent(streamName, type, { at }, { actor, correlationId, occurredAt: at });

describe('moderation-log projection', () => {
  const readStore = useTemporaryReadStore();
  const apply = (...events: RecordedEvent[]) => applyEvents(readStore(), moderationLogProjection, ...events);
  const log = (entityType: number, postId: number) =>
    readStore().find<ModerationLogDocument>(MODERATION_LOG_COLLECTION, { entityType, postId }, { sort: [['position', 1]] });

  it('records one entry per action, with actor, time and a sortable position', async () => {
    await apply(
      recorded('article-7', 'ArticleDrafted', 'ada', 'c1', '2026-01-01T00:00:00.000Z'),
      recorded('article-7', 'ArticlePublished', 'ada', 'c1', '2026-01-01T00:00:00.000Z'),
      recorded('article-7', 'ArticleUnapproved', 'root', 'c2', '2026-01-02T00:00:00.000Z'),
      recorded('article-7', 'ArticleApproved', 'root', 'c3', '2026-01-03T00:00:00.000Z'),
      recorded('article-7', 'ArticleEdited', 'ada', 'c4', '2026-01-04T00:00:00.000Z'),
      recorded('article-7', 'ArticleUnpublished', 'ada', 'c4', '2026-01-04T00:00:00.000Z'),
      recorded('article-7', 'ArticleDeleted', 'root', 'c5', '2026-01-05T00:00:00.000Z'),
    );
    const entries = await log(1, 7);
    expect(entries.map(({ action, actor, at }) => [action, actor, at])).toEqual([
      ['create', 'ada', '2026-01-01T00:00:00.000Z'],
      ['publish', 'ada', '2026-01-01T00:00:00.000Z'],
      ['unapprove', 'root', '2026-01-02T00:00:00.000Z'],
      ['approve', 'root', '2026-01-03T00:00:00.000Z'],
      ['edit', 'ada', '2026-01-04T00:00:00.000Z'],
      ['unpublish', 'ada', '2026-01-04T00:00:00.000Z'],
      ['delete', 'root', '2026-01-05T00:00:00.000Z'],
    ]);
    expect(entries[0]).toMatchObject({ id: expect.stringMatching(/^event-/), entityType: 1, postId: 7, correlationId: 'c1' });
  });

  it('counts a default image chosen in a create or an edit as part of it, and alone as an edit', async () => {
    await apply(
      recorded('question-9', 'QuestionAsked', 'bob', 'c1', '2026-01-01T00:00:00.000Z'),
      recorded('question-9', 'QuestionDefaultImageChosen', 'bob', 'c1', '2026-01-01T00:00:00.000Z'),
      recorded('question-9', 'QuestionEdited', 'bob', 'c2', '2026-01-02T00:00:00.000Z'),
      recorded('question-9', 'QuestionDefaultImageChosen', 'bob', 'c2', '2026-01-02T00:00:00.000Z'),
      recorded('question-9', 'QuestionDefaultImageChosen', 'bob', 'c3', '2026-01-03T00:00:00.000Z'),
    );
    expect((await log(2, 9)).map(({ action, at }) => [action, at])).toEqual([
      ['create', '2026-01-01T00:00:00.000Z'],
      ['edit', '2026-01-02T00:00:00.000Z'],
      ['edit', '2026-01-03T00:00:00.000Z'],
    ]);
  });

  it('orders positions as strings the way they order as numbers', () => {
    expect(sortablePosition(9n) < sortablePosition(10n)).toBe(true);
    expect(sortablePosition(2n ** 64n - 1n)).toHaveLength(20);
  });
});
