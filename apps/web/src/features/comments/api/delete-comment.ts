import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';
import { removeComment, type CommentPages } from '@/features/comments/lib/comment-pages';

/** DELETE /api/ArticleComment/{id} or /api/QuestionComment/{id} (author or admin): result true. */
export function deleteComment(kind: PostKindConfig, id: number): Promise<boolean> {
  return api.delete<boolean>(`/${kind.comments.resource}/${id}`);
}

/** Deletes a comment; on result true it leaves the grid (SPEC §4 Delete). */
export function useDeleteComment(kind: PostKindConfig, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(kind, id),
    onSuccess: (deleted, id) => {
      if (deleted)
        queryClient.setQueriesData<CommentPages>({ queryKey: ['comments', kind.kind, postId] }, (data) => removeComment(data, id));
    },
  });
}
