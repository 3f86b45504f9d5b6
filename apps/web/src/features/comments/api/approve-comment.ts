import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';
import { replaceComment, type CommentPages } from '@/features/comments/lib/comment-pages';

/** PUT /api/ArticleComment/Approve or /api/QuestionComment/Approve (admin): `{ id, isApproved }`, result true. */
export function approveComment(kind: PostKindConfig, approval: { id: number; isApproved: boolean }): Promise<boolean> {
  return api.put<boolean>(`/${kind.comments.resource}/Approve`, approval);
}

/** Approves or unapproves a comment; the grid's flag flips only when the result is true (SPEC §4 approval). */
export function useApproveComment(kind: PostKindConfig, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approval: { id: number; isApproved: boolean }) => approveComment(kind, approval),
    onSuccess: (done, { id, isApproved }) => {
      if (done)
        queryClient.setQueriesData<CommentPages>({ queryKey: ['comments', kind.kind, postId] }, (data) =>
          replaceComment(data, id, (old) => ({ ...old, isApproved })),
        );
    },
  });
}
