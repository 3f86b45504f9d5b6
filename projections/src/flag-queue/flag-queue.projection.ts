import type { FlagAction, FlagQueueStatus, FlagReason } from '@app/contracts';
import { FLAG_EVENTS, type FlagEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { sortablePosition } from '../moderation-log/moderation-log.projection';
import type { Projection } from '../projection';

export const FLAG_QUEUE_COLLECTION = 'flag_queue';

export interface FlagQueueFlag {
  flaggerId: string;
  reason: FlagReason;
  note: string;
  counts: boolean;
  at: string;
}

/**
 * The review queue (Discourse's one `Reviewable` per target): one row per flagged item. A flag on a
 * resolved item reopens its row with a new round; names, titles and links are joined at read time.
 */
export interface FlagQueueDocument {
  /** `<entityType>-<id>`. */
  id: string;
  entityType: number;
  itemId: number;
  status: FlagQueueStatus;
  /** Hidden by its flags and not yet resolved otherwise. */
  isHidden: boolean;
  /** The open round's flags (once resolved, the settled round's). */
  flags: FlagQueueFlag[];
  lastFlaggedAt: string;
  /** `$all` position of the latest change, sortable as a string: the queue's order. */
  position: string;
  resolution: { action: FlagAction; note: string; by: string; at: string } | null;
  [field: string]: unknown;
}

export const flagQueueId = (entityType: number, id: number) => `${entityType}-${id}`;

export const flagQueueProjection: Projection = {
  name: 'flag-queue',
  version: 1,
  collections: [FLAG_QUEUE_COLLECTION],
  handles: FLAG_EVENTS,
  indexes: { [FLAG_QUEUE_COLLECTION]: [['status', 'position']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as FlagEvent;
    const id = flagQueueId(event.data.entityType, event.data.id);
    const row = await tx.get<FlagQueueDocument>(FLAG_QUEUE_COLLECTION, id);
    const position = sortablePosition(recorded.position);
    switch (event.type) {
      case 'ItemFlagged': {
        const { flaggerId, reason, note, counts, hides, at } = event.data;
        const reopened = !row || row.status === 'resolved';
        await tx.upsert<FlagQueueDocument>(FLAG_QUEUE_COLLECTION, {
          id,
          entityType: event.data.entityType,
          itemId: event.data.id,
          status: 'open',
          isHidden: (!reopened && row.isHidden) || hides,
          flags: [...(reopened ? [] : row.flags), { flaggerId, reason, note, counts, at }],
          lastFlaggedAt: at,
          position,
          resolution: null,
        });
        return;
      }
      case 'FlagsResolved': {
        if (!row) return;
        const { action, note, at } = event.data;
        await tx.upsert<FlagQueueDocument>(FLAG_QUEUE_COLLECTION, {
          ...row,
          status: 'resolved',
          isHidden: false,
          position,
          resolution: { action, note, by: recorded.metadata.actor, at },
        });
        return;
      }
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
};
