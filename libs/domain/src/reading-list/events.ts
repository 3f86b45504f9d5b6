import type { ToggleEvent } from '../shared/toggle';
import type { PostEntityType } from '../posts/post-kinds';

/**
 * One person's saving of one post for later (forem's `readinglist` reaction). The stream is per
 * (post, reader), appended with its expected revision: saving twice is one save.
 */
export interface SavedPostData {
  entityType: PostEntityType;
  postId: number;
  /** The reader's opaque account id. */
  accountId: string;
  at: string;
}

export type ReadingListEvent = ToggleEvent<'PostSaved', 'PostUnsaved', SavedPostData>;

export const READING_LIST_EVENTS: readonly ReadingListEvent['type'][] = ['PostSaved', 'PostUnsaved'];

export const READING_LIST_STREAM_PREFIX = 'reading-';
/** `reading-<entityType>-<postId>-<accountId>`. */
export const readingListStreamName = (entityType: PostEntityType, postId: number, accountId: string) =>
  `${READING_LIST_STREAM_PREFIX}${entityType}-${postId}-${accountId}`;
