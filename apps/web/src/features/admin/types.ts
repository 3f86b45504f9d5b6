export type ModerationAction =
  | 'create'
  | 'edit'
  | 'publish'
  | 'unpublish'
  | 'approve'
  | 'unapprove'
  | 'delete'
  | 'approve-comment'
  | 'unapprove-comment'
  | 'delete-comment';

/** One entry of GET /api/Moderation, newest first. */
export interface RecentModerationEntry {
  entityType: number;
  postId: number;
  title: string;
  action: ModerationAction;
  actor: string;
  at: string;
}
