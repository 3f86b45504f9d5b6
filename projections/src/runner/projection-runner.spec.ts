import { mkdtempSync, rmSync } from 'node:fs';
import { eventually, tallyProjection, useTemporaryEngines, type Tally } from '@app/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@app/event-store';
import { createReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { applyNextBatch } from './apply-batch';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjection } from './rebuild-projection';

/** Resolves once `condition` holds (checked every 10 ms), failing after 5 s. */
const until = (condition: () => boolean | Promise<boolean>) => eventually(condition, 'a condition', 5_000, 10);

const metadata = { actor: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };

describe('projection runner', () => {
  const engines = useTemporaryEngines('runner-');

  const append = async (count: number, type = 'Counted') => {
    for (let index = 0; index < count; index += 1) {
      await engines.eventStore.appendToStream(`tally-${index % 3}`, [{ type, data: { index }, metadata }]);
    }
  };
  const allTallies = () => engines.readStore.find<Tally>('tally', {}, { sort: [['id', 1]] });
  const liveTarget = (projection: Projection) => ({ projection, checkpointName: projection.name, collectionSuffix: '' });

  it('applies each event exactly once across a failure in a batch and a restart between batches', async () => {
    await append(25);
    await append(5, 'Ignored');
    let crashed = false;
    // The 13th event counted (index 12) throws once, as a crash in the middle of a batch would.
    const crashing = tallyProjection({ poison: (index) => index === 12 && !crashed && (crashed = true) });

    expect((await applyNextBatch(engines.eventStore, engines.readStore, liveTarget(crashing), 10)).read).toBe(10);
    // The 13th apply throws once: the batch applies up to it, then the event alone on its retry.
    expect(await applyNextBatch(engines.eventStore, engines.readStore, liveTarget(crashing), 10, { retryDelayMs: 1 })).toMatchObject({
      read: 3,
    });

    // The process dies: what was applied is committed with its checkpoint.
    await engines.restart();
    expect(await allTallies()).toHaveLength(13);

    const restarted = tallyProjection();
    while ((await applyNextBatch(engines.eventStore, engines.readStore, liveTarget(restarted), 10)).read > 0);

    const tallies = await allTallies();
    expect(tallies).toHaveLength(25);
    expect(tallies.every((tally) => tally.times === 1)).toBe(true);
    expect(await engines.readStore.getCheckpoint('tally')).toBe(await engines.eventStore.headPosition());
  });

  it('applies each event once when two runners (two processes) share the stores', async () => {
    await append(40);
    const first = new ProjectionRunner(engines.eventStore, engines.readStore, [tallyProjection()], { batchSize: 7, idlePollMs: 20 });
    const secondReadStore = await createReadStore({ dataDir: engines.dataDir });
    const second = new ProjectionRunner(engines.eventStore, secondReadStore, [tallyProjection()], { batchSize: 5, idlePollMs: 20 });
    await Promise.all([first.start(), second.start()]);
    await append(20);

    const head = (await engines.eventStore.headPosition())!;
    expect(await first.waitFor(head, ['tally'], 10_000)).toBe(true);
    await Promise.all([first.stop(), second.stop()]);
    await secondReadStore.close();

    const tallies = await allTallies();
    expect(tallies).toHaveLength(60);
    expect(tallies.every((tally) => tally.times === 1)).toBe(true);
  });

  it('keeps up with live events and reports read-your-writes through waitFor', async () => {
    const runner = new ProjectionRunner(engines.eventStore, engines.readStore, [tallyProjection()], { idlePollMs: 5_000 });
    await runner.start();
    const { position } = await engines.eventStore.appendToStream('tally-live', [{ type: 'Counted', data: {}, metadata }]);
    expect(await runner.waitFor(position, ['tally'], 5_000)).toBe(true);
    expect(await allTallies()).toHaveLength(1);
    expect(runner.status()[0]).toMatchObject({ name: 'tally', checkpoint: position });
    await runner.stop();
  });

  it('rebuilds blue-green when the code version changes, serving the old documents until the switch', async () => {
    await append(12);
    const v1 = new ProjectionRunner(engines.eventStore, engines.readStore, [tallyProjection({ version: 1 })], { idlePollMs: 20 });
    await v1.start();
    expect(await v1.waitFor((await engines.eventStore.headPosition())!, ['tally'], 5_000)).toBe(true);
    await v1.stop();

    // A rebuild interrupted after its first batch has not touched what readers see.
    const v2 = tallyProjection({ version: 2 });
    let batches = 0;
    await rebuildProjection(engines.eventStore, engines.readStore, v2, {
      batchSize: 4,
      onProgress: () => (batches += 1),
      isCancelled: () => batches > 0,
    });
    expect((await allTallies()).map((tally) => tally.version)).toEqual(Array(12).fill(1));

    await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), { batchSize: 4 });
    const tallies = await allTallies();
    expect(tallies).toHaveLength(12);
    expect(tallies.every((tally) => tally.version === 2 && tally.times === 1)).toBe(true);
    expect(await engines.readStore.getCheckpoint('tally')).toBe(await engines.eventStore.headPosition());
    expect(await engines.readStore.listCollections()).not.toContain('tally__rebuild');

    // A runner started with newer code rebuilds on its own.
    const v3 = new ProjectionRunner(engines.eventStore, engines.readStore, [tallyProjection({ version: 3 })], { idlePollMs: 20 });
    await v3.start();
    const deadline = Date.now() + 5_000;
    while ((await allTallies()).some((tally) => tally.version !== 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await v3.stop();
    expect((await allTallies()).map((tally) => [tally.version, tally.times])).toEqual(Array(12).fill([3, 1]));
  });

  it('keeps the live projection moving while a new version rebuilds beside it, then switches to what a fresh rebuild gives', async () => {
    await append(12);
    const v1 = new ProjectionRunner(engines.eventStore, engines.readStore, [tallyProjection({ version: 1 })], { idlePollMs: 20 });
    await v1.start();
    expect(await v1.waitFor((await engines.eventStore.headPosition())!, ['tally'], 5_000)).toBe(true);
    await v1.stop();
    const oldHead = (await engines.eventStore.headPosition())!;

    // Version 2's shadow is held before it reads the old events (the live run never reads them again).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = new Proxy(engines.eventStore, {
      get: (store, property) =>
        property === 'readAll'
          ? async (options: Parameters<EventStore['readAll']>[0]) => {
              if (options?.after === null || options?.after === undefined || options.after < oldHead) await held;
              return store.readAll(options);
            }
          : Reflect.get(store, property, store),
    });
    const v2 = new ProjectionRunner(holding, engines.readStore, [tallyProjection({ version: 2 })], { idlePollMs: 20, batchSize: 4 });
    await v2.start();
    try {
      await until(() => v2.status()[0].state === 'rebuilding');
      // Commands during the rebuild settle on the live documents, which keep moving.
      for (let index = 0; index < 3; index += 1) {
        const { position } = await engines.eventStore.appendToStream(`tally-new-${index}`, [{ type: 'Counted', data: {}, metadata }]);
        expect(await v2.waitFor(position, ['tally'], 5_000)).toBe(true);
        expect(
          await engines.readStore.get<Tally>('tally', (await engines.eventStore.readAll({ after: position - 1n, maxCount: 1 }))[0].id),
        ).toMatchObject({
          times: 1,
        });
      }
      expect(v2.status()[0]).toMatchObject({ state: 'rebuilding', checkpoint: await engines.eventStore.headPosition() });
      expect((await allTallies()).filter((tally) => tally.version === 1)).toHaveLength(12);

      release();
      await until(async () => v2.status()[0].state === 'live' && (await allTallies()).every((tally) => tally.version === 2));
      const { position } = await engines.eventStore.appendToStream('tally-after', [{ type: 'Counted', data: {}, metadata }]);
      expect(await v2.waitFor(position, ['tally'], 5_000)).toBe(true);
    } finally {
      release();
      await v2.stop();
    }

    // Equal to a fresh rebuild of version 2 over the same log.
    const freshDir = mkdtempSync(join(tmpdir(), 'runner-fresh-'));
    const fresh = await createReadStore({ dataDir: freshDir });
    await rebuildProjection(engines.eventStore, fresh, tallyProjection({ version: 2 }));
    expect(await allTallies()).toEqual(await fresh.find<Tally>('tally', {}, { sort: [['id', 1]] }));
    expect(await allTallies()).toHaveLength(16);
    expect(await engines.readStore.getCheckpoint('tally')).toBe(await engines.eventStore.headPosition());
    await fresh.close();
    rmSync(freshDir, { recursive: true, force: true });
  }, 20_000);

  it('switches only from a shadow at or past the live checkpoint: it catches up with what the live run applied meanwhile', async () => {
    await append(6);
    const live = tallyProjection({ version: 1 });
    while ((await applyNextBatch(engines.eventStore, engines.readStore, liveTarget(live), 10)).read > 0);

    const rebuilt = await rebuildProjection(engines.eventStore, engines.readStore, tallyProjection({ version: 2 }), {
      // Right before the switch, the live run applies three more events.
      exclusive: async (work) => {
        await append(3);
        while ((await applyNextBatch(engines.eventStore, engines.readStore, liveTarget(live), 10)).read > 0);
        return work();
      },
    });

    expect(rebuilt.outcome).toBe('switched');
    expect(await engines.readStore.getCheckpoint('tally')).toBe(await engines.eventStore.headPosition());
    const tallies = await allTallies();
    expect(tallies).toHaveLength(9);
    expect(tallies.every((tally) => tally.version === 2 && tally.times === 1)).toBe(true);
  });
});
