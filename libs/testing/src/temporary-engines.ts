import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore, type EventStore } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';

/** The SQLite event store and read store of one temporary data folder, as `useTemporaryEngines` keeps them. */
export interface TemporaryEngines {
  readonly dataDir: string;
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** Closes both stores and opens them again on the same folder: a process restart. */
  restart(): Promise<void>;
}

/**
 * Gives each test of the calling `describe` a fresh event store and read store in one temporary
 * folder, closed and removed after the test. Call it at describe level; read its fields inside tests
 * (they change with each test and each `restart`).
 */
export function useTemporaryEngines(prefix = 'engines-'): TemporaryEngines {
  let current: { dataDir: string; eventStore: EventStore; readStore: ReadStore } | undefined;
  const opened = () => {
    if (!current) throw new Error('The temporary engines exist only inside a test (useTemporaryEngines at describe level).');
    return current;
  };
  const open = async (dataDir: string) => {
    current = { dataDir, eventStore: createEventStore({ dataDir }), readStore: await createReadStore({ dataDir }) };
  };
  const close = async () => {
    const { readStore, eventStore } = opened();
    await readStore.close();
    await eventStore.close();
  };

  beforeEach(() => open(mkdtempSync(join(tmpdir(), prefix))));
  afterEach(async () => {
    const { dataDir } = opened();
    await close();
    rmSync(dataDir, { recursive: true, force: true });
    current = undefined;
  });

  return {
    get dataDir() {
      return opened().dataDir;
    },
    get eventStore() {
      return opened().eventStore;
    },
    get readStore() {
      return opened().readStore;
    },
    restart: async () => {
      const { dataDir } = opened();
      await close();
      await open(dataDir);
    },
  };
}
