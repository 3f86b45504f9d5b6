import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore, type EventToAppend } from '@app/event-store';
import { formatNumber, type Figure } from '../support/report';
import type { Scenario } from '../support/scenario';

const WRITERS = 32;

function benchEvent(index: number): EventToAppend {
  return {
    type: 'ArticleEdited',
    data: {
      title: `Article ${index}`,
      description: 'Type parameters',
      body: 'Lorem ipsum dolor sit amet, '.repeat(8),
      tags: [{ id: 1, subTag: 'csharp' }],
    },
    metadata: { actor: 'bench', correlationId: `bench-${index}`, occurredAt: new Date().toISOString() },
  };
}

async function eventsPerSecond(events: number, work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return events / ((performance.now() - started) / 1000);
}

/** The floor: the same table, the same pragmas, one INSERT per BEGIN IMMEDIATE ... COMMIT, nothing else. */
function rawInsertLoop(file: string, events: number): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL,
    revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream, revision))`);
  const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const append = db.transaction((index: number) => {
    const event = benchEvent(index);
    insert.run(
      randomUUID(),
      `raw-${index}`,
      0,
      event.type,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
      new Date().toISOString(),
    );
  });
  const started = performance.now();
  for (let index = 0; index < events; index += 1) append.immediate(index);
  const rate = events / ((performance.now() - started) / 1000);
  db.close();
  return rate;
}

export const appendsScenario: Scenario = {
  id: 'appends',
  title: 'Appends: SqliteEventStore against a raw better-sqlite3 insert-and-commit loop; 32 concurrent writers against one',
  async run({ quick }) {
    const events = quick ? 1_000 : 10_000;
    const directory = mkdtempSync(join(tmpdir(), 'bench-appends-'));
    const store = new SqliteEventStore(join(directory, 'events.sqlite'));
    try {
      const raw = rawInsertLoop(join(directory, 'raw.sqlite'), events);
      const oneWriter = await eventsPerSecond(events, async () => {
        for (let index = 0; index < events; index += 1)
          await store.appendToStream(`one-${index}`, [benchEvent(index)], { expectedRevision: 'no_stream' });
      });
      const concurrent = await eventsPerSecond(events, async () => {
        await Promise.all(
          Array.from({ length: WRITERS }, async (_, writer) => {
            for (let index = writer; index < events; index += WRITERS)
              await store.appendToStream(`many-${index}`, [benchEvent(index)], { expectedRevision: 'no_stream' });
          }),
        );
      });
      const batched = await eventsPerSecond(events, async () => {
        for (let index = 0; index < events; index += 10)
          await store.appendToStream(
            `batch-${index}`,
            Array.from({ length: 10 }, (_, n) => benchEvent(index + n)),
            { expectedRevision: 'no_stream' },
          );
      });
      const total = (await store.headPosition()) ?? 0n;
      const readAll = await eventsPerSecond(Number(total), async () => {
        let after: bigint | null = null;
        for (;;) {
          const page = await store.readAll({ after, maxCount: 1_000 });
          if (page.length === 0) break;
          after = page[page.length - 1].position;
        }
      });
      const figures: Figure[] = [
        {
          name: '1 writer, 1 event per append',
          value: oneWriter,
          unit: 'events/s',
          baseline: { name: 'raw insert-and-commit loop', value: raw },
        },
        {
          name: `${WRITERS} concurrent writers, 1 event per append`,
          value: concurrent,
          unit: 'events/s',
          baseline: { name: '1 writer', value: oneWriter },
        },
        {
          name: `${WRITERS} concurrent writers`,
          value: concurrent,
          unit: 'events/s',
          baseline: { name: 'raw insert-and-commit loop', value: raw },
        },
        {
          name: '1 writer, 10 events per append',
          value: batched,
          unit: 'events/s',
          baseline: { name: '1 event per append', value: oneWriter },
        },
        { name: 'read $all, pages of 1,000', value: readAll, unit: 'events/s' },
      ];
      return {
        figures,
        summary: [
          {
            path: `appends, 1 writer / ${WRITERS} writers`,
            measured:
              `${formatNumber(oneWriter)} / ${formatNumber(concurrent)} events/s ` +
              `(${formatNumber(oneWriter / raw)}x / ${formatNumber(concurrent / raw)}x the raw insert-and-commit loop)`,
            target: `${WRITERS} writers share transactions and fsyncs (group commit)`,
          },
        ],
        notes: [
          `${events.toLocaleString('en')} events per run, each to a new stream with expected revision no_stream, on a temporary file (WAL, synchronous=FULL), in this process.`,
          `Raw loop: the same table and pragmas, one INSERT in one BEGIN IMMEDIATE ... COMMIT per event: one fsync per event, the floor without group commit.`,
          `${WRITERS} concurrent writers: ${WRITERS} async loops in one process, each awaiting its own appends; without group commit they take turns, one fsync each.`,
        ],
      };
    } finally {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    }
  },
};
