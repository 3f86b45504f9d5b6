import type { AppConfig } from '@app/config';
import type { CheckpointChannel } from '@app/projections';
import Redis from 'ioredis';
import { watchWrites } from './file-writes';

const REDIS_CHANNEL = 'devcommunity:checkpoints';
/** The message a spawned projector sends its parent when its checkpoints moved. */
export const CHECKPOINTS_MOVED = 'checkpoints-moved';

/**
 * The channel between the projector and the API processes: Redis pub/sub when REDIS_URL is set;
 * embedded (SQLite read store), an API process watches the read store's WAL file, which every
 * committed batch of any process writes. None otherwise (`waitFor` polls the stored checkpoints):
 * MongoDB without Redis, or a process that runs the projections itself (`all`, `projector`).
 */
export function createCheckpointChannel(config: AppConfig, onError: (message: string) => void): CheckpointChannel | undefined {
  const shared = sharedChannel(config, onError);
  return config.role === 'projector' && process.env.SITE_PROJECTOR_IPC === '1' ? new ParentProcessChannel(shared) : shared;
}

function sharedChannel(config: AppConfig, onError: (message: string) => void): CheckpointChannel | undefined {
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
  private unwatch?: () => void;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly directory: string,
    private readonly walFile: string,
    private readonly onError: (message: string) => void,
  ) {}

  publish(): void {}

  subscribe(onMoved: () => void): () => void {
    this.unwatch ??= watchWrites(
      this.directory,
      this.walFile,
      () => this.listeners.forEach((listener) => listener()),
      (message) => this.onError(`Checkpoint channel (WAL watch): ${message}`),
    );
    this.listeners.add(onMoved);
    return () => this.listeners.delete(onMoved);
  }

  async close(): Promise<void> {
    this.unwatch?.();
  }
}

/**
 * The projector that `npm start` spawns (SITE_PROJECTOR_IPC=1) tells its parent, the API process,
 * over their IPC channel: one message per turn in which checkpoints moved (see SpawnedProjector).
 * Other processes on the same DATA_DIR learn of it as they would from any projector (`others`).
 */
class ParentProcessChannel implements CheckpointChannel {
  private publishing = false;

  constructor(private readonly others: CheckpointChannel | undefined) {}

  publish(): void {
    this.others?.publish();
    if (this.publishing) return;
    this.publishing = true;
    setImmediate(() => {
      this.publishing = false;
      if (process.connected) process.send?.(CHECKPOINTS_MOVED);
    });
  }

  subscribe(onMoved: () => void): () => void {
    return this.others?.subscribe(onMoved) ?? (() => undefined);
  }

  async close(): Promise<void> {
    await this.others?.close();
  }
}
