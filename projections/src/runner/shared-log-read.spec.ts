import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, type EventStore, type RecordedEvent } from '@app/event-store';
import { createReadStore, type ReadStore, type ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';
import { applyNextBatch, type BatchTarget } from './apply-batch';
import { parkedEvents } from './parked-events';
import { ProjectionRunner } from './projection-runner';
import { SharedLogRead } from './shared-log-read';

interface Tally {
  id: string;
  times: number;
  [field: string]: unknown;
}

/** Counts applies per event in its own collection (exactly-once: every count is 1); throws on the indexes `poison` names. */
function tally(name: string, poison: (index: number) => boolean = () => false): Projection {
  return {
    name,
    version: 1,
    collections: [name],
    handles: ['Counted'],
    async apply(event: RecordedEvent, tx: ReadStoreTransaction) {
      const { index } = event.data as { index: number };
      if (poison(index)) throw new Error(`${name} cannot count ${index}`);
      const existing = await tx.get<Tally>(name, event.id);
      await tx.upsert<Tally>(name, { id: event.id, index, times: (existing?.times ?? 0) + 1 });
    },
  };
}

const metadata = { actor: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const quickly = { attempts: 2, retryDelayMs: 1 };
const live = (projection: Projection): BatchTarget => ({ projection, checkpointName: projection.name, collectionSuffix: '' });

describe('projections fed from one shared read of the log', () => {
  let dataDir: string;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let reads: number;
  let transactions: number;
  let appended = 0;

  const append = async (count: number) => {
    for (let n = 0; n < count; n += 1) {
      appended += 1;
      await eventStore.appendToStream(`tally-${appended % 3}`, [{ type: 'Counted', data: { index: appended }, metadata }]);
    }
  };
  const indexesOf = async (name: string) => (await readStore.find<Tally>(name, {}, { sort: [['index', 1]] })).map((doc) => doc.index);
  const timesOf = async (name: string) => (await readStore.find<Tally>(name)).map((doc) => doc.times);

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shared-read-'));
    appended = 0;
    reads = 0;
    transactions = 0;
    const events = createEventStore({ dataDir });
    const documents = await createReadStore({ dataDir });
    // Counts the log reads and read-store transactions the shared read makes.
    eventStore = Object.assign(Object.create(events) as EventStore, {
      readAll: (...args: Parameters<EventStore['readAll']>) => ((reads += 1), events.readAll(...args)),
    });
    readStore = Object.assign(Object.create(documents) as ReadStore, {
      transaction: <R>(work: (tx: ReadStoreTransaction) => Promise<R>) => ((transactions += 1), documents.transaction(work)),
    });
  });
  afterEach(async () => {
    await readStore.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the next events once and applies them to every member in one transaction that moves every checkpoint', async () => {
    await append(5);
    const shared = new SharedLogRead(eventStore, readStore, 100);
    const members = ['a', 'b', 'c'].map((name) => live(tally(name)));
    const own = () => Promise.reject(new Error('must not run on its own'));
    const results = await Promise.all(members.map((member) => shared.applyNextBatch(member, own)));

    const head = await eventStore.headPosition();
    expect(results).toEqual([1, 2, 3].map(() => ({ read: 5, checkpoint: head })));
    expect({ reads, transactions }).toEqual({ reads: 1, transactions: 1 });
    for (const name of ['a', 'b', 'c']) {
      expect(await indexesOf(name)).toEqual([1, 2, 3, 4, 5]);
      expect(await readStore.getCheckpoint(name)).toBe(head);
    }
  });

  it('lets a member at another checkpoint run on its own', async () => {
    await append(4);
    const ahead = tally('ahead');
    await applyNextBatch(eventStore, readStore, live(ahead), 2);
    reads = 0;
    const shared = new SharedLogRead(eventStore, readStore, 100);
    const ownRuns: string[] = [];
    const ownOf = (target: BatchTarget) => () => {
      ownRuns.push(target.checkpointName);
      return applyNextBatch(eventStore, readStore, target, 100);
    };
    const members = [live(tally('a')), live(tally('b')), live(ahead)];
    await Promise.all(members.map((member) => shared.applyNextBatch(member, ownOf(member))));

    expect(ownRuns).toEqual(['ahead']);
    for (const name of ['a', 'b', 'ahead']) {
      expect(await indexesOf(name)).toEqual([1, 2, 3, 4]);
      expect(await timesOf(name)).toEqual([1, 1, 1, 1]);
    }
  });

  it('writes nothing of a group when one member throws: each then runs the batch on its own and parks its own failure', async () => {
    await append(6);
    const shared = new SharedLogRead(eventStore, readStore, 100);
    const members = [live(tally('a')), live(tally('poisoned', (index) => index === 3)), live(tally('c'))];
    const results = await Promise.all(
      members.map((member) => shared.applyNextBatch(member, () => applyNextBatch(eventStore, readStore, member, 100, quickly))),
    );

    expect(results[0]).toEqual({ read: 6, checkpoint: await eventStore.headPosition() });
    expect(results[1]).toMatchObject({ read: 3, parked: { projection: 'poisoned', error: 'poisoned cannot count 3' } });
    expect(await indexesOf('a')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await timesOf('a')).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await indexesOf('poisoned')).toEqual([1, 2]);
    expect(await indexesOf('c')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps a runner of several projections exactly-once while one of them parks a poison event', async () => {
    const runner = new ProjectionRunner(eventStore, readStore, [tally('a'), tally('poisoned', (index) => index % 4 === 0), tally('c')], {
      idlePollMs: 20,
      failures: quickly,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await runner.start();
    for (let burst = 0; burst < 5; burst += 1) {
      await Promise.all(Array.from({ length: 4 }, () => append(1)));
      expect(await runner.waitFor((await eventStore.headPosition())!, undefined, 5_000)).toBe(true);
    }
    await runner.stop();
    const all = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(await indexesOf('a')).toEqual(all);
    expect(await timesOf('a')).toEqual(all.map(() => 1));
    expect(await indexesOf('c')).toEqual(all);
    expect(await indexesOf('poisoned')).toEqual(all.filter((index) => index % 4 !== 0));
    expect(await parkedEvents(readStore, 'poisoned')).toHaveLength(5);
  });
});
