import type { RecordedEvent, SubscribeToAllOptions, Subscription } from '../event-store.port';
import { reportSubscriptionError } from '../report-subscription-error';

/** What a polling subscription needs from the store underneath it. */
export interface PollingSource {
  /** Up to `maxCount` events of `$all` strictly after `position`, in position order. */
  readAfter(position: bigint, maxCount: number): RecordedEvent[];
  /** Registers a listener called after every append made in this process; returns its removal. */
  onAppended(listener: () => void): () => void;
}

export interface PollingOptions {
  batchSize: number;
  /** How often to look for events appended by other processes while idle. */
  pollIntervalMs: number;
}

/**
 * A catch-up subscription over a store that can only be read, not pushed from: read batches
 * after the last delivered position until nothing is left, then sleep until this process
 * appends (instant) or the poll interval elapses (other processes). Tracking the position of
 * the last delivered event is what makes delivery exactly-once and in order.
 */
export class PollingSubscription implements Subscription {
  private running = true;
  private appendedSinceLastRead = true;
  private wake: (() => void) | null = null;
  private readonly stopListening: () => void;
  private readonly done: Promise<void>;

  constructor(
    private readonly source: PollingSource,
    private readonly options: SubscribeToAllOptions,
    private readonly polling: PollingOptions,
  ) {
    this.stopListening = source.onAppended(() => {
      this.appendedSinceLastRead = true;
      this.wake?.();
    });
    // Deferred so that no handler runs before subscribeToAll has returned.
    this.done = Promise.resolve().then(() => this.run(options.after ?? 0n));
  }

  async unsubscribe(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.done;
  }

  private async run(after: bigint): Promise<void> {
    let position = after;
    try {
      while (this.running) {
        this.appendedSinceLastRead = false;
        const batch = this.source.readAfter(position, this.polling.batchSize);
        for (const event of batch) {
          if (!this.running) return;
          await this.options.onEvent(event);
          position = event.position;
        }
        const caughtUp = batch.length < this.polling.batchSize && !this.appendedSinceLastRead;
        if (caughtUp && this.running) await this.idle();
      }
    } catch (error) {
      this.running = false;
      reportSubscriptionError(this.options, error);
    } finally {
      this.stopListening();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(finish, this.polling.pollIntervalMs);
      this.wake = finish;
    });
  }
}
