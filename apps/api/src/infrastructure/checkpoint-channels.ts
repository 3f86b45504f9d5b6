import { watch, type FSWatcher } from 'node:fs';
import type { AppConfig } from '@app/config';
import type { CheckpointChannel } from '@app/projections';
import Redis from 'ioredis';

const REDIS_CHANNEL = 'devcommunity:checkpoints';

/**
 * The channel between the projector and the API processes: Redis pub/sub when REDIS_URL is set;
 * embedded (SQLite read store), an API process watches the read store's WAL file, which every
 * committed batch of any process writes. None otherwise (`waitFor` polls the stored checkpoints):
 * MongoDB without Redis, or a process that runs the projections itself (`all`, `projector`).
 */
export function createCheckpointChannel(config: AppConfig, onError: (message: string) => void): CheckpointChannel | undefined {
  if (config.redisUrl) return new RedisCheckpointChannel(config.redisUrl, onError);
  if (config.role === 'api' && !config.mongodbUrl) return new WalWatchChannel(config.dataDir, 'read.sqlite-wal', onError);
  return undefined;
}

/** The projector publishes (at most one message per turn of the event loop); every API process listens. */
class RedisCheckpointChannel implements CheckpointChannel {
  private readonly publisher: Redis;
  private subscriber?: Redis;
  private readonly listeners = new Set<() => void>();
  private publishing = false;

  constructor(
    private readonly url: string,
    private readonly onError: (message: string) => void,
  ) {
    this.publisher = this.connect();
  }

  publish(): void {
    if (this.publishing) return;
    this.publishing = true;
    setImmediate(() => {
      this.publishing = false;
      this.publisher.publish(REDIS_CHANNEL, '1').catch(() => undefined); // a lost wake-up costs one fallback poll
    });
  }

  subscribe(onMoved: () => void): () => void {
    if (!this.subscriber) {
      this.subscriber = this.connect();
      this.subscriber.on('message', () => this.listeners.forEach((listener) => listener()));
      this.subscriber.subscribe(REDIS_CHANNEL).catch((error: unknown) => this.onError(`Checkpoint channel: ${String(error)}`));
    }
    this.listeners.add(onMoved);
    return () => this.listeners.delete(onMoved);
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber?.disconnect();
  }

  private connect(): Redis {
    // Never queue commands while Redis is away: publishing is best effort, and ioredis re-subscribes on reconnect.
    const client = new Redis(this.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    let reported = false;
    client.on('error', (error: Error) => {
      if (!reported) this.onError(`Checkpoint channel (Redis): ${error.message}; waiting commands poll meanwhile`);
      reported = true;
    });
    client.on('ready', () => (reported = false));
    return client;
  }
}

/** Embedded: a commit of any process on this DATA_DIR writes the WAL; publishing is that write itself. */
class WalWatchChannel implements CheckpointChannel {
  private watcher?: FSWatcher;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly directory: string,
    private readonly walFile: string,
    private readonly onError: (message: string) => void,
  ) {}

  publish(): void {}

  subscribe(onMoved: () => void): () => void {
    if (!this.watcher) {
      try {
        // The directory, not the file: SQLite may create the WAL after this starts, or remove it when the last connection closes.
        this.watcher = watch(this.directory, { persistent: false }, (_event, file) => {
          if (file === this.walFile) this.listeners.forEach((listener) => listener());
        });
        this.watcher.on('error', (error) => this.onError(`Checkpoint channel (WAL watch): ${error.message}; waiting commands poll`));
      } catch (error) {
        this.onError(`Checkpoint channel (WAL watch) unavailable, waiting commands poll: ${String(error)}`);
      }
    }
    this.listeners.add(onMoved);
    return () => this.listeners.delete(onMoved);
  }

  async close(): Promise<void> {
    this.watcher?.close();
  }
}
