import { mkdtempSync, rmSync } from 'node:fs';
import { eventually, tallyProjection, type Tally } from '@app/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, type EventStore } from '@app/event-store';
import { createReadStore, type ReadStore, type ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';
import { parkedEvents } from './parked-events';
import { projectionFailures } from './projection-failures';
import { ProjectionRunner, type ProjectionStatus } from './projection-runner';
import { rebuildProjection } from './rebuild-projection';

/** A dependency that is down while `down` is true, counting the calls it refused. */
class Dependency {
  down = true;
  refused = 0;
  call(): void {
    if (!this.down) return;
    this.refused += 1;
    throw new Error('key store unavailable');
  }
}

/** The read store with its transactions (or the `get` inside them) failing while `dependency` is down. */
function flakyReadStore(readStore: ReadStore, dependency: Dependency, where: 'commit' | 'get-in-transaction'): ReadStore {
  const flaky = Object.create(readStore) as ReadStore;
  flaky.transaction = async (work) => {
    if (where === 'commit') {
      dependency.call();
      return readStore.transaction(work);
    }
    return readStore.transaction((tx) => {
      const get: ReadStoreTransaction['get'] = (collection, id) => {
        if (collection === 'tally') dependency.call();
        return tx.get(collection, id);
      };
      return work(
        new Proxy(tx, {
          get: (target, property) =>
            property === 'get' ? get : (Reflect.get(target, property) as (...args: unknown[]) => unknown).bind(target),
        }),
      );
    });
  };
  return flaky;
}

const metadata = { actor: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

const until = (condition: () => boolean | Promise<boolean>, what: string) => eventually(condition, what, 10_000, 5);

jest.setTimeout(30_000);

describe('projection runner: an outage is not poison', () => {
  let dataDir: string;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let runner: ProjectionRunner<string> | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'runner-outage-'));
    eventStore = createEventStore({ dataDir });
    readStore = await createReadStore({ dataDir });
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await readStore.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const append = async (from: number, count: number) => {
    for (let index = from; index < from + count; index += 1) {
      await eventStore.appendToStream(`tally-${index}`, [{ type: 'Counted', data: { index }, metadata }]);
    }
    return (await eventStore.headPosition())!;
  };
  const tallies = () => readStore.find<Tally>('tally', {}, { sort: [['index', 1]] });

  const cases: [string, (dependency: Dependency) => { projection: Projection; store: ReadStore }][] = [
    [
      'a prefetch (the key store) failing',
      (dependency) => ({ projection: tallyProjection({ prefetch: () => dependency.call() }), store: readStore }),
    ],
    [
      'the read store failing on commit',
      (dependency) => ({ projection: tallyProjection(), store: flakyReadStore(readStore, dependency, 'commit') }),
    ],
    [
      'the transaction failing under the fold',
      (dependency) => ({ projection: tallyProjection(), store: flakyReadStore(readStore, dependency, 'get-in-transaction') }),
    ],
  ];

  it.each(cases)('%s holds the checkpoint and shows failing, parks nothing, then applies each event once', async (_, given) => {
    const settled = await append(0, 3);
    const dependency = new Dependency();
    dependency.down = false;
    const { projection, store } = given(dependency);
    runner = new ProjectionRunner(eventStore, store, [projection], {
      idlePollMs: 20,
      retryDelayMs: 5,
      failures: { attempts: 3, retryDelayMs: 1, now: () => new Date('2026-03-01T10:00:00.000Z') },
      logger: quiet,
    });
    await runner.start();
    expect(await runner.waitFor(settled, ['tally'], 5_000)).toBe(true);

    dependency.down = true;
    const head = await append(3, 4);
    await until(() => dependency.refused >= 5, 'five refused tries');
    // Many more tries than a poison event gets (3), and still nothing skipped or parked.
    const status: ProjectionStatus = runner.status()[0];
    expect(status).toMatchObject({
      state: 'failing',
      failureCategory: 'outage',
      lastError: 'key store unavailable',
      failingSince: new Date('2026-03-01T10:00:00.000Z'),
      checkpoint: settled,
      parked: 0,
    });
    expect(await readStore.getCheckpoint('tally')).toBe(settled);
    expect(await parkedEvents(readStore)).toEqual([]);
    // Recorded for `projections status` in another process (unless the read store is what is down).
    if (store === readStore) {
      expect(await projectionFailures(readStore)).toEqual([
        expect.objectContaining({ id: 'tally', category: 'outage', error: 'key store unavailable', checkpoint: settled.toString() }),
      ]);
    }
    // A command does not hang on it, and is told it did not catch up.
    expect(await runner.waitFor(head, ['tally'], 60_000)).toBe(false);

    dependency.down = false;
    await until(async () => (await readStore.getCheckpoint('tally')) === head, 'the checkpoint to reach the head');
    expect((await tallies()).map((tally) => [tally.index, tally.times])).toEqual([0, 1, 2, 3, 4, 5, 6].map((index) => [index, 1]));
    await until(() => runner!.status()[0].state === 'live', 'live again');
    expect(runner.status()[0]).toMatchObject({ lastError: undefined, failureCategory: undefined, failingSince: undefined, parked: 0 });
    expect(await projectionFailures(readStore)).toEqual([]);
    expect(await parkedEvents(readStore)).toEqual([]);
    await runner.stop();
  });

  it('still parks an event the fold itself throws on, and goes on', async () => {
    const head = await append(0, 5);
    runner = new ProjectionRunner(eventStore, readStore, [tallyProjection({ poison: (index) => index === 2 })], {
      idlePollMs: 20,
      failures: { attempts: 3, retryDelayMs: 1 },
      logger: quiet,
    });
    await runner.start();
    expect(await runner.waitFor(head, ['tally'], 5_000)).toBe(true);
    expect((await tallies()).map((tally) => tally.index)).toEqual([0, 1, 3, 4]);
    expect(await parkedEvents(readStore)).toEqual([expect.objectContaining({ error: 'cannot count 2', attempts: 3 })]);
    expect(await projectionFailures(readStore)).toEqual([]);
    await runner.stop();
  });

  it('a rebuild stops on an outage, parks nothing, and resumes from its shadow checkpoint', async () => {
    await append(0, 8);
    const dependency = new Dependency();
    dependency.down = false;
    let batches = 0;
    const rebuilding = tallyProjection({ version: 2, prefetch: () => dependency.call() });
    await expect(
      rebuildProjection(eventStore, readStore, rebuilding, {
        batchSize: 3,
        failures: { attempts: 3, retryDelayMs: 1 },
        onProgress: () => {
          batches += 1;
          if (batches === 2) dependency.down = true;
        },
      }),
    ).rejects.toThrow('key store unavailable');
    const shadow = await readStore.getCheckpoint('tally__rebuild');
    expect(shadow).not.toBeNull();
    expect(await parkedEvents(readStore)).toEqual([]);

    dependency.down = false;
    const processed: number[] = [];
    const resumed = await rebuildProjection(eventStore, readStore, rebuilding, {
      batchSize: 3,
      onProgress: (count) => processed.push(count),
    });
    expect(resumed.outcome).toBe('switched');
    expect(processed[processed.length - 1]).toBe(8 - Number(shadow));
    expect((await tallies()).every((tally) => tally.times === 1)).toBe(true);
    expect(await tallies()).toHaveLength(8);
  });
});
