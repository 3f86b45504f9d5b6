import type { EventStore } from '@app/event-store';
import type { SiteMetrics } from './site-metrics';

/** The site's event store, counting the events this process appends (`devcommunity_events_appended_total`). */
export function countingEventStore(eventStore: EventStore, metrics: SiteMetrics): EventStore {
  return {
    async appendToStream(streamName, events, options) {
      const result = await eventStore.appendToStream(streamName, events, options);
      metrics.recordAppended(events.length);
      return result;
    },
    readStream: (streamName, options) => eventStore.readStream(streamName, options),
    readAll: (options) => eventStore.readAll(options),
    subscribeToAll: (options) => eventStore.subscribeToAll(options),
    headPosition: () => eventStore.headPosition(),
    countAfter: (after, options) => eventStore.countAfter(after, options),
    close: () => eventStore.close(),
  };
}
