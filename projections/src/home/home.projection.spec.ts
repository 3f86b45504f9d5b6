import type { RecordedEvent } from '@app/event-store';
import { applyEvents, recordedEvent, useTemporaryReadStore } from '../testing/projection-test-kit';
import { HOME_COLLECTION, homeProjection, type HomePostDocument } from './home.projection';

const drafted = (id: number, at = '2026-01-01T10:00:00.000Z') =>
  recordedEvent(`article-${id}`, 'ArticleDrafted', {
    id,
    authorId: 'ada',
    title: `Article ${id}`,
    description: 'About it',
    categoryId: 3,
    tags: [{ id: 1, subTag: 'csharp' }],
    content: '<p>x</p>',
    source: '',
    instructions: '',
    isApproved: true,
    at,
  });

describe('home projection', () => {
  const readStore = useTemporaryReadStore();
  const apply = (...events: RecordedEvent[]) => applyEvents(readStore(), homeProjection, ...events);
  const post = (id: string) => readStore().get<HomePostDocument>(HOME_COLLECTION, id);

  it('shows an article only while it is published, approved and not deleted', async () => {
    await apply(drafted(7));
    expect(await post('article-7')).toMatchObject({
      postId: 7,
      entityType: 1,
      visible: false,
      articleDescription: 'About it',
      updatedOn: null,
    });
    await apply(recordedEvent('article-7', 'ArticlePublished', { at: 'x' }));
    expect((await post('article-7'))?.visible).toBe(true);
    await apply(recordedEvent('article-7', 'ArticleUnapproved', { at: 'x' }));
    expect((await post('article-7'))?.visible).toBe(false);
    await apply(recordedEvent('article-7', 'ArticleApproved', { at: 'x' }));
    expect((await post('article-7'))?.visible).toBe(true);
    await apply(recordedEvent('article-7', 'ArticleDeleted', { at: 'x' }));
    expect(await post('article-7')).toMatchObject({ visible: false, deleted: true });
  });

  it('shows a question once asked and keeps edits', async () => {
    await apply(
      recordedEvent('question-9', 'QuestionAsked', {
        id: 9,
        authorId: 'bob',
        title: 'Why?',
        categoryId: 3,
        tags: [],
        content: '<p>?</p>',
        isApproved: true,
        at: '2026-01-02T00:00:00.000Z',
      }),
      recordedEvent('question-9', 'QuestionEdited', {
        title: 'Why not?',
        categoryId: 3,
        tags: [{ id: 2, subTag: 'java' }],
        content: '<p>?</p>',
        at: '2026-01-03T00:00:00.000Z',
      }),
    );
    expect(await post('question-9')).toMatchObject({
      entityType: 2,
      title: 'Why not?',
      authorId: 'bob',
      tags: [{ id: 2, subTag: 'java' }],
      visible: true,
      createdOn: '2026-01-02T00:00:00.000Z',
      updatedOn: '2026-01-03T00:00:00.000Z',
      articleDescription: null,
    });
  });

  it('keeps a post unapproved under pre-moderation until approved', async () => {
    const pending = drafted(8);
    pending.data = { ...(pending.data as object), isApproved: false };
    await apply(pending, recordedEvent('article-8', 'ArticlePublished', { at: 'x' }));
    expect((await post('article-8'))?.visible).toBe(false);
  });
});
