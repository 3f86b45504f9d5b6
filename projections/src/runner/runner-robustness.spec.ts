import type { EventStore, SubscribeToAllOptions } from '@app/event-store';
import { createReadStore } from '@app/read-store';
import { tallyProjection, useTemporaryEngines, type Tally } from '@app/testing';
import type { Projection } from '../projection';
import { applyNextBatch } from './apply-batch';
import { parkedEvents, PARKED_EVENTS_COLLECTION } from './parked-events';
import { ProjectionRunner } from './projection-runner';
import { readStoreTarget } from './read-store-target';
import { rebuildProjection } from './rebuild-projection';
import { ParkedEventNotFound } from './resolve-parked';

const metadata = { actor: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const quickly = { attempts: 3, retryDelayMs: 1 };

describe('projection runner on bad days', () => {
  const engines = useTemporaryEngines('runner-robust-');
  let appended = 0;

  const append = async (count: number) => {
    for (let n = 0; n < count; n += 1) {
      appended += 1;
      await engines.eventStore.appendToStream(`tally-${appended % 3}`, [{ type: 'Counted', data: { index: appended }, metadata }]);
    }
  };
  const tallies = () => engines.readStore.find<Tally>('tally', {}, { sort: [['index', 1]] });
  const indexes = async () => (await tallies()).map((tally) => tally.index);
  const live = (projection: Projection) => ({ projection, checkpointName: projection.name, collectionSuffix: '' });

  beforeEach(() => {
    appended = 0;
  });

  describe('a poison event', () => {
    it('applies the batch up to it, retries it, parks it with its error and goes on', async () => {
      await append(10);
      const poisoned = tallyProjection({ poison: (index) => index === 4 });
      const first = await applyNextBatch(engines.eventStore, engines.readStore, live(poisoned), 100, quickly);
      expect(first.read).toBe(4);
      expect(first.parked).toMatchObject({ projection: 'tally', eventType: 'Counted', error: 'cannot count 4', attempts: 3 });
      expect(await indexes()).toEqual([1, 2, 3]);

      while ((await applyNextBatch(engines.eventStore, engines.readStore, live(poisoned), 100, quickly)).read > 0);
      expect(await indexes()).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
      expect(await engines.readStore.getCheckpoint('tally')).toBe(await engines.eventStore.headPosition());

      // The parked record moved with the checkpoint, so it survives a restart.
      await engines.restart();
      const parked = await parkedEvents(engines.readStore, 'tally');
      expect(parked).toEqual([expect.objectContaining({ projection: 'tally', position: first.parked!.position, error: 'cannot count 4' })]);
    });

    it('lets the runner go on live, shows it in the status, and no command waits behind a failing projection', async () => {
      const runner = new ProjectionRunner(
        engines.eventStore,
        engines.readStore,
        [tallyProjection({ poison: (index) => index % 5 === 0 })],
        {
          idlePollMs: 20,
          failures: quickly,
          logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
        },
      );
      await runner.start();
      await append(12);
      expect(await runner.waitFor((await engines.eventStore.headPosition())!, ['tally'], 5_000)).toBe(true);
      expect(await indexes()).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 11, 12]);
      const deadline = Date.now() + 5_000;
      const settled = () => runner.status()[0].parked === 2 && runner.status()[0].state === 'live';
      while (!settled() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(runner.status()[0]).toMatchObject({ name: 'tally', state: 'live', parked: 2 });
      await runner.stop();
    });

    it('is resolved by retry (applied once, through the projection) or skip, and an unknown position is refused', async () => {
      await append(6);
      const poisoned = tallyProjection({ poison: (index) => index === 2 || index === 5 });
      while ((await applyNextBatch(engines.eventStore, engines.readStore, live(poisoned), 100, quickly)).read > 0);
      const [two, five] = await parkedEvents(engines.readStore, 'tally');

      // Still failing: the retry throws and keeps it, counting the attempt.
      const stillPoisoned = readStoreTarget(engines.eventStore, engines.readStore, poisoned);
      await expect(stillPoisoned.parked.retry(BigInt(two.position))).rejects.toThrow('cannot count 2');
      expect((await parkedEvents(engines.readStore, 'tally'))[0]).toMatchObject({ position: two.position, attempts: 4 });

      const fixed = readStoreTarget(engines.eventStore, engines.readStore, tallyProjection());
      await fixed.parked.retry(BigInt(two.position));
      await fixed.parked.skip(BigInt(five.position));
      expect(await indexes()).toEqual([1, 2, 3, 4, 6]);
      expect((await tallies()).every((tally) => tally.times === 1)).toBe(true);
      expect(await parkedEvents(engines.readStore)).toEqual([]);
      expect(await engines.readStore.count(PARKED_EVENTS_COLLECTION)).toBe(0);

      await expect(fixed.parked.retry(BigInt(two.position))).rejects.toBeInstanceOf(ParkedEventNotFound);
      await expect(fixed.parked.skip(123n)).rejects.toBeInstanceOf(ParkedEventNotFound);
    });

    it('parked by a rebuild becomes the projection’s own at the switch, replacing what the old version parked', async () => {
      await append(6);
      while (
        (await applyNextBatch(engines.eventStore, engines.readStore, live(tallyProjection({ poison: (i) => i === 1 })), 100, quickly))
          .read > 0
      );
      const rebuilt = await rebuildProjection(
        engines.eventStore,
        engines.readStore,
        tallyProjection({ version: 2, poison: (i) => i === 3 }),
        {
          failures: quickly,
        },
      );
      expect(rebuilt.outcome).toBe('switched');
      expect((await parkedEvents(engines.readStore)).map((parked) => parked.error)).toEqual(['cannot count 3']);
      expect(await indexes()).toEqual([1, 2, 4, 5, 6]);
    });
  });

  describe('rebuilds', () => {
    const settle = async () => {
      const runner = new ProjectionRunner(engines.eventStore, engines.readStore, [tallyProjection({ version: 1 })], { idlePollMs: 20 });
      await runner.start();
      await runner.waitFor((await engines.eventStore.headPosition())!, ['tally'], 5_000);
      await runner.stop();
    };
    const expectRebuiltOnce = async (version: number, count: number) => {
      const all = await tallies();
      expect(all).toHaveLength(count);
      expect(all.every((tally) => tally.version === version && tally.times === 1)).toBe(true);
      expect(await engines.readStore.getCheckpoint('tally')).toBe(await engines.eventStore.headPosition());
      expect(await engines.readStore.getCheckpoint('tally__rebuild')).toBeNull();
      expect(await engines.readStore.listCollections()).not.toContain('tally__rebuild');
    };

    it('two racing (two processes) leave one consistent switch: one holds the lease, the other stands by', async () => {
      await append(30);
      await settle();
      const otherReadStore = await createReadStore({ dataDir: engines.dataDir });
      let second: Promise<{ outcome: string }> | undefined;
      const first = await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), {
        batchSize: 4,
        lease: { owner: 'api' },
        // The CLI starts the same rebuild while the API's is half-way.
        onProgress: () => {
          second ??= rebuildProjection(engines.eventStore, otherReadStore, tallyProjection({ version: 2 }), {
            batchSize: 3,
            lease: { owner: 'cli' },
          });
        },
      });
      expect([first.outcome, (await second!).outcome]).toEqual(['switched', 'busy']);
      await otherReadStore.close();
      await expectRebuiltOnce(2, 30);
    });

    it('a holder that stalled past its lease is taken over; it then writes nothing and never switches', async () => {
      await append(20);
      await settle();
      let clock = 1_000_000;
      const now = () => clock;
      let batches = 0;
      const stalled = await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), {
        batchSize: 5,
        lease: { owner: 'stalled', leaseMs: 1_000, now },
        onProgress: () => (batches += 1),
        isCancelled: () => batches >= 2,
      });
      expect(stalled.outcome).toBe('cancelled');
      expect(
        await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), { lease: { owner: 'other', now } }),
      ).toEqual(expect.objectContaining({ outcome: 'busy', owner: 'stalled' }));

      clock += 1_001;
      let resumedFrom = 0;
      const takeover = await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), {
        batchSize: 5,
        lease: { owner: 'other', now },
        onProgress: (processed) => (resumedFrom = resumedFrom || processed),
      });
      expect(takeover.outcome).toBe('switched');
      expect(resumedFrom).toBeLessThanOrEqual(5); // its first batch continued the stalled one's shadow

      const late = await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), {
        lease: { owner: 'stalled', now },
      });
      expect(late.outcome).toBe('switched'); // a fresh lease: a new, complete rebuild of its own
      await expectRebuiltOnce(2, 20);
    });

    it('killed half-way, resumes from its shadow checkpoint after the restart instead of position 0', async () => {
      await append(24);
      await settle();
      let batches = 0;
      const killed = await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), {
        batchSize: 4,
        lease: { leaseMs: 50 },
        onProgress: () => (batches += 1),
        isCancelled: () => batches >= 3,
      });
      expect(killed.outcome).toBe('cancelled');
      const shadow = await engines.readStore.getCheckpoint('tally__rebuild');
      expect(shadow).not.toBeNull();
      expect((await tallies()).every((tally) => tally.version === 1)).toBe(true); // readers still see v1

      await engines.restart();
      await new Promise((resolve) => setTimeout(resolve, 60)); // the dead process's lease expires
      const processed: number[] = [];
      const resumed = await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), {
        batchSize: 4,
        lease: { owner: 'restarted' },
        onProgress: (count) => processed.push(count),
      });
      expect(resumed.outcome).toBe('switched');
      expect(processed[processed.length - 1]).toBe(24 - Number(shadow)); // only what the shadow lacked
      await expectRebuiltOnce(2, 24);
    });

    it('resumes after an error in the middle instead of starting from position 0', async () => {
      await append(16);
      await settle();
      let reads = 0;
      const flaky: EventStore = Object.create(engines.eventStore) as EventStore;
      flaky.readAll = (options) => {
        reads += 1;
        if (reads === 3) return Promise.reject(new Error('connection reset'));
        return engines.eventStore.readAll(options);
      };
      await expect(rebuildProjection(flaky, engines.readStore, tallyProjection({ version: 2 }), { batchSize: 4 })).rejects.toThrow(
        'connection reset',
      );
      const processed: number[] = [];
      await rebuildProjection(flaky, engines.readStore, tallyProjection({ version: 2 }), {
        batchSize: 4,
        onProgress: (count) => processed.push(count),
      });
      expect(processed[processed.length - 1]).toBe(8);
      await expectRebuiltOnce(2, 16);
    });
  });

  it('re-opens the wake-up subscription after it dies', async () => {
    const subscriptions: SubscribeToAllOptions[] = [];
    const dying: EventStore = Object.create(engines.eventStore) as EventStore;
    dying.subscribeToAll = (options) => {
      subscriptions.push(options);
      const subscription = engines.eventStore.subscribeToAll(options);
      if (subscriptions.length === 1) {
        setTimeout(() => void subscription.unsubscribe().then(() => options.onError?.(new Error('connection lost'))), 10);
      }
      return subscription;
    };
    const warnings: string[] = [];
    const runner = new ProjectionRunner(dying, engines.readStore, [tallyProjection()], {
      idlePollMs: 60_000,
      retryDelayMs: 20,
      logger: { log: () => undefined, warn: (message) => warnings.push(message), error: () => undefined },
    });
    await runner.start();
    const deadline = Date.now() + 5_000;
    while (subscriptions.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(subscriptions).toHaveLength(2);
    expect(warnings.join()).toContain('connection lost');

    // With a one-minute poll, only the re-opened subscription can wake the loop this fast.
    await append(1);
    expect(await runner.waitFor((await engines.eventStore.headPosition())!, ['tally'], 3_000)).toBe(true);
    await runner.stop();
  });
});
