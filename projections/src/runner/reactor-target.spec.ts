import { mkdtempSync, rmSync } from 'node:fs';
import { eventually } from '@app/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, type EventStore, type RecordedEvent } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';
import { JobQueueUnavailable } from '@app/queue';
import { PoisonEvent, type Reactor } from '../projection';
import { parkedEvents } from './parked-events';
import { ProjectionRunner, type ProjectionStatus } from './projection-runner';
import { ReactorHeld, reactorTarget } from './reactor-target';

/** A queue that refuses a repeated job id (as both adapters do) and can be taken away. */
class FakeQueue {
  readonly ids: string[] = [];
  down = false;
  async enqueue(id: string): Promise<void> {
    if (this.down) throw new JobQueueUnavailable('The job queue (Redis) is unavailable: connection refused');
    if (!this.ids.includes(id)) this.ids.push(id);
  }
}

const metadata = { actor: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };

describe('reactor target', () => {
  let dataDir: string;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let queue: FakeQueue;
  /** Read-store transactions open right now: a reactor's side effect must never run inside one. */
  let openTransactions = 0;
  const sentInsideTransaction: string[] = [];

  const mailer = (options: { poison?: (event: RecordedEvent) => boolean } = {}): Reactor => ({
    name: 'mailer',
    version: 1,
    reactor: true,
    collections: [],
    handles: ['Requested'],
    async apply(event) {
      if (options.poison?.(event)) throw new PoisonEvent(`cannot write a mail for ${event.id}`);
      if (openTransactions > 0) sentInsideTransaction.push(event.id);
      await queue.enqueue(event.id);
    },
  });
  const append = async (count: number, type = 'Requested') => {
    const recorded: RecordedEvent[] = [];
    for (let index = 0; index < count; index += 1) {
      const { position } = await eventStore.appendToStream(`request-${index}`, [{ type, data: { index }, metadata }]);
      recorded.push(...(await eventStore.readAll({ after: position - 1n, maxCount: 1 })));
    }
    return recorded;
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'reactor-'));
    eventStore = createEventStore({ dataDir });
    const store = await createReadStore({ dataDir });
    const transaction = store.transaction.bind(store);
    readStore = Object.assign(Object.create(store) as ReadStore, {
      transaction: async <T>(work: Parameters<ReadStore['transaction']>[0]) => {
        openTransactions += 1;
        try {
          return (await transaction(work)) as T;
        } finally {
          openTransactions -= 1;
        }
      },
    });
    queue = new FakeQueue();
    sentInsideTransaction.length = 0;
  });
  afterEach(async () => {
    await readStore.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('does the side effects outside any read-store transaction, then moves the checkpoint', async () => {
    const events = await append(3);
    await append(2, 'Ignored');
    const target = reactorTarget(eventStore, readStore, mailer());
    const batch = await target.applyNextBatch(100);
    expect(batch.read).toBe(5);
    expect(queue.ids).toEqual(events.map((event) => event.id));
    expect(sentInsideTransaction).toEqual([]);
    expect(await target.checkpoint()).toBe(batch.checkpoint);
    expect((await target.applyNextBatch(100)).read).toBe(0);
  });

  it('holds its place while the queue is down (checkpointing what went out), then sends each mail once', async () => {
    const events = await append(3);
    const target = reactorTarget(eventStore, readStore, mailer());
    await target.applyNextBatch(1);
    queue.down = true;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(target.applyNextBatch(100)).rejects.toBeInstanceOf(ReactorHeld);
      expect(await target.checkpoint()).toBe(events[0].position);
    }
    await expect(target.applyNextBatch(100)).rejects.toThrow(
      /Requested at \d+ waits for a dependency: The job queue \(Redis\) is unavailable/,
    );

    queue.down = false;
    expect(await target.applyNextBatch(100)).toEqual({ read: 2, checkpoint: events[2].position });
    expect(queue.ids).toEqual(events.map((event) => event.id));
    expect(await parkedEvents(readStore, 'mailer')).toEqual([]);
  });

  it('keeps what it sent before an outage in the middle of a batch, and never parks for an outage', async () => {
    const events = await append(4);
    let calls = 0;
    const flaky: Reactor = {
      ...mailer(),
      async apply(event) {
        calls += 1;
        if (calls === 3) queue.down = true;
        await queue.enqueue(event.id);
      },
    };
    const target = reactorTarget(eventStore, readStore, flaky);
    await expect(target.applyNextBatch(100)).rejects.toBeInstanceOf(ReactorHeld);
    expect(await target.checkpoint()).toBe(events[1].position);
    queue.down = false;
    expect((await target.applyNextBatch(100)).checkpoint).toBe(events[3].position);
    expect(queue.ids).toEqual(events.map((event) => event.id));
    expect(await parkedEvents(readStore)).toEqual([]);
  });

  it('parks a poison event at once and goes on; an operator retry sends it and forgets it', async () => {
    const events = await append(3);
    let poisoned = true;
    const target = reactorTarget(eventStore, readStore, mailer({ poison: (event) => poisoned && event.id === events[1].id }));
    const first = await target.applyNextBatch(100);
    expect(first).toMatchObject({ read: 2, checkpoint: events[1].position, parked: { eventId: events[1].id, attempts: 1 } });
    expect((await target.applyNextBatch(100)).checkpoint).toBe(events[2].position);
    expect(queue.ids).toEqual([events[0].id, events[2].id]);
    expect((await parkedEvents(readStore, 'mailer')).map((parked) => parked.eventId)).toEqual([events[1].id]);

    await expect(target.parked.retry(events[1].position)).rejects.toThrow(/cannot write a mail/);
    expect((await parkedEvents(readStore, 'mailer'))[0].attempts).toBe(2);
    poisoned = false;
    await target.parked.retry(events[1].position);
    expect(queue.ids).toEqual([events[0].id, events[2].id, events[1].id]);
    expect(await parkedEvents(readStore, 'mailer')).toEqual([]);
  });

  it('drops its batch when someone else moved the checkpoint meanwhile (the replayed sends are no-ops)', async () => {
    const events = await append(2);
    const target = reactorTarget(eventStore, readStore, {
      ...mailer(),
      async apply(event) {
        await queue.enqueue(event.id);
        await readStore.transaction((tx) => tx.setCheckpoint('mailer', events[1].position));
      },
    });
    expect(await target.applyNextBatch(100)).toEqual({ read: 2, checkpoint: events[1].position });
    expect(queue.ids).toEqual(events.map((event) => event.id));
  });

  it('in the runner: shows `failing` with the error while the queue is down, retries without end, then catches up', async () => {
    const events = await append(2);
    queue.down = true;
    const runner = new ProjectionRunner(eventStore, readStore, [mailer()], { retryDelayMs: 5, idlePollMs: 20, logger: silent });
    const mailerStatus = () => runner.status().find((status) => status.name === 'mailer')!;
    await runner.start();
    try {
      // Past the 8 tries after which the old runner parked a reactor's event.
      await until(() => failures >= 9, 20_000);
      expect(mailerStatus()).toMatchObject<Partial<ProjectionStatus>>({ state: 'failing', parked: 0 });
      expect(mailerStatus().lastError).toMatch(/job queue \(Redis\) is unavailable/);
      expect(await target(readStore)).toBeNull();

      queue.down = false;
      await until(() => mailerStatus().state === 'live' && mailerStatus().checkpoint === events[1].position);
      expect(queue.ids).toEqual(events.map((event) => event.id));
      expect(await parkedEvents(readStore)).toEqual([]);
    } finally {
      await runner.stop();
    }
  }, 30_000);

  let failures = 0;
  const silent = { log: () => undefined, warn: () => undefined, error: () => void (failures += 1) };
  beforeEach(() => (failures = 0));
});

const target = (readStore: ReadStore) => readStore.getCheckpoint('mailer');

const until = (condition: () => boolean, timeoutMs = 10_000) => eventually(condition, 'a condition', timeoutMs, 5);
