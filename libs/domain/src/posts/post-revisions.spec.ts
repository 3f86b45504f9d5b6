import type { ArticleEvent } from './post-events';
import type { QuestionEvent } from './post-events';
import { postSnapshots } from './post-revisions';

const fields = {
  title: 'T1',
  description: 'D',
  categoryId: 3,
  tags: [{ id: 1, subTag: 'csharp' }],
  content: '<p>a</p>',
  source: '',
  instructions: '',
};

describe('postSnapshots', () => {
  it('gives the article after each event of its stream, with the kind of change', () => {
    const events: ArticleEvent[] = [
      { type: 'ArticleDrafted', data: { ...fields, id: 1, authorId: 'ada', isApproved: true, at: '2026-01-01T00:00:00.000Z' } },
      { type: 'ArticleEdited', data: { ...fields, title: 'T2', at: '2026-01-02T00:00:00.000Z' } },
      { type: 'ArticlePublished', data: { at: '2026-01-03T00:00:00.000Z' } },
      { type: 'ArticleUnapproved', data: { at: '2026-01-04T00:00:00.000Z' } },
    ];
    const snapshots = postSnapshots('article', events);
    expect(snapshots.map(({ change, title, isPublished, isApproved, at }) => [change, title, isPublished, isApproved, at])).toEqual([
      ['create', 'T1', false, true, '2026-01-01T00:00:00.000Z'],
      ['edit', 'T2', false, true, '2026-01-02T00:00:00.000Z'],
      ['publish', 'T2', true, true, '2026-01-03T00:00:00.000Z'],
      ['unapprove', 'T2', true, false, '2026-01-04T00:00:00.000Z'],
    ]);
    expect(snapshots[0]).toMatchObject({ authorId: 'ada', description: 'D', event: events[0], deleted: false });
  });

  it('gives questions as always published, without article fields, and skips events of other types', () => {
    const { title, categoryId, tags, content } = fields;
    const events: (QuestionEvent | { type: 'SomethingElse'; data: object })[] = [
      {
        type: 'QuestionAsked',
        data: { title, categoryId, tags, content, id: 2, authorId: 'bob', isApproved: true, at: '2026-01-01T00:00:00.000Z' },
      },
      { type: 'SomethingElse', data: {} },
      { type: 'QuestionDeleted', data: { at: '2026-01-02T00:00:00.000Z' } },
    ];
    const snapshots = postSnapshots('question', events);
    expect(snapshots.map(({ change, isPublished, description, deleted }) => [change, isPublished, description, deleted])).toEqual([
      ['create', true, null, false],
      ['delete', true, null, true],
    ]);
  });
});
