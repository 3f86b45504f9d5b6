import { notFound } from '../shared/errors';
import { toggleDecider, type ToggleWish } from '../shared/toggle';
import { POST_KINDS } from '../posts/post-kinds';
import type { ReadingListCommand } from './commands';
import type { SavedPostData } from './events';

/** A post on one reader's reading list, or not. */
export const readingListDecider = toggleDecider(
  { on: 'PostSaved', off: 'PostUnsaved' },
  (command: ReadingListCommand): ToggleWish<SavedPostData> => {
    const { entityType, notFound: notFoundMessage } = POST_KINDS[command.kind];
    // Unsaving stays possible once the post is gone; saving needs the post.
    if (command.isSaved && !command.postVisible) throw notFound(notFoundMessage);
    return {
      on: command.isSaved,
      data: { entityType, postId: command.postId, accountId: command.actor.accountId, at: command.now.toISOString() },
    };
  },
);
