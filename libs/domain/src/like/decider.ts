import type { Decider } from '../shared/decider';
import { notFound } from '../shared/errors';
import type { LikeCommand, SetLike } from './commands';
import type { LikeEvent } from './events';
import { LIKE_TARGETS } from './like-targets';

export interface LikeState {
  liked: boolean;
}

export const initialLikeState: LikeState = { liked: false };

function setLike(command: SetLike, state: LikeState): LikeEvent[] {
  const { entityType, notFound: notFoundMessage } = LIKE_TARGETS[command.target];
  // Unliking stays possible on an item that disappeared meanwhile; liking needs the item.
  if (command.isLiked && !command.targetVisible) throw notFound(notFoundMessage);
  if (command.isLiked === state.liked) return [];
  const data = { entityType, targetId: command.targetId, accountId: command.actor.accountId, at: command.now.toISOString() };
  return [command.isLiked ? { type: 'Liked', data } : { type: 'Unliked', data }];
}

function decide(command: LikeCommand, state: LikeState): LikeEvent[] {
  switch (command.type) {
    case 'SetLike':
      return setLike(command, state);
  }
}

function evolve(state: LikeState, event: LikeEvent): LikeState {
  switch (event.type) {
    case 'Liked':
      return { liked: true };
    case 'Unliked':
      return { liked: false };
  }
}

/** One like definition for the four targets (SPEC §3 entity types 1-4). */
export const likeDecider: Decider<LikeState, LikeCommand, LikeEvent> = { initialState: initialLikeState, evolve, decide };
