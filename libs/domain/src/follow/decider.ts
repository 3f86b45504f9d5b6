import { notFound, validationError } from '../shared/errors';
import { toggleDecider, type ToggleWish } from '../shared/toggle';
import type { FollowCommand } from './commands';
import type { FollowData } from './events';
import { CANNOT_FOLLOW_YOURSELF, FOLLOWED_TAG_NOT_FOUND, FOLLOWED_USER_NOT_FOUND } from './errors';

/** One follow definition for people and tags (forem's polymorphic Follow). */
export const followDecider = toggleDecider({ on: 'Followed', off: 'Unfollowed' }, (command: FollowCommand): ToggleWish<FollowData> => {
  const { target, actor } = command;
  if (target.kind === 'user' && target.accountId === actor.accountId) throw validationError(CANNOT_FOLLOW_YOURSELF);
  // Unfollowing stays possible once the person or tag is gone; following needs them.
  if (command.isFollowing && !command.targetExists)
    throw notFound(target.kind === 'user' ? FOLLOWED_USER_NOT_FOUND : FOLLOWED_TAG_NOT_FOUND);
  return { on: command.isFollowing, data: { target, followerId: actor.accountId, at: command.now.toISOString() } };
});
