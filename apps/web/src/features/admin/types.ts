import type { GridPostItem } from '@app/contracts';

/** A post in the Admin Panel list: a grid post item that also says whether it is published. */
export interface ModerationPost extends GridPostItem {
  isPublished: boolean;
}

export type ModerationAction = 'create' | 'edit' | 'publish' | 'unpublish' | 'approve' | 'unapprove' | 'delete';

/** One entry of GET /api/Moderation, newest first. */
export interface RecentModerationEntry {
  entityType: number;
  postId: number;
  title: string;
  action: ModerationAction;
  actor: string;
  at: string;
}

/** Posts are keyed by kind and id: an article and a question may share an id. */
export const moderationKeyOf = (post: Pick<ModerationPost, 'entityType' | 'id'>) => `${post.entityType}-${post.id}`;
