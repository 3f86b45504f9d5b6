import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, type EventStore, type RecordedEvent } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';
import { Fts5SearchIndex, type SearchDocument, type SearchIndex, type SearchIndexBatch } from '@app/search-index';
import type { SearchIndexProjection } from '../projection';
import { applyNextSearchBatch } from './apply-search-batch';
import { ProjectionRunner } from './projection-runner';
import { ProjectionVersions } from './projection-versions';
import { parkedEvents } from './parked-events';
import { rebuildSearchIndex, searchIndexTarget } from './search-index-target';

/**
 * Counts how many times each event was applied, in a document per event (`likes` = times applied,
 * a relative update on purpose): exactly-once means every count is 1. `title` names the code version.
 */
function tallyProjection(options: { version?: number; crashOnApply?: number; poison?: number } = {}): SearchIndexProjection {
  let applied = 0;
  const version = options.version ?? 1;
  return {
    name: 'search',
    version,
    handles: ['Counted'],
    async apply(event: RecordedEvent, batch: SearchIndexBatch) {
      applied += 1;
      if (applied === options.crashOnApply) throw new Error('simulated crash in the middle of a batch');
      const id = (event.data as { index: number }).index;
      if (id === options.poison) throw new Error(`cannot index ${id}`);
      const existing = await batch.get(id);
      batch.upsert(document(id, { title: `v${version}`, likes: (existing?.likes ?? 0) + 1, position: event.position.toString() }));
    },
  };
}

const document = (id: number, fields: Partial<SearchDocument>): SearchDocument => ({
  id,
  entityType: 1,
  title: '',
  description: '',
  contentText: '',
  tags: [],
  categoryId: 3,
  authorAccountId: 'acc-ada',
  likes: 0,
  isApproved: true,
  isPublished: true,
  createdOn: '2026-01-01T00:00:00.000Z',
  updatedOn: null,
  position: '0',
  ...fields,
});

const metadata = { actor: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };

describe('projection runner: the search projection (documents and checkpoint in the SearchIndex)', () => {
  let dataDir: string;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let index: SearchIndex;
  let appended = 0;

  const searchFile = () => join(dataDir, 'search.sqlite');
  const open = async () => {
    eventStore = createEventStore({ dataDir });
    readStore = await createReadStore({ dataDir });
    index = new Fts5SearchIndex({ file: searchFile() });
  };
  const close = async () => {
    await index.close();
    await readStore.close();
    await eventStore.close();
  };
  const append = async (count: number, type = 'Counted') => {
    for (let n = 0; n < count; n += 1) {
      appended += 1;
      await eventStore.appendToStream(`tally-${n % 3}`, [{ type, data: { index: appended }, metadata }]);
    }
  };
  const allTallies = () =>
    index.search({
      text: '',
      visibility: 'admin',
      categoryId: -1,
      entityType: 100,
      tagIds: [],
      orderByAsc: true,
      lastFetchedArticleId: -1,
      lastFetchedQuestionId: -1,
      pageSize: 100,
    });
  const recordVersion = (version: number) => readStore.transaction((tx) => new ProjectionVersions(readStore).record(tx, 'search', version));

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'search-runner-'));
    appended = 0;
    await open();
  });
  afterEach(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies each event exactly once across a crash in a batch and a restart between batches', async () => {
    await append(25);
    await append(5, 'Ignored');
    const crashing = tallyProjection({ crashOnApply: 13 });
    expect((await applyNextSearchBatch(eventStore, index, crashing, 'live', 10)).read).toBe(10);
    await expect(applyNextSearchBatch(eventStore, index, crashing, 'live', 10)).rejects.toThrow('simulated crash');
    // The process dies: the second batch left nothing behind, the first one is committed with its checkpoint.
    await close();
    await open();
    expect(await allTallies()).toHaveLength(10);
    const restarted = tallyProjection();
    while ((await applyNextSearchBatch(eventStore, index, restarted, 'live', 10)).read > 0);
    const tallies = await allTallies();
    expect(tallies).toHaveLength(25);
    expect(tallies.every((tally) => tally.likes === 1)).toBe(true);
    expect(await index.getCheckpoint()).toBe(await eventStore.headPosition());
  });

  it('parks a poison event in the read store and goes on; retry then applies it once', async () => {
    await append(8);
    await recordVersion(1);
    const poisoned = searchIndexTarget(eventStore, readStore, index, tallyProjection({ poison: 3 }));
    const failures = { attempts: 2, retryDelayMs: 1 };
    const first = await poisoned.applyNextBatch(100, failures);
    expect(first.parked).toMatchObject({ projection: 'search', eventType: 'Counted', error: 'cannot index 3', attempts: 2 });
    while ((await poisoned.applyNextBatch(100, failures)).read > 0);
    expect((await allTallies()).map((tally) => tally.id).sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8]);
    expect(await index.getCheckpoint()).toBe(await eventStore.headPosition());
    const [parked] = await parkedEvents(readStore, 'search');
    expect(parked.position).toBe(first.parked!.position);

    await expect(poisoned.parked.retry(BigInt(parked.position))).rejects.toThrow('cannot index 3');
    await searchIndexTarget(eventStore, readStore, index, tallyProjection()).parked.retry(BigInt(parked.position));
    expect(await index.get(3)).toMatchObject({ likes: 1 });
    expect(await parkedEvents(readStore)).toEqual([]);
  });

  it('applies each event once when two runners (two processes) share the event store and the index file', async () => {
    await append(40);
    await recordVersion(1);
    const first = new ProjectionRunner(eventStore, readStore, [], {
      batchSize: 7,
      idlePollMs: 20,
      search: { index, projection: tallyProjection() },
    });
    const secondIndex = new Fts5SearchIndex({ file: searchFile() });
    const secondReadStore = await createReadStore({ dataDir });
    const second = new ProjectionRunner(eventStore, secondReadStore, [], {
      batchSize: 5,
      idlePollMs: 20,
      search: { index: secondIndex, projection: tallyProjection() },
    });
    await Promise.all([first.start(), second.start()]);
    await append(20);
    const head = (await eventStore.headPosition())!;
    expect(await first.waitFor(head, ['search'], 10_000)).toBe(true);
    await Promise.all([first.stop(), second.stop()]);
    await secondIndex.close();
    await secondReadStore.close();
    const tallies = await allTallies();
    expect(tallies).toHaveLength(60);
    expect(tallies.every((tally) => tally.likes === 1)).toBe(true);
  });

  it('keeps up with live events, reports its status and answers waitFor (read-your-writes)', async () => {
    await recordVersion(1);
    const runner = new ProjectionRunner(eventStore, readStore, [], { idlePollMs: 5_000, search: { index, projection: tallyProjection() } });
    await runner.start();
    const { position } = await eventStore.appendToStream('tally-live', [{ type: 'Counted', data: { index: 1 }, metadata }]);
    expect(await runner.waitFor(position, ['search'], 5_000)).toBe(true);
    expect(await index.get(1)).toMatchObject({ likes: 1 });
    expect(runner.status()).toEqual([expect.objectContaining({ name: 'search', version: 1, checkpoint: position })]);
    await runner.stop();
    expect(runner.status()[0].state).toBe('stopped');
  });

  it('rebuilds blue-green when the code version changes, serving the old documents until the switch', async () => {
    await append(12);
    const v1 = new ProjectionRunner(eventStore, readStore, [], {
      idlePollMs: 20,
      search: { index, projection: tallyProjection({ version: 1 }) },
    });
    await v1.start();
    expect(await v1.waitFor((await eventStore.headPosition())!, ['search'], 5_000)).toBe(true);
    await v1.stop();
    expect(await new ProjectionVersions(readStore).stored('search')).toBe(1);
    const titles = async () => (await allTallies()).map((tally) => tally.title);

    // A rebuild interrupted after its first batch has not touched what searches see.
    let batches = 0;
    await rebuildSearchIndex(eventStore, readStore, index, tallyProjection({ version: 2 }), {
      batchSize: 4,
      onProgress: () => (batches += 1),
      isCancelled: () => batches > 0,
    });
    expect(await titles()).toEqual(Array(12).fill('v1'));
    expect(await index.getCheckpoint('shadow')).not.toBeNull();

    await rebuildSearchIndex(eventStore, readStore, index, tallyProjection({ version: 2 }), { batchSize: 4 });
    const tallies = await allTallies();
    expect(tallies.map((tally) => [tally.title, tally.likes])).toEqual(Array(12).fill(['v2', 1]));
    expect(await index.getCheckpoint()).toBe(await eventStore.headPosition());
    expect(await index.getCheckpoint('shadow')).toBeNull();
    expect(await new ProjectionVersions(readStore).stored('search')).toBe(2);

    // A runner started with newer code rebuilds on its own, then keeps up.
    const v3 = new ProjectionRunner(eventStore, readStore, [], {
      idlePollMs: 20,
      search: { index, projection: tallyProjection({ version: 3 }) },
    });
    await v3.start();
    await append(1);
    expect(await v3.waitFor((await eventStore.headPosition())!, ['search'], 5_000)).toBe(true);
    const deadline = Date.now() + 5_000;
    while ((await titles()).some((title) => title !== 'v3') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await v3.stop();
    expect((await allTallies()).map((tally) => [tally.title, tally.likes])).toEqual(Array(13).fill(['v3', 1]));
  });
});
