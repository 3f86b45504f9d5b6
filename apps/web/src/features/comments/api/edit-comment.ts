import type { Comment } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';
import { replaceComment, type CommentPages } from '@/features/comments/lib/comment-pages';

/** PUT /api/ArticleComment or /api/QuestionComment (author or admin): answers the updated comment. */
export function editComment(kind: PostKindConfig, edit: { id: number; content: string }): Promise<Comment> {
  return api.put<Comment>(`/${kind.comments.resource}`, edit);
}

/** Saves an edited comment and shows the server's version in the grid (likes and isLikedByMe stay as they are). */
export function useEditComment(kind: PostKindConfig, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: { id: number; content: string }) => editComment(kind, edit),
    onSuccess: (saved) =>
      queryClient.setQueriesData<CommentPages>({ queryKey: ['comments', kind.kind, postId] }, (data) =>
        replaceComment(data, saved.id, (old) => ({ ...old, content: saved.content, updatedOn: saved.updatedOn })),
      ),
  });
}
