import type { ToggleEvent } from '../shared/toggle';
import type { LikeEntityType } from './like-targets';

/**
 * One user's like of one item. The stream is per (item, user), so its expected revision is what
 * makes a like count once: two racing likes of one user cannot both be appended after "not liked".
 */
export interface LikeData {
  entityType: LikeEntityType;
  targetId: number;
  /** The liker's opaque account id. */
  accountId: string;
  at: string;
}

export type LikeEvent = ToggleEvent<'Liked', 'Unliked', LikeData>;

export const LIKE_STREAM_PREFIX = 'like-';
/** `like-<entityType>-<id>-<accountId>`. */
export const likeStreamName = (entityType: LikeEntityType, targetId: number, accountId: string) =>
  `${LIKE_STREAM_PREFIX}${entityType}-${targetId}-${accountId}`;
