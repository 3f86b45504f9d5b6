import type { LikeEntityType, LikeEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { sortablePosition } from '../moderation-log/moderation-log.projection';
import type { Projection } from '../projection';
import { LIKE_EVENTS } from './like-counts';

export const LIKES_COLLECTION = 'likes';

/**
 * Who likes what now: one document per like stream while the like stands (an unlike removes it).
 * The likes modal lists an item's likers newest first (by `position`); `isLikedByMe` is a get by id.
 */
export interface LikeDocument {
  /** The like stream's name, `like-<entityType>-<targetId>-<accountId>`. */
  id: string;
  entityType: LikeEntityType;
  targetId: number;
  accountId: string;
  /** When the standing like was given. */
  at: string;
  /** `$all` position of the standing like, zero-padded: string order is like order. */
  position: string;
  [field: string]: unknown;
}

export const likesProjection: Projection = {
  name: 'likes',
  version: 1,
  collections: [LIKES_COLLECTION],
  handles: LIKE_EVENTS,
  indexes: { [LIKES_COLLECTION]: [['entityType', 'targetId', 'position'], ['accountId']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as LikeEvent;
    if (event.type === 'Unliked') return tx.delete(LIKES_COLLECTION, recorded.streamName);
    const { entityType, targetId, accountId, at } = event.data;
    await tx.upsert<LikeDocument>(LIKES_COLLECTION, {
      id: recorded.streamName,
      entityType,
      targetId,
      accountId,
      at,
      position: sortablePosition(recorded.position),
    });
  },
};
