import { FOLLOW_EVENTS, followTargetKey, type FollowEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import { sortablePosition } from '../moderation-log/moderation-log.projection';
import type { Projection } from '../projection';

export const FOLLOWS_COLLECTION = 'follows';

/**
 * Who follows whom and which tags, now: one document per follow stream while the follow stands
 * (an unfollow removes it). Followers lists page newest first by `seq`; counts are counts.
 */
export interface FollowDocument {
  /** The follow stream's name. */
  id: string;
  targetType: 'user' | 'tag';
  /** `user:<accountId>` or `tag:<tagId>`. */
  target: string;
  /** The followed account id, or the tag id as a string. */
  targetId: string;
  followerId: string;
  at: string;
  /** `$all` position of the standing follow: the keyset id of the followers and following lists. */
  seq: number;
  position: string;
  [field: string]: unknown;
}

export const followsProjection: Projection = {
  name: 'follows',
  version: 1,
  collections: [FOLLOWS_COLLECTION],
  handles: FOLLOW_EVENTS,
  indexes: {
    [FOLLOWS_COLLECTION]: [
      ['target', 'seq'],
      ['followerId', 'targetType', 'seq'],
    ],
  },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as FollowEvent;
    if (event.type === 'Unfollowed') return tx.delete(FOLLOWS_COLLECTION, recorded.streamName);
    const { target, followerId, at } = event.data;
    await tx.upsert<FollowDocument>(FOLLOWS_COLLECTION, {
      id: recorded.streamName,
      targetType: target.kind,
      target: followTargetKey(target),
      targetId: target.kind === 'user' ? target.accountId : String(target.tagId),
      followerId,
      at,
      seq: Number(recorded.position),
      position: sortablePosition(recorded.position),
    });
  },
};
