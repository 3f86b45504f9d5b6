import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, type EventStore, type RecordedEvent } from '@app/event-store';
import { createReadStore, type ReadStore, type ReadStoreTransaction } from '@app/read-store';
import { eventually } from '@app/testing';
import type { Projection } from '../projection';
import { ProjectionLeases } from './projection-leases';
import { ProjectionRunner } from './projection-runner';

interface Tally {
  id: string;
  times: number;
  [field: string]: unknown;
}

const tallyProjection: Projection = {
  name: 'tally',
  version: 1,
  collections: ['tally'],
  handles: ['Counted'],
  async apply(event: RecordedEvent, tx: ReadStoreTransaction) {
    const existing = await tx.get<Tally>('tally', event.id);
    await tx.upsert<Tally>('tally', { id: event.id, times: (existing?.times ?? 0) + 1 });
  },
};

const metadata = { actor: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };

describe('projection leases', () => {
  let dataDir: string;
  let eventStore: EventStore;
  let readStores: ReadStore[];

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'leases-'));
    eventStore = createEventStore({ dataDir });
    // Two connections to one read store, as two projector processes have.
    readStores = [await createReadStore({ dataDir }), await createReadStore({ dataDir })];
  });
  afterEach(async () => {
    for (const store of readStores) await store.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives each name to one holder, and to another once the first stopped renewing', async () => {
    let now = 1_000_000;
    const options = { heartbeatMs: 1_000, now: () => now, isAlive: () => true };
    const first = new ProjectionLeases(readStores[0], ['a', 'b'], { ...options, owner: 'first' });
    const second = new ProjectionLeases(readStores[1], ['a', 'b'], { ...options, owner: 'second' });

    await first.heartbeat();
    await second.heartbeat();
    expect([first.holds('a'), first.holds('b'), second.holds('a'), second.holds('b')]).toEqual([true, true, false, false]);

    now += 2_000;
    await first.heartbeat(); // renewed: still the first's
    await second.heartbeat();
    expect(second.holds('a')).toBe(false);

    now += 3_000; // the first stopped renewing for a TTL
    await second.heartbeat();
    expect([second.holds('a'), second.holds('b')]).toEqual([true, true]);
    await first.heartbeat(); // it learns it lost them
    expect([first.holds('a'), first.holds('b')]).toEqual([false, false]);
  });

  it('takes the leases of a holder that is gone at once', async () => {
    const gone = new ProjectionLeases(readStores[0], ['a'], { owner: 'gone', isAlive: () => true });
    await gone.heartbeat();
    const survivor = new ProjectionLeases(readStores[1], ['a'], { owner: 'survivor', isAlive: (owner) => owner !== 'gone' });
    await survivor.heartbeat();
    expect(survivor.holds('a')).toBe(true);
  });

  it('runs each projection in one of two runners, and in the other once the first stopped', async () => {
    const runner = (index: number) =>
      new ProjectionRunner(eventStore, readStores[index], [tallyProjection], {
        idlePollMs: 20,
        leases: { owner: `runner-${index}`, heartbeatMs: 500 },
      });
    const [first, second] = [runner(0), runner(1)];
    await first.start();
    await second.start();
    const append = async (count: number) => {
      let position = 0n;
      for (let n = 0; n < count; n += 1) {
        ({ position } = await eventStore.appendToStream(`tally-${n % 3}`, [{ type: 'Counted', data: { n }, metadata }]));
      }
      return position;
    };

    expect(await second.waitFor(await append(20), ['tally'], 10_000)).toBe(true);
    expect(first.status()[0].state).not.toBe('stopped');
    expect(second.status()[0].state).toBe('stopped');

    await first.stop(); // releases its lease: the second takes it at its next heartbeat
    expect(await second.waitFor(await append(20), ['tally'], 10_000)).toBe(true);
    expect(second.status()[0].state).not.toBe('stopped');
    await second.stop();

    const tallies = await readStores[0].find<Tally>('tally', {});
    expect(tallies).toHaveLength(40);
    expect(tallies.every((tally) => tally.times === 1)).toBe(true);
  });

  it('is healthy while its heartbeats renew (holder and standby alike), and not once they fail', async () => {
    const runner = (index: number) =>
      new ProjectionRunner(eventStore, readStores[index], [tallyProjection], {
        idlePollMs: 20,
        // Healthy means a heartbeat within two periods: long enough that a busy machine's pauses do not count as failures.
        leases: { owner: `runner-${index}`, heartbeatMs: 500 },
        logger: { log: () => {}, warn: () => {}, error: () => {} },
      });
    const [holder, standby] = [runner(0), runner(1)];
    expect(holder.leaseHealth().healthy).toBe(false); // not started
    await holder.start();
    await standby.start();
    expect(holder.leaseHealth()).toMatchObject({ healthy: true, held: ['tally'] });
    expect(standby.leaseHealth()).toMatchObject({ healthy: true, held: [] });

    await readStores[1].close(); // the standby's store stops answering: its heartbeats fail
    await eventually(() => !standby.leaseHealth().healthy, 'the standby to report its failing heartbeats');
    expect(holder.leaseHealth().healthy).toBe(true);
    await standby.stop();
    readStores[1] = await createReadStore({ dataDir });

    await holder.stop();
    expect(holder.leaseHealth()).toMatchObject({ healthy: false, held: [] });
  });
});
