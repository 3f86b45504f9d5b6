import type { AllStreamResolvedEvent, AllStreamSubscription } from '@eventstore/db-client';
import type { RecordedEvent, SubscribeToAllOptions, Subscription } from '../event-store.port';
import { reportSubscriptionError } from '../report-subscription-error';

/**
 * Drives an EventStoreDB catch-up subscription: iterating the stream one event at a time gives
 * backpressure, so the handler is awaited before the next event is pulled.
 */
export class EventStoreDbSubscription implements Subscription {
  private running = true;
  private readonly done: Promise<void>;

  constructor(
    private readonly source: AllStreamSubscription,
    after: bigint | null,
    toRecordedEvent: (resolved: AllStreamResolvedEvent) => RecordedEvent | null,
    private readonly options: SubscribeToAllOptions,
  ) {
    this.done = this.run(after, toRecordedEvent);
  }

  async unsubscribe(): Promise<void> {
    if (this.running) {
      this.running = false;
      await this.source.unsubscribe();
    }
    await this.done;
  }

  private async run(after: bigint | null, toRecordedEvent: (resolved: AllStreamResolvedEvent) => RecordedEvent | null): Promise<void> {
    try {
      for await (const resolved of this.source) {
        if (!this.running) break;
        const event = toRecordedEvent(resolved);
        // The server starts after `after` already; the check keeps "exclusive" true whatever it does.
        if (!event || (after !== null && event.position <= after)) continue;
        await this.options.onEvent(event);
      }
      if (this.running) throw new Error('EventStoreDB ended the $all subscription');
    } catch (error) {
      if (!this.running) return;
      this.running = false;
      await this.source.unsubscribe().catch(() => undefined);
      reportSubscriptionError(this.options, error);
    }
  }
}
