import { isAdmin, type Actor } from './authorization';

/**
 * `post`: new posts are visible at once and an admin may unapprove them later.
 * `pre`: new posts wait, unapproved, until an admin approves them, and so does an approved post
 * its author edits (else approval could be had for one text and used for another).
 */
export type ModerationMode = 'post' | 'pre';

export const initialApproval = (mode: ModerationMode): boolean => mode === 'post';

/** Under pre-moderation an author's change of an approved post's text sends it back for approval; an admin's edit does not. */
export const editNeedsReapproval = (mode: ModerationMode, actor: Actor, isApproved: boolean, textChanged: boolean): boolean =>
  mode === 'pre' && isApproved && textChanged && !isAdmin(actor);
