import type { Decider } from '../shared/decider';
import { notFound } from '../shared/errors';
import { POST_KINDS } from '../posts/post-kinds';
import type { ReadingListCommand, SetSaved } from './commands';
import type { ReadingListEvent } from './events';

export type ReadingListState = { status: 'notSaved' } | { status: 'saved' };

export const initialReadingListState: ReadingListState = { status: 'notSaved' };

function setSaved(command: SetSaved, state: ReadingListState): ReadingListEvent[] {
  const { entityType, notFound: notFoundMessage } = POST_KINDS[command.kind];
  // Unsaving stays possible once the post is gone; saving needs the post.
  if (command.isSaved && !command.postVisible) throw notFound(notFoundMessage);
  if (command.isSaved === (state.status === 'saved')) return [];
  const data = { entityType, postId: command.postId, accountId: command.actor.accountId, at: command.now.toISOString() };
  return [command.isSaved ? { type: 'PostSaved', data } : { type: 'PostUnsaved', data }];
}

function decide(command: ReadingListCommand, state: ReadingListState): ReadingListEvent[] {
  switch (command.type) {
    case 'SetSaved':
      return setSaved(command, state);
    default: {
      const _exhaustive: never = command.type;
      throw new Error(`Unknown reading-list command ${String(_exhaustive)}`);
    }
  }
}

function evolve(_state: ReadingListState, event: ReadingListEvent): ReadingListState {
  switch (event.type) {
    case 'PostSaved':
      return { status: 'saved' };
    case 'PostUnsaved':
      return { status: 'notSaved' };
  }
}

/** A post on one reader's reading list, or not. */
export const readingListDecider: Decider<ReadingListState, ReadingListCommand, ReadingListEvent> = {
  initialState: initialReadingListState,
  evolve,
  decide,
};
