import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeEventStoreContract } from '../event-store.contract';
import type { EventToAppend } from '../event-store.port';
import { SqliteEventStore } from './sqlite-event-store';

const run = promisify(execFile);
const directories: string[] = [];

afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function temporaryFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'event-store-'));
  directories.push(directory);
  return join(directory, 'nested', 'events.sqlite');
}

const adapterPath = JSON.stringify(require.resolve('./sqlite-event-store.ts'));

/** Runs `script` in a separate Node process that can require the adapter's TypeScript source. */
async function runInChildProcess(script: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', '-e', script, ...args], {
    cwd: join(__dirname, '../../../..'),
  });
  return stdout;
}

async function appendFromChildProcess(store: SqliteEventStore, streamName: string, events: EventToAppend[]): Promise<void> {
  await runInChildProcess(
    `const { SqliteEventStore } = require(${adapterPath});
    const [filePath, streamName, events] = process.argv.slice(1);
    const store = new SqliteEventStore(filePath);
    store.appendToStream(streamName, JSON.parse(events)).then(() => store.close(), (error) => {
      console.error(error);
      process.exit(1);
    });`,
    [store.filePath, streamName, JSON.stringify(events)],
  );
}

/** Appends `count` events one by one, each with the revision it just read, retrying on conflicts. */
async function raceFromChildProcess(filePath: string, streamName: string, writer: string, count: number): Promise<{ conflicts: number }> {
  const stdout = await runInChildProcess(
    `const { SqliteEventStore, } = require(${adapterPath});
    const { WrongExpectedRevisionError } = require(${JSON.stringify(require.resolve('../event-store.port.ts'))});
    const [filePath, streamName, writer, count] = process.argv.slice(1);
    (async () => {
      const store = new SqliteEventStore(filePath);
      let conflicts = 0;
      for (let n = 0; n < Number(count); ) {
        const stream = await store.readStream(streamName);
        const expectedRevision = stream.length ? stream[stream.length - 1].revision : 'no_stream';
        try {
          await store.appendToStream(streamName, [{ type: 'Counted', data: { writer, n }, metadata: { actor: writer, occurredAt: new Date().toISOString() } }], { expectedRevision });
          n += 1;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          conflicts += 1;
        }
      }
      await store.close();
      console.log(JSON.stringify({ conflicts }));
    })().catch((error) => {
      console.error(error);
      process.exit(1);
    });`,
    [filePath, streamName, writer, String(count)],
  );
  return JSON.parse(stdout) as { conflicts: number };
}

describeEventStoreContract('SQLite', async () => new SqliteEventStore(temporaryFile(), { pollIntervalMs: 50 }), {
  startsEmpty: true,
  openAnother: async (store) => new SqliteEventStore(store.filePath, { pollIntervalMs: 50 }),
  appendFromAnotherProcess: appendFromChildProcess,
});

describe('SqliteEventStore', () => {
  it('refuses an append that repeats a stored event id and writes none of it', async () => {
    const store = new SqliteEventStore(temporaryFile());
    const metadata = { actor: 'test', occurredAt: new Date().toISOString() };
    await store.appendToStream('doc-1', [{ id: 'e1', type: 'Created', data: {}, metadata }]);
    await expect(
      store.appendToStream('doc-1', [
        { id: 'e2', type: 'Edited', data: {}, metadata },
        { id: 'e1', type: 'Created', data: {}, metadata },
      ]),
    ).rejects.toMatchObject({ name: 'DuplicateEventIdError', eventIds: ['e2', 'e1'] });
    expect((await store.readStream('doc-1')).map((event) => event.id)).toEqual(['e1']);
    // The refused append left no hole in the positions: counting from them stays exact.
    await store.appendToStream('doc-1', [{ id: 'e3', type: 'Edited', data: {}, metadata }]);
    expect((await store.readAll()).map((event) => event.position)).toEqual([1n, 2n]);
    expect(await store.countAfter(null)).toBe(2);
    expect(await store.countAfter(1n)).toBe(1);
    await store.close();
  });

  it('serializes appends of several processes: no lost write, no duplicate revision', async () => {
    const file = temporaryFile();
    const store = new SqliteEventStore(file);
    await store.appendToStream('counter', [
      { type: 'Started', data: {}, metadata: { actor: 'test', occurredAt: new Date().toISOString() } },
    ]);
    const writers = ['w1', 'w2', 'w3'];
    await Promise.all(writers.map((writer) => raceFromChildProcess(file, 'counter', writer, 40)));

    const events = await store.readStream('counter');
    expect(events.map((event) => event.revision)).toEqual(Array.from({ length: 121 }, (_, revision) => revision));
    for (const writer of writers) {
      expect(
        events.filter((event) => (event.data as { writer?: string }).writer === writer).map((event) => (event.data as { n: number }).n),
      ).toEqual(Array.from({ length: 40 }, (_, n) => n));
    }
    await store.close();
  }, 30_000);

  it('interleaves appends of two store instances and another process on one file: no gap, no duplicate, every window complete', async () => {
    const file = temporaryFile();
    const stores = [new SqliteEventStore(file, { recentEventsKept: 50 }), new SqliteEventStore(file, { recentEventsKept: 50 })];
    const metadata = { actor: 'test', occurredAt: new Date().toISOString() };
    const event = (writer: string, n: number): EventToAppend => ({ type: 'Counted', data: { writer, n }, metadata });
    // Both windows follow the head before the others append.
    await stores[0].appendToStream('warm', [event('warm', 0)]);
    for (const store of stores) expect(await store.readAll()).toHaveLength(1);

    const fromInstance = (index: number) =>
      Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          stores[index].appendToStream(`s${index}-${n % 4}`, [event(`i${index}`, n), event(`i${index}`, n)]),
        ),
      );
    const fromProcess = appendFromChildProcess(
      stores[0],
      'child',
      Array.from({ length: 20 }, (_, n) => event('child', n)),
    );
    const reading = (async () => {
      // Reads from the windows while the appends interleave: each read continues the last without a gap.
      for (let round = 0; round < 20; round++) {
        const events = await stores[1].readAll();
        events.forEach((recorded, index) => expect(recorded.position).toBe(BigInt(index + 1)));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const results = (await Promise.all([fromInstance(0), fromInstance(1), fromProcess, reading])).slice(0, 2).flat() as {
      position: bigint;
    }[];

    expect(new Set(results.map((result) => result.position)).size).toBe(60);
    for (const store of stores) {
      const all = await store.readAll();
      expect(all).toHaveLength(1 + 120 + 20);
      expect(all.map((recorded) => recorded.position)).toEqual(all.map((_, index) => BigInt(index + 1)));
      // Read after the head seen earlier: the window holds the other writers' events too.
      expect(await store.readAll({ after: 100n })).toHaveLength(41);
      expect(await store.headPosition()).toBe(141n);
    }
    for (const store of stores) await store.close();
  }, 30_000);

  it('keeps events across reopening the file', async () => {
    const file = temporaryFile();
    const first = new SqliteEventStore(file);
    const { position } = await first.appendToStream('doc-1', [
      { type: 'Created', data: { title: 'Hi' }, metadata: { actor: 'test', occurredAt: '2025-01-01T00:00:00.000Z' } },
    ]);
    await first.close();
    const reopened = new SqliteEventStore(file);
    expect(await reopened.readAll()).toMatchObject([{ position, streamName: 'doc-1', revision: 0, data: { title: 'Hi' } }]);
    expect(await reopened.headPosition()).toBe(position);
    await reopened.close();
  });
});
