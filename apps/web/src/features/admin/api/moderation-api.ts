import { postKindOf } from '@/config/post-kinds';
import { api } from '@/lib/api-client';
import { EntityType, type GridPostItem } from '@app/contracts';

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

/** GET /api/Moderation/Posts (admin): every post not deleted, newest first, below `lastFetchedId`. */
export function listModerationPosts(lastFetchedId: number, pageSize: number, signal?: AbortSignal): Promise<ModerationPost[]> {
  const query = new URLSearchParams({
    entityType: String(EntityType.ArticleQuestion),
    lastFetchedId: String(lastFetchedId),
    pageSize: String(pageSize),
  });
  return api.get<ModerationPost[]>(`/Moderation/Posts?${query.toString()}`, { signal });
}

/** GET /api/Moderation (admin): the latest moderation actions across all posts. */
export function getRecentModeration(signal?: AbortSignal): Promise<RecentModerationEntry[]> {
  return api.get<RecentModerationEntry[]>('/Moderation', { signal, silent: true });
}

const resourceOf = (entityType: number) => postKindOf(entityType).resource;

/** PUT /api/{Article|Question}/Approve (SPEC §7 Approve request); the result says whether it was applied. */
export function approvePost(post: Pick<GridPostItem, 'id' | 'entityType'>, isApproved: boolean): Promise<boolean> {
  return api.put<boolean>(`/${resourceOf(post.entityType)}/Approve`, { id: post.id, isApproved });
}

/** DELETE /api/{Article|Question}/{id}; the result says whether it was deleted. */
export function deletePost(post: Pick<GridPostItem, 'id' | 'entityType'>): Promise<boolean> {
  return api.delete<boolean>(`/${resourceOf(post.entityType)}/${post.id}`);
}
