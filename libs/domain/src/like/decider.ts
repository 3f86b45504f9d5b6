import { notFound } from '../shared/errors';
import { toggleDecider, type ToggleWish } from '../shared/toggle';
import type { LikeCommand } from './commands';
import type { LikeData } from './events';
import { LIKE_TARGETS } from './like-targets';

/** One like definition for the four targets (SPEC §3 entity types 1-4). */
export const likeDecider = toggleDecider({ on: 'Liked', off: 'Unliked' }, (command: LikeCommand): ToggleWish<LikeData> => {
  const { entityType, notFound: notFoundMessage } = LIKE_TARGETS[command.target];
  // Unliking stays possible on an item that disappeared meanwhile; liking needs the item.
  if (command.isLiked && !command.targetVisible) throw notFound(notFoundMessage);
  return {
    on: command.isLiked,
    data: { entityType, targetId: command.targetId, accountId: command.actor.accountId, at: command.now.toISOString() },
  };
});
