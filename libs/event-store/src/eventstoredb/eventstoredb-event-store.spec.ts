import { describeEventStoreContract } from '../event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const eventStoreUrl = process.env.EVENTSTORE_URL;

if (eventStoreUrl) {
  describeEventStoreContract('EventStoreDB', async () => EventStoreDbEventStore.connect(eventStoreUrl), {
    openAnother: async () => EventStoreDbEventStore.connect(eventStoreUrl),
  });
} else {
  describe('EventStore contract: EventStoreDB', () => {
    it.todo('runs against EventStoreDB when EVENTSTORE_URL is set');
  });
}
