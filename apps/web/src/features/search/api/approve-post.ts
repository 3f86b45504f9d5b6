import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKindOf } from '@/config/post-kinds';
import { isPost, updateSearchResults, type PostRef } from '@/features/search/api/update-search-results';
import { api } from '@/lib/api-client';

/** PUT /api/{Article|Question}/Approve (auth, SPEC §7 Approve request); the result says whether it was applied. */
export function approvePost(post: PostRef, isApproved: boolean): Promise<boolean> {
  return api.put<boolean>(`/${postKindOf(post.entityType).resource}/Approve`, { id: post.id, isApproved });
}

/** Approve or unapprove a listed post; its flag flips in the lists only when the server answers true (SPEC §4 Post approval). */
export function useApprovePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, isApproved }: { post: PostRef; isApproved: boolean }) => approvePost(post, isApproved),
    onSuccess: (applied, { post, isApproved }) => {
      if (applied === true)
        updateSearchResults(queryClient, (posts) => posts.map((listed) => (isPost(listed, post) ? { ...listed, isApproved } : listed)));
    },
  });
}
