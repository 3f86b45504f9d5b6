import type { RecordedEvent } from '@app/event-store';
import { OpenedPersonalData, type Projection } from '@app/projections';
import type { ReadStoreTransaction } from '@app/read-store';

/** How many times the tally projection applied one event (exactly once: 1), by the event's id. */
export interface Tally {
  id: string;
  /** The `index` of the event's data (absent when it has none). */
  index?: number;
  times: number;
  /** The version of the projection that wrote it. */
  version: number;
  [field: string]: unknown;
}

export interface TallyOptions {
  /** Defaults to 1. */
  version?: number;
  /** Called by its prefetch (a key store, say): throwing there is an outage. */
  prefetch?: () => void;
  /** The event indexes it throws `cannot count <index>` on (poison). */
  poison?: (index: number) => boolean;
}

/** The runner specs' projection `tally`: counts its applies of each `Counted` event in the collection `tally`. */
export function tallyProjection(options: TallyOptions = {}): Projection {
  const version = options.version ?? 1;
  return {
    name: 'tally',
    version,
    collections: ['tally'],
    handles: ['Counted'],
    prefetch: async () => {
      options.prefetch?.();
      return OpenedPersonalData.none;
    },
    async apply(event: RecordedEvent, tx: ReadStoreTransaction) {
      const { index } = event.data as { index?: number };
      if (index !== undefined && options.poison?.(index)) throw new Error(`cannot count ${index}`);
      const existing = await tx.get<Tally>('tally', event.id);
      await tx.upsert<Tally>('tally', { id: event.id, index, times: (existing?.times ?? 0) + 1, version });
    },
  };
}
