import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';
import { prefetchFor, type Projection } from '@app/projections';

/** Fixtures shared by the projection specs: recorded events, a throw-away read store, applying events. */

export interface RecordedEventOptions {
  /** Defaults to `event-<position>`. */
  id?: string;
  /** Defaults to `ada`. */
  actor?: string;
  correlationId?: string;
  /** Defaults to 2026-01-01T00:00:00.000Z. */
  occurredAt?: string;
}

// One counter per spec file (jest loads modules per file): positions grow in creation order, like `$all`.
let position = 0n;

export function recordedEvent(
  streamName: string,
  type: string,
  data: Record<string, unknown>,
  options: RecordedEventOptions = {},
): RecordedEvent {
  const { actor = 'ada', correlationId, occurredAt = '2026-01-01T00:00:00.000Z' } = options;
  position += 1n;
  return {
    id: options.id ?? `event-${position}`,
    streamName,
    revision: 0,
    position,
    type,
    data,
    metadata: { actor, ...(correlationId === undefined ? {} : { correlationId }), occurredAt },
    recordedAt: new Date(),
  };
}

/**
 * Gives each test of the calling `describe` a fresh SQLite read store in a temporary folder,
 * closed and removed after the test. Call it at describe level; call the returned getter inside tests.
 */
export function useTemporaryReadStore(): () => ReadStore {
  let dataDir: string | undefined;
  let readStore: ReadStore | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'projection-read-store-'));
    readStore = await createReadStore({ dataDir });
  });
  afterEach(async () => {
    await readStore?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    readStore = undefined;
    dataDir = undefined;
  });

  return () => {
    if (!readStore) throw new Error('The temporary read store exists only inside a test (useTemporaryReadStore at describe level).');
    return readStore;
  };
}

/**
 * Applies the events in ONE read-store transaction, skipping those the projection does not handle,
 * after its prefetch for them, as the runner does.
 */
export async function applyEvents(readStore: ReadStore, projection: Projection, ...events: RecordedEvent[]): Promise<void> {
  const opened = await prefetchFor(projection, events);
  return readStore.transaction(async (tx) => {
    for (const event of events) {
      if (projection.handles.includes(event.type)) await projection.apply(event, tx, opened);
    }
  });
}
