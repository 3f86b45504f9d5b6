import type { Decider } from '../shared/decider';
import { notFound, validationError } from '../shared/errors';
import type { FollowCommand, SetFollow } from './commands';
import { CANNOT_FOLLOW_YOURSELF, FOLLOWED_TAG_NOT_FOUND, FOLLOWED_USER_NOT_FOUND } from './errors';
import type { FollowEvent } from './events';

export type FollowState = { status: 'notFollowing' } | { status: 'following' };

export const initialFollowState: FollowState = { status: 'notFollowing' };

function setFollow(command: SetFollow, state: FollowState): FollowEvent[] {
  const { target, actor } = command;
  if (target.kind === 'user' && target.accountId === actor.accountId) throw validationError(CANNOT_FOLLOW_YOURSELF);
  // Unfollowing stays possible once the person or tag is gone; following needs them.
  if (command.isFollowing && !command.targetExists)
    throw notFound(target.kind === 'user' ? FOLLOWED_USER_NOT_FOUND : FOLLOWED_TAG_NOT_FOUND);
  if (command.isFollowing === (state.status === 'following')) return [];
  const data = { target, followerId: actor.accountId, at: command.now.toISOString() };
  return [command.isFollowing ? { type: 'Followed', data } : { type: 'Unfollowed', data }];
}

function decide(command: FollowCommand, state: FollowState): FollowEvent[] {
  switch (command.type) {
    case 'SetFollow':
      return setFollow(command, state);
    default: {
      const _exhaustive: never = command.type;
      throw new Error(`Unknown follow command ${String(_exhaustive)}`);
    }
  }
}

function evolve(_state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case 'Followed':
      return { status: 'following' };
    case 'Unfollowed':
      return { status: 'notFollowing' };
  }
}

/** One follow definition for people and tags (forem's polymorphic Follow). */
export const followDecider: Decider<FollowState, FollowCommand, FollowEvent> = { initialState: initialFollowState, evolve, decide };
