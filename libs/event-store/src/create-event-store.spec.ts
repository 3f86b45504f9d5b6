import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from './create-event-store';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

describe('createEventStore', () => {
  it('uses SQLite at <dataDir>/events.sqlite when no EventStoreDB URL is configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'create-event-store-'));
    const store = createEventStore({ dataDir });
    expect(store).toBeInstanceOf(SqliteEventStore);
    expect((store as SqliteEventStore).filePath).toBe(join(dataDir, 'events.sqlite'));
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uses EventStoreDB when a URL is configured (connecting lazily)', async () => {
    const store = createEventStore({ dataDir: '/unused', eventStoreUrl: 'esdb://localhost:2113?tls=false' });
    expect(store).toBeInstanceOf(EventStoreDbEventStore);
    await store.close();
  });
});
