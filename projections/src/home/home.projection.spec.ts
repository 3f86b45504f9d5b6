import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';
import { HOME_COLLECTION, homeProjection, type HomePostDocument } from './home.projection';

let position = 0n;
const recorded = (streamName: string, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `event-${++position}`,
  streamName,
  revision: 0,
  position,
  type,
  data,
  metadata: { actor: 'ada', occurredAt: '2026-01-01T00:00:00.000Z' },
  recordedAt: new Date(),
});

const drafted = (id: number, at = '2026-01-01T10:00:00.000Z') =>
  recorded(`article-${id}`, 'ArticleDrafted', {
    id,
    authorUserName: 'ada',
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
  let dataDir: string;
  let readStore: ReadStore;
  const apply = (...events: RecordedEvent[]) =>
    readStore.transaction(async (tx) => {
      for (const event of events) await homeProjection.apply(event, tx);
    });
  const post = (id: string) => readStore.get<HomePostDocument>(HOME_COLLECTION, id);

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'home-'));
    readStore = await createReadStore({ dataDir });
  });
  afterEach(async () => {
    await readStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows an article only while it is published, approved and not deleted', async () => {
    await apply(drafted(7));
    expect(await post('article-7')).toMatchObject({ postId: 7, entityType: 1, visible: false, articleDescription: 'About it', updatedOn: null });
    await apply(recorded('article-7', 'ArticlePublished', { at: 'x' }));
    expect((await post('article-7'))?.visible).toBe(true);
    await apply(recorded('article-7', 'ArticleUnapproved', { at: 'x' }));
    expect((await post('article-7'))?.visible).toBe(false);
    await apply(recorded('article-7', 'ArticleApproved', { at: 'x' }));
    expect((await post('article-7'))?.visible).toBe(true);
    await apply(recorded('article-7', 'ArticleDeleted', { at: 'x' }));
    expect(await post('article-7')).toMatchObject({ visible: false, deleted: true });
  });

  it('shows a question once asked and keeps edits', async () => {
    await apply(
      recorded('question-9', 'QuestionAsked', { id: 9, authorUserName: 'bob', title: 'Why?', categoryId: 3, tags: [], content: '<p>?</p>', isApproved: true, at: '2026-01-02T00:00:00.000Z' }),
      recorded('question-9', 'QuestionEdited', { title: 'Why not?', categoryId: 3, tags: [{ id: 2, subTag: 'java' }], content: '<p>?</p>', at: '2026-01-03T00:00:00.000Z' }),
    );
    expect(await post('question-9')).toMatchObject({
      entityType: 2,
      title: 'Why not?',
      uName: 'bob',
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
    await apply(pending, recorded('article-8', 'ArticlePublished', { at: 'x' }));
    expect((await post('article-8'))?.visible).toBe(false);
  });
});
