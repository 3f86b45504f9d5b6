import type { Actor } from '../posts/authorization';
import type { PostKind } from '../posts/post-kinds';

/**
 * Saves (`isSaved: true`) or unsaves a post on the actor's reading list. `postVisible`: the post
 * exists and the actor may see it (the API reads it before deciding).
 */
export interface SetSaved {
  type: 'SetSaved';
  kind: PostKind;
  postId: number;
  postVisible: boolean;
  actor: Actor;
  isSaved: boolean;
  now: Date;
}

export type ReadingListCommand = SetSaved;
