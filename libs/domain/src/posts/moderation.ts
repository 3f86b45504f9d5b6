/**
 * `post`: new posts are visible at once and an admin may unapprove them later.
 * `pre`: new posts wait, unapproved, until an admin approves them.
 */
export type ModerationMode = 'post' | 'pre';

export const initialApproval = (mode: ModerationMode): boolean => mode === 'post';
