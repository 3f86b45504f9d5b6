import { READING_LIST_EVENTS, type PostEntityType, type ReadingListEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { sortablePosition } from '../moderation-log/moderation-log.projection';
import type { Projection } from '../projection';

export const READING_LIST_COLLECTION = 'reading-list';

/** One document per post on a reader's reading list while it stays there (unsaving removes it). */
export interface ReadingListDocument {
  /** The reading-list stream's name, `reading-<entityType>-<postId>-<accountId>`. */
  id: string;
  entityType: PostEntityType;
  postId: number;
  accountId: string;
  at: string;
  /** `$all` position of the save: the keyset id of the list, newest saved first. */
  seq: number;
  position: string;
  [field: string]: unknown;
}

export const readingListProjection: Projection = {
  name: 'reading-list',
  version: 1,
  collections: [READING_LIST_COLLECTION],
  handles: READING_LIST_EVENTS,
  indexes: { [READING_LIST_COLLECTION]: [['accountId', 'seq']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as ReadingListEvent;
    if (event.type === 'PostUnsaved') return tx.delete(READING_LIST_COLLECTION, recorded.streamName);
    const { entityType, postId, accountId, at } = event.data;
    await tx.upsert<ReadingListDocument>(READING_LIST_COLLECTION, {
      id: recorded.streamName,
      entityType,
      postId,
      accountId,
      at,
      seq: Number(recorded.position),
      position: sortablePosition(recorded.position),
    });
  },
};
