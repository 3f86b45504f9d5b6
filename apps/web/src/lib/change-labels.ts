import type { ModerationAction, PostChange } from '@app/contracts';

/** What was done to a post, as its history (revisions) and its moderation trail (admins) name it. */
export const CHANGE_LABELS: Record<PostChange | ModerationAction, string> = {
  create: 'Created',
  edit: 'Edited',
  publish: 'Published',
  unpublish: 'Unpublished',
  approve: 'Approved',
  unapprove: 'Unapproved',
  'default-image': 'Default image changed',
  delete: 'Deleted',
  'approve-comment': 'Approved comment',
  'unapprove-comment': 'Unapproved comment',
  'delete-comment': 'Deleted comment',
  'hidden-by-flags': 'Hidden by flags',
  'dismiss-flags': 'Dismissed flags',
  'hide-flagged': 'Hid flagged item',
  'delete-flagged': 'Deleted flagged item',
  // Done to people, never in a post's trail (issue 27).
  suspend: 'Suspended',
  unsuspend: 'Unsuspended',
};
