import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore, type EventToAppend, type RecordedEvent, type Subscription } from './event-store.port';

export interface EventStoreContractOptions<Store extends EventStore> {
  /** `makeStore` gives an empty store each time (not a shared server): checks the empty head. */
  startsEmpty?: boolean;
  /** Opens another client (connection) on the same storage as `store`. */
  openAnother?: (store: Store) => Promise<EventStore>;
  /** Appends `events` to `streamName` of the same storage from a separate OS process. */
  appendFromAnotherProcess?: (store: Store, streamName: string, events: EventToAppend[]) => Promise<void>;
}

const SUBSCRIPTION_TIMEOUT_MS = 20_000;

/**
 * The EventStore contract, run against every adapter. Stream names are unique per test, and
 * `$all` checks only look at this test's streams, so it can run against a shared server.
 */
export function describeEventStoreContract<Store extends EventStore>(
  name: string,
  makeStore: () => Promise<Store>,
  options: EventStoreContractOptions<Store> = {},
): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: Store;
    let opened: EventStore[];
    let subscriptions: Subscription[];
    let prefix: string;

    const stream = (suffix: string) => `${prefix}-${suffix}`;
    const ours = (event: RecordedEvent) => event.streamName.startsWith(prefix);
    const subscribe = (...args: Parameters<EventStore['subscribeToAll']>) => {
      const subscription = store.subscribeToAll(...args);
      subscriptions.push(subscription);
      return subscription;
    };

    beforeEach(async () => {
      prefix = `contract_${randomUUID().replaceAll('-', '')}`;
      subscriptions = [];
      store = await makeStore();
      opened = [store];
    });

    afterEach(async () => {
      for (const subscription of subscriptions) await subscription.unsubscribe();
      for (const client of opened) await client.close();
    });

    describe('appending and reading a stream', () => {
      it('stores events with revisions 0, 1, 2, ... and reads them back in order', async () => {
        const first = await store.appendToStream(stream('a'), [event('Opened', { n: 0 })]);
        const second = await store.appendToStream(stream('a'), [event('Renamed', { n: 1 }), event('Closed', { n: 2 })]);

        const read = await store.readStream(stream('a'));
        expect(read.map((e) => [e.revision, e.type, e.data])).toEqual([
          [0, 'Opened', { n: 0 }],
          [1, 'Renamed', { n: 1 }],
          [2, 'Closed', { n: 2 }],
        ]);
        expect(first.nextExpectedRevision).toBe(0);
        expect(second.nextExpectedRevision).toBe(2);
        expect(read[0].position).toBe(first.position);
        expect(read[2].position).toBe(second.position);
        expect(read.every((e) => e.streamName === stream('a') && e.recordedAt instanceof Date)).toBe(true);
        expect(read[0].metadata).toMatchObject({ actor: 'contract-test', correlationId: expect.any(String) });
      });

      it('keeps the event id it was given and generates one otherwise', async () => {
        const id = randomUUID();
        await store.appendToStream(stream('a'), [{ ...event('WithId'), id }, event('WithoutId')]);
        const [withId, withoutId] = await store.readStream(stream('a'));
        expect(withId.id).toBe(id);
        expect(withoutId.id).toMatch(/^[0-9a-f-]{36}$/);
      });

      it('stores an event id once: a repeated append writes nothing (refused, or answered as the first)', async () => {
        const ids = [randomUUID(), randomUUID()];
        const withIds = () => ids.map((id, index) => ({ ...event('Retried', { index }), id }));
        await store.appendToStream(stream('a'), withIds(), { expectedRevision: 'no_stream' });
        for (const expectedRevision of ['no_stream', 'any'] as const) {
          await store.appendToStream(stream('a'), withIds(), { expectedRevision }).catch((error: unknown) => {
            expect((error as Error).name).toMatch(/^(DuplicateEventIdError|WrongExpectedRevisionError)$/);
          });
        }
        const read = await store.readStream(stream('a'));
        expect(read.map((e) => e.id)).toEqual(ids);
      });

      it('reads an empty array for a stream that does not exist', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('reads from a revision and at most maxCount events', async () => {
        await store.appendToStream(
          stream('a'),
          [0, 1, 2, 3, 4].map((n) => event('Counted', { n })),
        );
        const read = await store.readStream(stream('a'), { fromRevision: 1, maxCount: 3 });
        expect(read.map((e) => e.revision)).toEqual([1, 2, 3]);
      });

      it('stores all events of one append or none, with contiguous revisions and growing positions', async () => {
        await store.appendToStream(stream('a'), [event('Opened')]);
        const result = await store.appendToStream(stream('a'), [event('A'), event('B'), event('C')], { expectedRevision: 0 });
        const read = await store.readStream(stream('a'));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
        expectIncreasing(read.map((e) => e.position));
        expect(result).toEqual({ nextExpectedRevision: 3, position: read[3].position });

        await expect(store.appendToStream(stream('a'), [event('D'), event('E')], { expectedRevision: 1 })).rejects.toThrow(
          WrongExpectedRevisionError,
        );
        expect(await store.readStream(stream('a'))).toHaveLength(4);
      });

      it('never stores the same event id twice in a stream', async () => {
        const id = randomUUID();
        await store.appendToStream(stream('a'), [{ ...event('Once'), id }]);
        // EventStoreDB answers a repeated id idempotently, SQLite refuses it: either way, one event.
        await store.appendToStream(stream('a'), [{ ...event('Once'), id }]).catch(() => undefined);
        expect((await store.readStream(stream('a'))).map((e) => e.id)).toEqual([id]);
      });
    });

    describe('optimistic concurrency', () => {
      it('no_stream: appends to a new stream, refuses an existing one', async () => {
        await expect(store.appendToStream(stream('a'), [event('Opened')], { expectedRevision: 'no_stream' })).resolves.toMatchObject({
          nextExpectedRevision: 0,
        });
        await expectConflict(store.appendToStream(stream('a'), [event('Again')], { expectedRevision: 'no_stream' }), stream('a'), 0);
        expect(await store.readStream(stream('a'))).toHaveLength(1);
      });

      it('an exact revision: appends when it is the last revision, refuses otherwise', async () => {
        await store.appendToStream(stream('a'), [event('A'), event('B')]);
        await expect(store.appendToStream(stream('a'), [event('C')], { expectedRevision: 1 })).resolves.toMatchObject({
          nextExpectedRevision: 2,
        });
        await expectConflict(store.appendToStream(stream('a'), [event('Stale')], { expectedRevision: 1 }), stream('a'), 2);
        await expectConflict(store.appendToStream(stream('b'), [event('Ghost')], { expectedRevision: 0 }), stream('b'), 'no_stream');
        expect((await store.readStream(stream('a'))).map((e) => e.type)).toEqual(['A', 'B', 'C']);
        expect(await store.readStream(stream('b'))).toEqual([]);
      });

      it('any: appends whatever the stream holds', async () => {
        await store.appendToStream(stream('a'), [event('A')], { expectedRevision: 'any' });
        await store.appendToStream(stream('a'), [event('B')], { expectedRevision: 'any' });
        expect(await store.readStream(stream('a'))).toHaveLength(2);
      });

      it('stream_exists: appends to an existing stream, refuses a new one', async () => {
        await expectConflict(
          store.appendToStream(stream('a'), [event('A')], { expectedRevision: 'stream_exists' }),
          stream('a'),
          'no_stream',
        );
        expect(await store.readStream(stream('a'))).toEqual([]);
        await store.appendToStream(stream('a'), [event('A')]);
        await expect(store.appendToStream(stream('a'), [event('B')], { expectedRevision: 'stream_exists' })).resolves.toMatchObject({
          nextExpectedRevision: 1,
        });
      });

      it('lets exactly one of several concurrent writers with the same expected revision win', async () => {
        await store.appendToStream(stream('a'), [event('Opened')]);
        const writers = [store, ...(options.openAnother ? [await openAnother()] : [])];
        const attempts = await Promise.allSettled(
          Array.from({ length: 6 }, (_, index) =>
            writers[index % writers.length].appendToStream(stream('a'), [event('Raced', { index }), event('Raced', { index })], {
              expectedRevision: 0,
            }),
          ),
        );
        const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
        const lost = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as unknown] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(5);
        for (const reason of lost) expect(reason).toBeInstanceOf(WrongExpectedRevisionError);
        const read = await store.readStream(stream('a'));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read[1].data).toEqual(read[2].data);
      });

      it('refuses writers on the same stream with the no_stream expectation but one', async () => {
        const writers = [store, ...(options.openAnother ? [await openAnother()] : [])];
        const attempts = await Promise.allSettled(
          writers
            .flatMap((writer) => [writer, writer])
            .map((writer) => writer.appendToStream(stream('reservation'), [event('Reserved')], { expectedRevision: 'no_stream' })),
        );
        expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream('reservation'))).toHaveLength(1);
      });
    });

    describe('concurrent appends (a group commit answers each on its own)', () => {
      it('gives concurrent appends to one stream contiguous revisions, each its own result', async () => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, index) => store.appendToStream(stream('busy'), [event('Counted', { index })])),
        );
        const read = await store.readStream(stream('busy'));
        expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, index) => index));
        expect(results.map((result) => result.nextExpectedRevision).sort((a, b) => a - b)).toEqual(read.map((e) => e.revision));
        for (const result of results) expect(result.position).toBe(read[result.nextExpectedRevision].position);
      });

      it('fails only the appends that conflict or repeat an id, and writes every other one', async () => {
        const storedId = randomUUID();
        const newId = randomUUID();
        await store.appendToStream(stream('dup'), [{ ...event('Stored'), id: storedId }]);
        const attempts = await Promise.allSettled([
          store.appendToStream(stream('race'), [event('First', { n: 0 })], { expectedRevision: 'no_stream' }),
          store.appendToStream(stream('free-1'), [event('A'), event('B')]),
          store.appendToStream(stream('race'), [event('First', { n: 1 })], { expectedRevision: 'no_stream' }),
          store.appendToStream(stream('stale'), [event('Stale')], { expectedRevision: 3 }),
          store.appendToStream(stream('dup'), [{ ...event('Stored'), id: storedId }]),
          store.appendToStream(stream('twice'), [{ ...event('Once'), id: newId }]),
          store.appendToStream(stream('twice'), [{ ...event('Once'), id: newId }]),
          store.appendToStream(stream('free-2'), [event('C')], { expectedRevision: 'no_stream' }),
        ]);
        const [raceA, free1, raceB, stale, , , , free2] = attempts;

        expect([raceA, raceB].filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
        const lostRace = [raceA, raceB].find((attempt) => attempt.status === 'rejected') as PromiseRejectedResult;
        expect(lostRace.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream('race'))).toHaveLength(1);

        expect(stale.status).toBe('rejected');
        expect((stale as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream('stale'))).toEqual([]);

        // EventStoreDB answers a repeated id idempotently, SQLite refuses it: either way, one event.
        expect((await store.readStream(stream('dup'))).map((e) => e.id)).toEqual([storedId]);
        expect((await store.readStream(stream('twice'))).map((e) => e.id)).toEqual([newId]);

        const freeOne = await store.readStream(stream('free-1'));
        expect(free1).toEqual({ status: 'fulfilled', value: { nextExpectedRevision: 1, position: freeOne[1].position } });
        const freeTwo = await store.readStream(stream('free-2'));
        expect(free2).toEqual({ status: 'fulfilled', value: { nextExpectedRevision: 0, position: freeTwo[0].position } });
      });

      it('lets one of many concurrent first appends to a stream win, while appends to other streams all succeed', async () => {
        const attempts = await Promise.allSettled(
          Array.from({ length: 30 }, (_, index) =>
            index % 3 === 0
              ? store.appendToStream(stream('claimed'), [event('Claimed', { index })], { expectedRevision: 'no_stream' })
              : store.appendToStream(stream(`own-${index}`), [event('Own', { index })], { expectedRevision: 'no_stream' }),
          ),
        );
        const claims = attempts.filter((_, index) => index % 3 === 0);
        const others = attempts.filter((_, index) => index % 3 !== 0);
        expect(claims.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
        expect(others.every((attempt) => attempt.status === 'fulfilled')).toBe(true);
        const positions = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value.position] : []));
        expect(new Set(positions).size).toBe(positions.length);
        const all = (await store.readAll()).filter(ours);
        expect(all.filter((e) => e.type === 'Own')).toHaveLength(20);
        expect(all.filter((e) => e.type === 'Claimed')).toHaveLength(1);
      });
    });

    describe('$all', () => {
      it('reads every stream in position order, strictly after a position, at most maxCount', async () => {
        const start = await store.headPosition();
        await store.appendToStream(stream('a'), [event('A0')]);
        await store.appendToStream(stream('b'), [event('B0'), event('B1')]);
        await store.appendToStream(stream('a'), [event('A1')]);

        const all = (await store.readAll({ after: start })).filter(ours);
        expect(all.map((e) => e.type)).toEqual(['A0', 'B0', 'B1', 'A1']);
        expectIncreasing(all.map((e) => e.position));
        if (start === null) expect((await store.readAll()).filter(ours)).toEqual(all);

        const afterSecond = await store.readAll({ after: all[1].position, maxCount: 2 });
        expect(afterSecond.map((e) => e.type)).toEqual(['B1', 'A1']);
        expect((await store.readAll({ after: all[3].position })).filter(ours)).toEqual([]);
      });

      it('knows the position of the last event', async () => {
        if (options.startsEmpty) expect(await store.headPosition()).toBeNull();
        const { position } = await store.appendToStream(stream('a'), [event('A'), event('B')]);
        const head = await store.headPosition();
        expect(head).not.toBeNull();
        expect(head! >= position).toBe(true);
        if (options.startsEmpty) expect(head).toBe(position);
        expect((await store.readAll({ after: head })).filter(ours)).toEqual([]);
      });

      it('counts the events after a position like reading them would, a refused append leaving no hole', async () => {
        const start = await store.headPosition();
        await store.appendToStream(stream('a'), [event('A0'), event('A1')]);
        const middle = await store.headPosition();
        await expect(store.appendToStream(stream('a'), [event('Lost')], { expectedRevision: 0 })).rejects.toThrow();
        await store.appendToStream(stream('b'), [event('B0')]);
        await store.appendToStream(stream('c'), [event('C0'), event('C1'), event('C2')]);

        for (const position of [start, middle, await store.headPosition()]) {
          const read = await store.readAll({ after: position });
          expect(await store.countAfter(position)).toBe(read.length);
        }
        if (options.startsEmpty) expect(await store.countAfter(null)).toBe(6);
        expect(await store.countAfter(start, { atMost: 2 })).toBeGreaterThanOrEqual(2);
      });
    });

    describe('subscribeToAll', () => {
      it(
        'delivers history, then live events, exactly once and in order',
        async () => {
          const start = await store.headPosition();
          await store.appendToStream(stream('a'), [event('H0'), event('H1')]);
          await store.appendToStream(stream('b'), [event('H2')]);
          const received: RecordedEvent[] = [];
          subscribe({ after: start, onEvent: (e) => void (ours(e) && received.push(e)) });
          await waitFor(() => received.length === 3);

          await store.appendToStream(stream('a'), [event('L0')]);
          await store.appendToStream(stream('b'), [event('L1'), event('L2')]);
          await waitFor(() => received.length === 6);
          await settle();

          expect(received.map((e) => e.type)).toEqual(['H0', 'H1', 'H2', 'L0', 'L1', 'L2']);
          expectIncreasing(received.map((e) => e.position));
        },
        SUBSCRIPTION_TIMEOUT_MS,
      );

      it(
        'awaits the handler before delivering the next event',
        async () => {
          const start = await store.headPosition();
          let inFlight = 0;
          let maxInFlight = 0;
          const received: string[] = [];
          subscribe({
            after: start,
            onEvent: async (e) => {
              if (!ours(e)) return;
              inFlight += 1;
              maxInFlight = Math.max(maxInFlight, inFlight);
              await sleep(5);
              received.push(e.type);
              inFlight -= 1;
            },
          });
          await store.appendToStream(stream('a'), [event('A'), event('B'), event('C')]);
          await store.appendToStream(stream('a'), [event('D')]);
          await waitFor(() => received.length === 4);
          expect(received).toEqual(['A', 'B', 'C', 'D']);
          expect(maxInFlight).toBe(1);
        },
        SUBSCRIPTION_TIMEOUT_MS,
      );

      it(
        'restarts from a checkpoint and sees every event exactly once',
        async () => {
          const start = await store.headPosition();
          await store.appendToStream(stream('a'), [event('E0'), event('E1'), event('E2')]);
          const received: RecordedEvent[] = [];
          let checkpoint = start;
          const onEvent = (e: RecordedEvent) => {
            if (ours(e)) received.push(e);
            checkpoint = e.position;
          };

          const first = subscribe({ after: start, onEvent });
          await waitFor(() => received.length === 3);
          await first.unsubscribe();

          await store.appendToStream(stream('a'), [event('E3')]);
          await store.appendToStream(stream('b'), [event('E4')]);
          subscribe({ after: checkpoint, onEvent });
          await store.appendToStream(stream('a'), [event('E5')]);
          await waitFor(() => received.length === 6);
          await settle();

          expect(received.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5']);
          expect(new Set(received.map((e) => e.id)).size).toBe(6);
        },
        SUBSCRIPTION_TIMEOUT_MS,
      );

      it(
        'stops and reports once when the handler throws',
        async () => {
          const start = await store.headPosition();
          const seen: string[] = [];
          const errors: unknown[] = [];
          subscribe({
            after: start,
            onEvent: (e) => {
              if (!ours(e)) return;
              seen.push(e.type);
              if (e.type === 'Poison') throw new Error('handler failed');
            },
            onError: (error) => errors.push(error),
          });
          await store.appendToStream(stream('a'), [event('Fine'), event('Poison'), event('After')]);
          await waitFor(() => errors.length === 1);
          await store.appendToStream(stream('a'), [event('Later')]);
          await settle();

          expect(seen).toEqual(['Fine', 'Poison']);
          expect(errors).toHaveLength(1);
          expect((errors[0] as Error).message).toBe('handler failed');
        },
        SUBSCRIPTION_TIMEOUT_MS,
      );

      it(
        'resolves unsubscribe only when no handler call is in flight, and delivers nothing after',
        async () => {
          const start = await store.headPosition();
          let handling = false;
          const received: string[] = [];
          const subscription = subscribe({
            after: start,
            onEvent: async (e) => {
              if (!ours(e)) return;
              handling = true;
              await sleep(200);
              received.push(e.type);
              handling = false;
            },
          });
          await store.appendToStream(stream('a'), [event('Slow'), event('Skipped')]);
          await waitFor(() => handling);
          await subscription.unsubscribe();
          expect(handling).toBe(false);
          expect(received).toEqual(['Slow']);
          await store.appendToStream(stream('a'), [event('Never')]);
          await settle();
          expect(received).toEqual(['Slow']);
        },
        SUBSCRIPTION_TIMEOUT_MS,
      );

      if (options.openAnother) {
        it(
          'delivers events appended through another connection',
          async () => {
            const other = await openAnother();
            const start = await store.headPosition();
            const received: string[] = [];
            subscribe({ after: start, onEvent: (e) => void (ours(e) && received.push(e.type)) });
            await store.appendToStream(stream('a'), [event('Here')]);
            await waitFor(() => received.length === 1);
            await other.appendToStream(stream('a'), [event('There')], { expectedRevision: 0 });
            await waitFor(() => received.length === 2);
            expect(received).toEqual(['Here', 'There']);
          },
          SUBSCRIPTION_TIMEOUT_MS,
        );
      }

      if (options.appendFromAnotherProcess) {
        const appendFromAnotherProcess = options.appendFromAnotherProcess;
        it(
          'delivers events appended by another process to a running subscriber',
          async () => {
            const start = await store.headPosition();
            const received: RecordedEvent[] = [];
            subscribe({ after: start, onEvent: (e) => void (ours(e) && received.push(e)) });
            await store.appendToStream(stream('a'), [event('Local')]);
            await waitFor(() => received.length === 1);

            await appendFromAnotherProcess(store, stream('a'), [event('Remote', { from: 'child' }), event('Remote', { from: 'child' })]);
            await waitFor(() => received.length === 3);
            await settle();

            expect(received.map((e) => [e.type, e.revision])).toEqual([
              ['Local', 0],
              ['Remote', 1],
              ['Remote', 2],
            ]);
            expect(received[2].data).toEqual({ from: 'child' });
          },
          SUBSCRIPTION_TIMEOUT_MS,
        );
      }
    });

    async function openAnother(): Promise<EventStore> {
      const another = await options.openAnother!(store);
      opened.push(another);
      return another;
    }
  });
}

function event(type: string, data: Record<string, unknown> = {}): EventToAppend {
  return { type, data, metadata: { actor: 'contract-test', correlationId: randomUUID(), occurredAt: new Date().toISOString() } };
}

async function expectConflict(append: Promise<unknown>, streamName: string, actual: number | 'no_stream'): Promise<void> {
  const error = await append.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ streamName, actual });
}

function expectIncreasing(positions: bigint[]): void {
  positions.slice(1).forEach((position, index) => expect(position > positions[index]).toBe(true));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Long enough for a polling adapter to deliver anything it would wrongly deliver twice. */
const settle = () => sleep(400);

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
