import { watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { SqliteEventStore, wakeSubscriptions, type EventStore } from '@app/event-store';

/**
 * After the last write of a burst, one more call: a WAL write is seen (inotify) before the commit
 * that ends it is visible to readers (the fsync and the wal-index update come after it), so the
 * call at the next turn may find nothing new; this later one finds it.
 */
const TRAILING_MS = 3;

/**
 * Calls `onWrite` when `fileName` in `directory` is written, at most once per event-loop turn
 * plus once TRAILING_MS after the last write (a write makes one inotify event per write call:
 * dozens per commit). The directory is watched, not the file: SQLite may create the WAL after
 * this starts, or remove it when the last connection closes. Returns how to stop.
 */
export function watchWrites(directory: string, fileName: string, onWrite: () => void, onError: (message: string) => void): () => void {
  let scheduled = false;
  let trailing: NodeJS.Timeout | undefined;
  const call = () => {
    scheduled = false;
    onWrite();
  };
  try {
    const watcher = watch(directory, { persistent: false }, (_event, file) => {
      if (file !== fileName) return;
      if (!scheduled) {
        scheduled = true;
        setImmediate(call);
      }
      if (trailing) trailing.refresh();
      else
        trailing = setTimeout(() => {
          trailing = undefined;
          onWrite();
        }, TRAILING_MS).unref();
    });
    watcher.on('error', (error) => onError(`Watching ${fileName}: ${error.message}; polling instead`));
    return () => {
      clearTimeout(trailing);
      watcher.close();
    };
  } catch (error) {
    onError(`Watching ${fileName} is unavailable, polling instead: ${String(error)}`);
    return () => undefined;
  }
}

/**
 * A projector learns of another process's appends (the API's) when the event log's WAL is written,
 * instead of at its subscriptions' next poll. Only the SQLite event store: EventStoreDB pushes.
 */
export function watchAppends(eventStore: EventStore, onError: (message: string) => void): () => void {
  if (!(eventStore instanceof SqliteEventStore)) return () => undefined;
  const file = eventStore.filePath;
  return watchWrites(dirname(file), `${basename(file)}-wal`, () => wakeSubscriptions(file), onError);
}
