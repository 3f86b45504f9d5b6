import type { Actor } from '../posts/authorization';
import type { LikeTarget } from './like-targets';

/**
 * Likes (`isLiked: true`) or unlikes an item. `targetVisible`: the item exists, is not deleted and
 * the actor may see it (the API reads it before deciding). Setting the current value changes nothing.
 */
export interface SetLike {
  type: 'SetLike';
  target: LikeTarget;
  targetId: number;
  targetVisible: boolean;
  actor: Actor;
  isLiked: boolean;
  now: Date;
}

export type LikeCommand = SetLike;
