/**
 * Throughput of the SQLite event store on a temporary file (durable settings: WAL, synchronous=FULL).
 * Run: npm run bench   (node -r @swc-node/register test/bench/event-store.bench.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore, type EventToAppend } from '@app/event-store';

const SINGLE_APPENDS = 3_000;
const BATCHES = 1_000;
const BATCH_SIZE = 10;
const STREAMS = 100;
const READ_PAGE = 1_000;

interface Measurement {
  scenario: string;
  events: number;
  seconds: number;
}

function benchEvent(index: number): EventToAppend {
  return {
    type: 'ArticlePublished',
    data: { articleId: index, title: `Article ${index}`, body: 'Lorem ipsum dolor sit amet, '.repeat(8), tags: ['typescript', 'nestjs'] },
    metadata: { actor: 'bench', correlationId: `bench-${index}`, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

async function timed(scenario: string, events: number, work: () => Promise<void>): Promise<Measurement> {
  const started = performance.now();
  await work();
  return { scenario, events, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'event-store-bench-'));
  const store = new SqliteEventStore(join(directory, 'events.sqlite'));
  const revisions = new Map<string, number>();
  const appendWithRevision = async (streamName: string, events: EventToAppend[]) => {
    const result = await store.appendToStream(streamName, events, { expectedRevision: revisions.get(streamName) ?? 'no_stream' });
    revisions.set(streamName, result.nextExpectedRevision);
  };

  try {
    const results: Measurement[] = [];
    results.push(
      await timed('append, 1 event per call', SINGLE_APPENDS, async () => {
        for (let i = 0; i < SINGLE_APPENDS; i += 1) await appendWithRevision(`article-${i % STREAMS}`, [benchEvent(i)]);
      }),
    );
    results.push(
      await timed(`append, ${BATCH_SIZE} events per call`, BATCHES * BATCH_SIZE, async () => {
        for (let i = 0; i < BATCHES; i += 1) {
          const events = Array.from({ length: BATCH_SIZE }, (_, n) => benchEvent(i * BATCH_SIZE + n));
          await appendWithRevision(`question-${i % STREAMS}`, events);
        }
      }),
    );

    const total = SINGLE_APPENDS + BATCHES * BATCH_SIZE;
    results.push(
      await timed(`read $all, pages of ${READ_PAGE}`, total, async () => {
        let after: bigint | null = null;
        let read = 0;
        for (;;) {
          const page = await store.readAll({ after, maxCount: READ_PAGE });
          if (page.length === 0) break;
          read += page.length;
          after = page[page.length - 1].position;
        }
        if (read !== total) throw new Error(`read ${read} events, expected ${total}`);
      }),
    );
    results.push(
      await timed('subscribeToAll catch-up', total, async () => {
        let delivered = 0;
        await new Promise<void>((resolve, reject) => {
          const subscription = store.subscribeToAll({
            onEvent: () => {
              delivered += 1;
              if (delivered === total) void subscription.unsubscribe().then(resolve);
            },
            onError: reject,
          });
        });
      }),
    );

    console.log(`SQLite event store (WAL, synchronous=FULL), ${total} events, temporary file under ${tmpdir()}\n`);
    console.table(
      results.map(({ scenario, events, seconds }) => ({
        scenario,
        events,
        seconds: Number(seconds.toFixed(3)),
        'events/s': Math.round(events / seconds),
      })),
    );
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
