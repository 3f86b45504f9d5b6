import type { Actor } from '../posts/authorization';
import type { FollowTarget } from './events';

/**
 * Follows (`isFollowing: true`) or unfollows a person or tag. `targetExists`: the person or tag is
 * there to follow (the API looks it up before deciding). Setting the current value changes nothing.
 */
export interface SetFollow {
  type: 'SetFollow';
  target: FollowTarget;
  targetExists: boolean;
  actor: Actor;
  isFollowing: boolean;
  now: Date;
}

export type FollowCommand = SetFollow;
