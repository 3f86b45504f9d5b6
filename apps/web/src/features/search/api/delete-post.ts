import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKindOf } from '@/config/post-kinds';
import { isPost, updateSearchResults, type PostRef } from '@/features/search/api/update-search-results';
import { api } from '@/lib/api-client';

/** DELETE /api/{Article|Question}/{id} (auth); the result says whether it was deleted. */
export function deletePost(post: PostRef): Promise<boolean> {
  return api.delete<boolean>(`/${postKindOf(post.entityType).resource}/${post.id}`);
}

/** Delete a listed post; it leaves the lists only when the server answers true (SPEC §4 Delete). */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostRef) => deletePost(post),
    onSuccess: (deleted, post) => {
      if (deleted === true) updateSearchResults(queryClient, (posts) => posts.filter((listed) => !isPost(listed, post)));
    },
  });
}
