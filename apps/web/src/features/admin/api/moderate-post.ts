import type { GridPostItem } from '@app/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { postKindOf } from '@/config/post-kinds';
import { getModerationPostsQueryOptions } from '@/features/admin/api/get-moderation-posts';
import { getRecentModerationQueryOptions } from '@/features/admin/api/get-recent-moderation';
import { moderationKeyOf, type ModerationPost } from '@/features/admin/types';
import { api } from '@/lib/api-client';

type PostRef = Pick<GridPostItem, 'id' | 'entityType'>;

/** PUT /api/{Article|Question}/Approve (SPEC §7 Approve request); the result says whether it was applied. */
export function approvePost(post: PostRef, isApproved: boolean): Promise<boolean> {
  return api.put<boolean>(`/${postKindOf(post.entityType).resource}/Approve`, { id: post.id, isApproved });
}

/** DELETE /api/{Article|Question}/{id}; the result says whether it was deleted. */
export function deletePost(post: PostRef): Promise<boolean> {
  return api.delete<boolean>(`/${postKindOf(post.entityType).resource}/${post.id}`);
}

export type Moderation = { kind: 'approval'; post: ModerationPost; isApproved: boolean } | { kind: 'delete'; post: ModerationPost };

/**
 * Approve/unapprove or delete a post from the Admin Panel. The listed row changes only when the
 * server answers true (the list is not reloaded: its cursor must not move); the recent activity
 * reloads either way, so the admin's action shows at the top.
 */
export function useModeratePost() {
  const queryClient = useQueryClient();
  const listKey = getModerationPostsQueryOptions().queryKey;
  const updateList = (change: (pages: ModerationPost[][]) => ModerationPost[][]) =>
    queryClient.setQueryData<InfiniteData<ModerationPost[], number>>(listKey, (data) => data && { ...data, pages: change(data.pages) });

  return useMutation({
    mutationFn: (moderation: Moderation) =>
      moderation.kind === 'approval' ? approvePost(moderation.post, moderation.isApproved) : deletePost(moderation.post),
    onSuccess: (applied, moderation) => {
      const key = moderationKeyOf(moderation.post);
      if (applied === true && moderation.kind === 'approval') {
        const { isApproved } = moderation;
        updateList((pages) => pages.map((page) => page.map((post) => (moderationKeyOf(post) === key ? { ...post, isApproved } : post))));
      } else if (applied === true) {
        updateList((pages) => pages.map((page) => page.filter((post) => moderationKeyOf(post) !== key)));
      }
      void queryClient.invalidateQueries({ queryKey: getRecentModerationQueryOptions().queryKey });
    },
  });
}
