import type { Decider } from '../shared/decider';
import { notFound } from '../shared/errors';
import type { LikeCommand, SetLike } from './commands';
import type { LikeEvent } from './events';
import { LIKE_TARGETS } from './like-targets';

/** A reader's like of one item: it stands or it does not (never liked, or unliked). */
export type LikeState = { status: 'notLiked' } | { status: 'liked' };

export const initialLikeState: LikeState = { status: 'notLiked' };

function setLike(command: SetLike, state: LikeState): LikeEvent[] {
  const { entityType, notFound: notFoundMessage } = LIKE_TARGETS[command.target];
  // Unliking stays possible on an item that disappeared meanwhile; liking needs the item.
  if (command.isLiked && !command.targetVisible) throw notFound(notFoundMessage);
  if (command.isLiked === (state.status === 'liked')) return [];
  const data = { entityType, targetId: command.targetId, accountId: command.actor.accountId, at: command.now.toISOString() };
  return [command.isLiked ? { type: 'Liked', data } : { type: 'Unliked', data }];
}

function decide(command: LikeCommand, state: LikeState): LikeEvent[] {
  switch (command.type) {
    case 'SetLike':
      return setLike(command, state);
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

function evolve(state: LikeState, event: LikeEvent): LikeState {
  switch (event.type) {
    case 'Liked':
      return { status: 'liked' };
    case 'Unliked':
      return { status: 'notLiked' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** One like definition for the four targets (SPEC §3 entity types 1-4). */
export const likeDecider: Decider<LikeState, LikeCommand, LikeEvent> = { initialState: initialLikeState, evolve, decide };
